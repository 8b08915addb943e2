-- Failed Strong Customer Authentication codes per customer: after too many in a row the customer
-- is locked out of authorizing payments for a while (423 ACCOUNT_LOCKED).
CREATE TABLE sca_lockouts (
    customer_id     UUID PRIMARY KEY REFERENCES customers (id),
    failed_attempts INTEGER NOT NULL CHECK (failed_attempts > 0),
    locked_until    TIMESTAMPTZ,
    updated_at      TIMESTAMPTZ NOT NULL
);
