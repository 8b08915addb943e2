-- Virtual debit cards bound to one internal account (the funding source), and their transactions.

CREATE TABLE cards (
    id                          UUID PRIMARY KEY,
    customer_id                 UUID          NOT NULL REFERENCES customers (id),
    status                      VARCHAR(16)   NOT NULL,
    status_reason               VARCHAR(24),
    form                        VARCHAR(16)   NOT NULL,
    funding_account_id          UUID          NOT NULL REFERENCES internal_accounts (id),
    platform_card_id            VARCHAR(64)   NOT NULL,
    currency                    VARCHAR(8)    NOT NULL,
    brand                       VARCHAR(16),
    last4                       VARCHAR(4),
    exp_month                   INTEGER,
    exp_year                    INTEGER,
    max_spend_per_transaction   BIGINT,
    max_spend_per_day           BIGINT,
    max_transactions_per_day    INTEGER,
    -- The funding account's card capabilities when the card was issued (fixed for its lifetime), JSON.
    capabilities                TEXT          NOT NULL,
    processor_ref               VARCHAR(64)   NOT NULL,
    issuer_ref                  VARCHAR(64)   NOT NULL,
    -- PAN, expiry and CVV, sealed with SVC_SECRETS_KEY once the issuer provisioned the card.
    sealed_details              TEXT,
    -- Approved authorizations on usage_day (UTC, on the server clock): what the daily limits count.
    usage_day                   DATE,
    usage_amount                BIGINT        NOT NULL DEFAULT 0,
    usage_count                 INTEGER       NOT NULL DEFAULT 0,
    created_at                  TIMESTAMPTZ   NOT NULL,
    updated_at                  TIMESTAMPTZ   NOT NULL
);
CREATE INDEX cards_customer ON cards (customer_id, id);
CREATE INDEX cards_funding_account ON cards (funding_account_id, id);
CREATE UNIQUE INDEX cards_platform_card_id ON cards (platform_card_id);

-- One row per authorization (DEBIT or CREDIT) and one per merchant return (CREDIT, linked to its
-- purchase by original_transaction_id). The amounts add up: pulled = settled + returned + open,
-- where open is what the card settlement account still holds for the row.
CREATE TABLE card_transactions (
    id                          UUID PRIMARY KEY,
    card_id                     UUID          NOT NULL REFERENCES cards (id),
    customer_id                 UUID          NOT NULL REFERENCES customers (id),
    platform_customer_id        VARCHAR(255),
    account_id                  UUID          NOT NULL REFERENCES internal_accounts (id),
    -- AUTHORIZATION, FINANCIAL, BALANCE_INQUIRY, CREDIT_AUTHORIZATION, CREDIT_ADVICE, FINANCIAL_CREDIT, RETURN.
    kind                        VARCHAR(24)   NOT NULL,
    direction                   VARCHAR(6)    NOT NULL,
    status                      VARCHAR(16)   NOT NULL,
    currency                    VARCHAR(8)    NOT NULL,
    authorized_amount           BIGINT        NOT NULL,
    settled_amount              BIGINT        NOT NULL DEFAULT 0,
    refunded_amount             BIGINT        NOT NULL DEFAULT 0,
    -- Taken from the funding account (DEBIT rows), given back to it, and not covered (the loss).
    pulled_amount               BIGINT        NOT NULL DEFAULT 0,
    returned_amount             BIGINT        NOT NULL DEFAULT 0,
    loss_amount                 BIGINT        NOT NULL DEFAULT 0,
    -- Of a loss, what merchant returns gave back to the losses account (a purchase the service
    -- paid for is refunded to the service first, not to the cardholder); on a return row, its part.
    recovered_amount            BIGINT        NOT NULL DEFAULT 0,
    pull_count                  INTEGER       NOT NULL DEFAULT 0,
    -- A pull the issuer has not confirmed yet: held on the funding account, not yet taken.
    pending_pull_amount         BIGINT        NOT NULL DEFAULT 0,
    settlement_count            INTEGER       NOT NULL DEFAULT 0,
    refund_count                INTEGER       NOT NULL DEFAULT 0,
    original_transaction_id     UUID          REFERENCES card_transactions (id),
    declined_reason             VARCHAR(32),
    -- descriptor, mcc, country, city, state as JSON.
    merchant                    TEXT          NOT NULL,
    -- The descriptor's issuer signal (sandbox suffixes), kept for the row's later events.
    signal                      VARCHAR(24),
    issuer_transaction_token    VARCHAR(64)   NOT NULL,
    authorized_at               TIMESTAMPTZ   NOT NULL,
    last_event_at               TIMESTAMPTZ   NOT NULL,
    created_at                  TIMESTAMPTZ   NOT NULL,
    updated_at                  TIMESTAMPTZ   NOT NULL
);
CREATE INDEX card_transactions_card ON card_transactions (card_id, id);
CREATE INDEX card_transactions_customer ON card_transactions (customer_id, id);
CREATE INDEX card_transactions_original ON card_transactions (original_transaction_id) WHERE original_transaction_id IS NOT NULL;

-- Network events (clearings, returns, advices, ...) already applied: each applies once, however
-- often its job runs.
CREATE TABLE card_network_events (
    token                       UUID PRIMARY KEY,
    card_id                     UUID          NOT NULL REFERENCES cards (id),
    kind                        VARCHAR(40)   NOT NULL,
    applied_at                  TIMESTAMPTZ   NOT NULL
);

-- Who revealed which card's details, when (never the details or the link).
CREATE TABLE card_reveals (
    id                          UUID PRIMARY KEY,
    card_id                     UUID          NOT NULL REFERENCES cards (id),
    actor                       VARCHAR(255)  NOT NULL,
    -- SHA-256 of the single-use link's secret; used_at set when the page was shown.
    secret_hash                 VARCHAR(64)   NOT NULL UNIQUE,
    expires_at                  TIMESTAMPTZ   NOT NULL,
    used_at                     TIMESTAMPTZ,
    created_at                  TIMESTAMPTZ   NOT NULL
);
