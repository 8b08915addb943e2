-- When the wallet provider's activity behind an accepted signed retry settles (the spec's
-- WalletOperationProcessing): until then the identical retry answers PROCESSING; null: at once.
ALTER TABLE wallet_requests ADD COLUMN settles_at TIMESTAMPTZ;
