-- The NACHA ACH rail (bankfile.AchRail) queues its payouts with the ISO rail's: each payout's file format,
-- and what an ACH entry carries beyond a pain.001 line. An ACH payout's end_to_end_id is its trace number.
ALTER TABLE bank_payouts ADD COLUMN format VARCHAR(8) NOT NULL DEFAULT 'PAIN001';
ALTER TABLE bank_payouts ADD COLUMN account_type VARCHAR(8);
ALTER TABLE bank_payouts ADD COLUMN entry_class VARCHAR(3);
ALTER TABLE bank_payouts ADD COLUMN effective_date DATE;
-- The bank account paid: a notification of change corrects it.
ALTER TABLE bank_payouts ADD COLUMN external_account_id UUID;
DROP INDEX bank_payouts_queued;
CREATE INDEX bank_payouts_queued ON bank_payouts (format, created_at) WHERE status = 'QUEUED';
-- ACH credits settle on their effective date unless returned before.
CREATE INDEX bank_payouts_ach_batched ON bank_payouts (effective_date) WHERE status = 'BATCHED' AND format = 'NACHA';

-- The last 7 digits of ACH trace numbers (the first 8 are the originating bank's routing number).
CREATE SEQUENCE ach_trace_numbers MINVALUE 1 MAXVALUE 9999999 CYCLE;

-- A notification of change (NACHA COR entry, C01-C13) as received, and what it changed on the external account.
CREATE TABLE external_account_changes (
    id                   UUID         PRIMARY KEY,
    external_account_id  UUID         NOT NULL,
    change_code          VARCHAR(3)   NOT NULL,
    -- Each corrected detail with its old and new value, account numbers masked to their last four digits.
    changes              TEXT         NOT NULL,
    applied              BOOLEAN      NOT NULL,
    detail               TEXT         NOT NULL,
    original_trace       VARCHAR(15)  NOT NULL,
    file_sha256          VARCHAR(64)  NOT NULL,
    created_at           TIMESTAMPTZ  NOT NULL
);
CREATE INDEX external_account_changes_account ON external_account_changes (external_account_id, created_at);
