-- SEPA direct debit mandates: the holder's authorization, kept by the platform (the creditor), for this server to
-- collect from their IBAN. One in force per external account; a replaced or revoked one is kept with who ended it.
CREATE TABLE direct_debit_mandates (
    id                   UUID          PRIMARY KEY,
    external_account_id  UUID          NOT NULL REFERENCES external_accounts (id),
    mandate_id           VARCHAR(35)   NOT NULL,
    signed_on            DATE          NOT NULL,
    recorded_by          VARCHAR(255)  NOT NULL,
    recorded_at          TIMESTAMPTZ   NOT NULL,
    last_collected_on    DATE,
    ended_by             VARCHAR(255),
    ended_at             TIMESTAMPTZ
);
CREATE UNIQUE INDEX direct_debit_mandates_in_force ON direct_debit_mandates (external_account_id) WHERE ended_at IS NULL;

-- A mandate's reference is the creditor's, unique among those in force.
CREATE UNIQUE INDEX direct_debit_mandates_reference ON direct_debit_mandates (mandate_id) WHERE ended_at IS NULL;

-- A pull on the ISO rail is a pain.008 collection under its mandate (FRST for the mandate's first, RCUR after),
-- due on its effective_date.
ALTER TABLE bank_payouts ADD COLUMN mandate_id VARCHAR(35),
                         ADD COLUMN mandate_signed_on DATE,
                         ADD COLUMN sequence_type VARCHAR(4);
