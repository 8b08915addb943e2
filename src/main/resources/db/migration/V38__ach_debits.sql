-- ACH debits (pulls from the holder's own US bank account) queue with the payouts: which way the entry moves money.
ALTER TABLE bank_payouts ADD COLUMN leg VARCHAR(8) NOT NULL DEFAULT 'PAYOUT';

-- The compliance staff's check of an external account's holder name, made where the rail cannot check it
-- (production: ACH carries no name check): each kept, the latest on the account. Never deleted.
CREATE TABLE holder_name_checks (
    id                   UUID          PRIMARY KEY,
    external_account_id  UUID          NOT NULL REFERENCES external_accounts (id),
    result               VARCHAR(16)   NOT NULL,
    verified_name        VARCHAR(255),
    reason               VARCHAR(1024) NOT NULL,
    actor                VARCHAR(255)  NOT NULL,
    created_at           TIMESTAMPTZ   NOT NULL
);
CREATE INDEX holder_name_checks_account ON holder_name_checks (external_account_id, created_at);
