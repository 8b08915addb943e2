-- A quote executed at once between two internal accounts keeps no quotes row (issue 48: a row and
-- three index entries per transfer): it shares its transaction's id and is served from that
-- transaction. The one thing the transaction did not hold is the quote's expiry.
ALTER TABLE transactions ADD COLUMN quote_expires_at TIMESTAMPTZ;
