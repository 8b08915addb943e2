-- The plain-SQL transfer: one insert and two balance updates in one transaction, rows locked in
-- id order (as the server's ledger does) so concurrent transfers cannot deadlock.
\set a random(1, :accounts)
\set b random(1, :accounts)
\set amount random(1, 100)
\set lo least(:a, :b)
\set hi greatest(:a, :b)
BEGIN;
UPDATE bench_accounts SET balance = balance + CASE WHEN id = :a THEN -:amount ELSE :amount END WHERE id = :lo;
UPDATE bench_accounts SET balance = balance + CASE WHEN id = :a THEN -:amount ELSE :amount END WHERE id = :hi AND :hi <> :lo;
INSERT INTO bench_transfers (source, destination, amount) VALUES (:a, :b, :amount);
END;
