-- The single-row ceiling: every transaction updates the same row, so they commit one at a time.
BEGIN;
UPDATE bench_accounts SET balance = balance + 1 WHERE id = 1;
END;
