-- The database asserts what the ledger already guarantees, so that a bug in the code that moves
-- money fails its transaction instead of committing an impossible state.
-- Customer and platform internal accounts never overdraw: their available balance is not
-- negative, and their total (available plus held) is never below what is available.
ALTER TABLE internal_accounts
    ADD CONSTRAINT internal_accounts_available_not_negative CHECK (available_balance >= 0),
    ADD CONSTRAINT internal_accounts_total_covers_available CHECK (total_balance >= available_balance);

-- Entries sit in one of the two buckets. Entries on the service's system accounts (rail
-- settlement, sandbox funding, fees, FX position, suspense: Journal.SystemAccount, the one place
-- that names them) have no stored balance and may go negative: they are left unconstrained.
ALTER TABLE ledger_entries
    ADD CONSTRAINT ledger_entries_bucket CHECK (bucket IN ('AVAILABLE', 'HELD'));
