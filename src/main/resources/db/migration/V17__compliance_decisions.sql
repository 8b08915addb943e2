-- The operator review queue's audit log: who decided which verification, how, when and why.
CREATE TABLE compliance_decisions (
    id                          UUID PRIMARY KEY,
    verification_id             UUID          NOT NULL REFERENCES verifications (id),
    customer_id                 UUID          NOT NULL REFERENCES customers (id),
    decision                    VARCHAR(20)   NOT NULL,
    reason                      VARCHAR(1024),
    actor                       VARCHAR(255)  NOT NULL,
    created_at                  TIMESTAMPTZ   NOT NULL
);
CREATE INDEX compliance_decisions_by_customer ON compliance_decisions (customer_id, created_at);
