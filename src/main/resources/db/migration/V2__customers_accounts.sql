-- Customers, internal accounts (balances held here, moved by the ledger) and external accounts.

CREATE TABLE customers (
    id                    UUID PRIMARY KEY,
    platform_customer_id  VARCHAR(255) NOT NULL,
    customer_type         VARCHAR(16)  NOT NULL,
    region                VARCHAR(2),
    -- ",USD,USDC,": delimited so a currency filter is a plain LIKE on any SQL engine.
    currencies            VARCHAR(1024) NOT NULL,
    email                 VARCHAR(320),
    phone_number          VARCHAR(16),
    uma_address           VARCHAR(255) NOT NULL,
    -- kycStatus of an individual, kybStatus of a business.
    verification_status   VARCHAR(16)  NOT NULL,
    -- The other wire fields (name, address, business info, due diligence), as JSON.
    profile               TEXT         NOT NULL,
    -- Write-only tax identifier: accepted, never returned.
    identifier            VARCHAR(64),
    terms_consent         TEXT,
    agreement_consents    TEXT,
    contact_verification  TEXT,
    created_at            TIMESTAMPTZ  NOT NULL,
    updated_at            TIMESTAMPTZ  NOT NULL,
    deleted_at            TIMESTAMPTZ
);
CREATE UNIQUE INDEX customers_platform_customer_id ON customers (platform_customer_id) WHERE deleted_at IS NULL;
CREATE UNIQUE INDEX customers_uma_address ON customers (uma_address) WHERE deleted_at IS NULL;
CREATE INDEX customers_created ON customers (created_at);

CREATE TABLE internal_accounts (
    id                    UUID PRIMARY KEY,
    customer_id           UUID REFERENCES customers (id),
    type                  VARCHAR(16)  NOT NULL,
    currency              VARCHAR(8)   NOT NULL,
    status                VARCHAR(16)  NOT NULL,
    label                 VARCHAR(255),
    available_balance     BIGINT       NOT NULL DEFAULT 0,
    total_balance         BIGINT       NOT NULL DEFAULT 0,
    funding_instructions  TEXT         NOT NULL,
    sweep_rule            TEXT,
    private_enabled       BOOLEAN,
    created_at            TIMESTAMPTZ  NOT NULL,
    updated_at            TIMESTAMPTZ  NOT NULL
);
-- One provisioned account per holder, type and currency; RULE_BASED accounts are extra numbers.
CREATE UNIQUE INDEX internal_accounts_customer_slot ON internal_accounts (customer_id, type, currency)
    WHERE customer_id IS NOT NULL AND type <> 'RULE_BASED';
CREATE UNIQUE INDEX internal_accounts_platform_slot ON internal_accounts (type, currency)
    WHERE customer_id IS NULL AND type <> 'RULE_BASED';

CREATE TABLE external_accounts (
    id                               UUID PRIMARY KEY,
    customer_id                      UUID REFERENCES customers (id),
    currency                         VARCHAR(8)   NOT NULL,
    account_type                     VARCHAR(32)  NOT NULL,
    -- Normalised routing and account identifiers, to refuse the same account twice.
    identity_key                     VARCHAR(600) NOT NULL,
    status                           VARCHAR(40)  NOT NULL,
    platform_account_id              VARCHAR(255),
    ownership_type                   VARCHAR(16),
    default_uma_deposit              BOOLEAN      NOT NULL DEFAULT FALSE,
    beneficiary_verification_status  VARCHAR(32),
    beneficiary_verified_name        VARCHAR(255),
    account_info                     TEXT         NOT NULL,
    created_at                       TIMESTAMPTZ  NOT NULL,
    updated_at                       TIMESTAMPTZ  NOT NULL,
    deleted_at                       TIMESTAMPTZ
);
CREATE UNIQUE INDEX external_accounts_customer_identity ON external_accounts (customer_id, currency, identity_key)
    WHERE customer_id IS NOT NULL AND deleted_at IS NULL;
CREATE UNIQUE INDEX external_accounts_platform_identity ON external_accounts (currency, identity_key)
    WHERE customer_id IS NULL AND deleted_at IS NULL;
CREATE UNIQUE INDEX external_accounts_default_uma ON external_accounts (customer_id)
    WHERE default_uma_deposit AND deleted_at IS NULL;
