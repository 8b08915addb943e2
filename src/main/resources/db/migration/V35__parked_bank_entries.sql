-- What an operator decided about a parked bank entry (bankfile.ParkedEntries), and the money it parked.
-- suspense_amount: what parking it booked into SUSPENSE (positive, a credit) or out of it (negative, a debit); null: none.
ALTER TABLE bank_unmatched ADD COLUMN suspense_amount BIGINT;
ALTER TABLE bank_unmatched ADD COLUMN resolution VARCHAR(16);
ALTER TABLE bank_unmatched ADD COLUMN resolution_account_id UUID;
ALTER TABLE bank_unmatched ADD COLUMN resolution_transaction_id UUID;
ALTER TABLE bank_unmatched ADD COLUMN reason TEXT;
ALTER TABLE bank_unmatched ADD COLUMN resolved_by VARCHAR(200);
ALTER TABLE bank_unmatched ADD COLUMN resolved_at TIMESTAMPTZ;
CREATE INDEX bank_unmatched_open ON bank_unmatched (created_at) WHERE resolved_at IS NULL;

-- Entries parked before this column: their detail says which way the money went.
UPDATE bank_unmatched SET suspense_amount = amount WHERE amount IS NOT NULL AND detail LIKE '%; booked to SUSPENSE';
UPDATE bank_unmatched SET suspense_amount = -amount WHERE amount IS NOT NULL AND detail LIKE '%; booked out of SUSPENSE';
