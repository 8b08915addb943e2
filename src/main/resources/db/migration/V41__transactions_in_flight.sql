-- The payments still on their way, counted each minute by every instance (payments.transactions.in.flight):
-- a partial index holds only them, so the count never scans the table. A payment saved already settled (an
-- internal transfer) never enters it; one that moves through PENDING and PROCESSING enters and leaves it.
CREATE INDEX transactions_in_flight ON transactions (status) WHERE status IN ('PENDING', 'PENDING_AUTHORIZATION', 'PROCESSING');
