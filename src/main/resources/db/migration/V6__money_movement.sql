-- Money movement: the double-entry journal, payment transactions and quotes.

-- One balanced posting: its entries sum to zero per currency. Never updated or deleted; a
-- correction or refund is a new ledger transaction.
CREATE TABLE ledger_transactions (
    id              UUID PRIMARY KEY,
    -- What the posting does: FUNDING, HOLD, SETTLEMENT, RELEASE, RETURN, REFUND, ...
    kind            VARCHAR(24)  NOT NULL,
    -- The payment transaction it belongs to, if any.
    transaction_id  UUID,
    created_at      TIMESTAMPTZ  NOT NULL
);
-- Each step of a payment posts once, whoever runs it and however often.
CREATE UNIQUE INDEX ledger_transactions_step ON ledger_transactions (transaction_id, kind)
    WHERE transaction_id IS NOT NULL;

CREATE TABLE ledger_entries (
    id                     UUID PRIMARY KEY,
    ledger_transaction_id  UUID         NOT NULL REFERENCES ledger_transactions (id),
    -- Either an internal account (whose stored balances the entry moves) or a system account of
    -- the service itself (rail settlement, fees, FX position, sandbox funding), which has no
    -- stored balance and may go negative.
    account_id             UUID REFERENCES internal_accounts (id),
    system_account         VARCHAR(40),
    -- AVAILABLE counts in an account's balance; HELD only in its totalBalance (pending outflows).
    bucket                 VARCHAR(9)   NOT NULL,
    currency               VARCHAR(8)   NOT NULL,
    amount                 BIGINT       NOT NULL,
    created_at             TIMESTAMPTZ  NOT NULL,
    CHECK ((account_id IS NULL) <> (system_account IS NULL))
);
CREATE INDEX ledger_entries_ledger_transaction ON ledger_entries (ledger_transaction_id);
CREATE INDEX ledger_entries_account ON ledger_entries (account_id) WHERE account_id IS NOT NULL;

CREATE TABLE transactions (
    id                              UUID PRIMARY KEY,
    type                            VARCHAR(8)    NOT NULL,
    direction                       VARCHAR(6)    NOT NULL,
    status                          VARCHAR(24)   NOT NULL,
    -- NULL for payments made on behalf of the platform itself.
    customer_id                     UUID REFERENCES customers (id),
    platform_customer_id            VARCHAR(255),
    quote_id                        UUID,
    -- The wire's source and destination objects, as JSON.
    source                          TEXT          NOT NULL,
    destination                     TEXT          NOT NULL,
    source_account_id               UUID,
    destination_account_id          UUID,
    -- Account ids or addresses on either side, for the accountIdentifier filters.
    sender_identifier               VARCHAR(255),
    receiver_identifier             VARCHAR(255),
    sent_amount                     BIGINT,
    sent_currency                   VARCHAR(8),
    received_amount                 BIGINT,
    received_currency               VARCHAR(8),
    exchange_rate                   NUMERIC(38, 18),
    fees                            BIGINT,
    platform_fees                   BIGINT,
    description                     VARCHAR(1024),
    pending_reason                  VARCHAR(40),
    failure_reason                  VARCHAR(40),
    -- Sandbox rail: the outcome the destination's identifier chose, fixed at execution.
    rail_outcome                    VARCHAR(32),
    refund                          TEXT,
    reference                       VARCHAR(64),
    counterparty_information        TEXT,
    rate_details                    TEXT,
    payment_rail                    VARCHAR(32),
    settled_at                      TIMESTAMPTZ,
    receipt_delivery_confirmed_at   TIMESTAMPTZ,
    created_at                      TIMESTAMPTZ   NOT NULL,
    updated_at                      TIMESTAMPTZ   NOT NULL
);
CREATE INDEX transactions_customer ON transactions (customer_id, id);
CREATE INDEX transactions_source_account ON transactions (source_account_id, created_at);
CREATE INDEX transactions_reference ON transactions (reference);

CREATE TABLE quotes (
    id                       UUID PRIMARY KEY,
    status                   VARCHAR(24)   NOT NULL,
    customer_id              UUID REFERENCES customers (id),
    transaction_id           UUID          NOT NULL REFERENCES transactions (id),
    source                   TEXT          NOT NULL,
    destination              TEXT          NOT NULL,
    source_account_id        UUID,
    -- A pull from the payer's own bank account (transfer-in).
    source_external_account_id UUID,
    destination_account_id   UUID,
    external_account_id      UUID,
    sending_currency         VARCHAR(8)    NOT NULL,
    receiving_currency       VARCHAR(8)    NOT NULL,
    total_sending_amount     BIGINT        NOT NULL,
    total_receiving_amount   BIGINT        NOT NULL,
    exchange_rate            NUMERIC(38, 18) NOT NULL,
    fees_included            BIGINT        NOT NULL,
    platform_fees_included   BIGINT        NOT NULL,
    rate_details             TEXT          NOT NULL,
    payment_instructions     TEXT,
    counterparty_information TEXT,
    -- description, remittanceInformation, purposeOfPayment, senderCustomerInfo as sent.
    request                  TEXT          NOT NULL,
    sca_challenge            TEXT,
    expires_at               TIMESTAMPTZ   NOT NULL,
    created_at               TIMESTAMPTZ   NOT NULL,
    updated_at               TIMESTAMPTZ   NOT NULL
);
CREATE INDEX quotes_transaction ON quotes (transaction_id);

-- A receiver lookup (GET /receiver/...): what the receiver accepts and which payer data it needs,
-- referenced by a later quote's lookupId.
CREATE TABLE receiver_lookups (
    id               UUID PRIMARY KEY,
    -- The UMA address or the external account id looked up.
    receiver         VARCHAR(255) NOT NULL,
    customer_id      UUID,
    -- CounterpartyFieldDefinition list, JSON.
    required_fields  TEXT         NOT NULL,
    created_at       TIMESTAMPTZ  NOT NULL,
    expires_at       TIMESTAMPTZ  NOT NULL
);
