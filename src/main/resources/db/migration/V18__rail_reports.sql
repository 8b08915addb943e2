-- A payment's outcome is no longer decided when it is executed: the rail reports it later
-- (transaction.PaymentRail, transaction.Payments#report). The column that kept the decision goes.
ALTER TABLE transactions DROP COLUMN rail_outcome;
