-- A packet waiting for a decision when the customer's identity or documents change is superseded by
-- a new packet on the new data: it keeps its status on the wire but is no longer waiting, so the
-- compliance desk (which may have read the old data) can no longer decide it (409), nor can the
-- sandbox's rules. superseded_by names the packet that took its place.
ALTER TABLE verifications ADD COLUMN superseded_at TIMESTAMPTZ;
ALTER TABLE verifications ADD COLUMN superseded_by UUID REFERENCES verifications (id);
