DROP TABLE IF EXISTS bench_transfers;
DROP TABLE IF EXISTS bench_accounts;
CREATE TABLE bench_accounts (id INTEGER PRIMARY KEY, balance BIGINT NOT NULL);
INSERT INTO bench_accounts SELECT i, 1000000000 FROM generate_series(1, :accounts) AS i;
CREATE TABLE bench_transfers (id BIGSERIAL PRIMARY KEY, source INTEGER NOT NULL, destination INTEGER NOT NULL,
                              amount BIGINT NOT NULL, created_at TIMESTAMPTZ NOT NULL DEFAULT now());
