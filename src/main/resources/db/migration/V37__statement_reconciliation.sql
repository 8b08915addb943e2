-- The bank's end-of-day statements (camt.053) reconciled against the RAIL ledger account (bankfile.Reconciliations).

-- One report per statement: what the bank said the account held, and how many of its lines need a person.
CREATE TABLE bank_statements (
    id               UUID         PRIMARY KEY,
    file_sha256      VARCHAR(64)  NOT NULL,
    statement_id     VARCHAR(35)  NOT NULL,
    account          VARCHAR(34),
    currency         VARCHAR(3)   NOT NULL,
    period_end       TIMESTAMPTZ  NOT NULL,
    opening_balance  BIGINT,
    closing_balance  BIGINT,
    entries          INTEGER      NOT NULL,
    matched          INTEGER      NOT NULL,
    unresolved       INTEGER      NOT NULL,
    created_at       TIMESTAMPTZ  NOT NULL
);
CREATE INDEX bank_statements_account ON bank_statements (account, currency, created_at);

-- A line of a report: a group of statement entries and RAIL ledger entries that moved money for the same thing
-- (a payment, a parked entry, a file's batch), or one side alone. Amounts as the bank sees them: credits positive.
CREATE TABLE bank_statement_lines (
    id                UUID          PRIMARY KEY,
    statement_id      UUID          NOT NULL REFERENCES bank_statements (id),
    status            VARCHAR(20)   NOT NULL,
    matched_on        VARCHAR(140),
    bank_amount       BIGINT,
    ledger_amount     BIGINT,
    bank_references   TEXT,
    end_to_end_id     VARCHAR(35),
    batch_id          VARCHAR(35),
    booking_date      DATE,
    ledger_entries    INTEGER       NOT NULL,
    first_booked_at   TIMESTAMPTZ,
    resolution        VARCHAR(20),
    reason            TEXT,
    resolved_by       VARCHAR(200),
    resolved_at       TIMESTAMPTZ
);
CREATE INDEX bank_statement_lines_statement ON bank_statement_lines (statement_id, id);
CREATE INDEX bank_statement_lines_open ON bank_statement_lines (statement_id) WHERE status <> 'MATCHED' AND resolved_at IS NULL;

-- A RAIL ledger entry the bank's statement accounted for: never matched again.
CREATE TABLE bank_reconciled_entries (
    ledger_entry_id  UUID  PRIMARY KEY,
    line_id          UUID  NOT NULL
);

-- The payment a booked bank entry moved money for (a deposit, a realtime-funded quote's payment).
ALTER TABLE bank_entries_booked ADD COLUMN transaction_id UUID;
CREATE INDEX bank_entries_booked_at ON bank_entries_booked (booked_at) WHERE transaction_id IS NOT NULL;
CREATE INDEX bank_payouts_created ON bank_payouts (created_at);
CREATE INDEX bank_unmatched_created ON bank_unmatched (created_at);
CREATE INDEX bank_unmatched_reference ON bank_unmatched (bank_reference) WHERE bank_reference IS NOT NULL;
