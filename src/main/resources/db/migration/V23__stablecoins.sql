-- Stablecoin issuance through a provider: the platform's links to provider accounts (credentials
-- sealed at rest), the provider-created tokens registered here, and their mints and burns.
CREATE TABLE stablecoin_provider_accounts (
    id                    UUID PRIMARY KEY,
    provider              VARCHAR(16)  NOT NULL,
    provider_account_id   VARCHAR(64)  NOT NULL,
    provider_environment  VARCHAR(16)  NOT NULL,
    status                VARCHAR(16)  NOT NULL,
    api_client_id         VARCHAR(255) NOT NULL,
    api_client_secret     TEXT         NOT NULL,
    last_verified_at      TIMESTAMPTZ,
    created_at            TIMESTAMPTZ  NOT NULL,
    updated_at            TIMESTAMPTZ  NOT NULL
);
-- One live link per provider account: linking it again is a conflict, not a second link.
CREATE UNIQUE INDEX stablecoin_provider_accounts_live ON stablecoin_provider_accounts (provider, provider_account_id)
    WHERE status <> 'REVOKED';

CREATE TABLE stablecoins (
    id                              UUID PRIMARY KEY,
    name                            VARCHAR(255) NOT NULL,
    symbol                          VARCHAR(32)  NOT NULL,
    base_currency                   VARCHAR(8)   NOT NULL,
    network                         VARCHAR(16)  NOT NULL,
    decimals                        INTEGER      NOT NULL,
    issuance_status                 VARCHAR(16)  NOT NULL,
    grid_operations_status          VARCHAR(16)  NOT NULL,
    network_token_identifier        VARCHAR(255) NOT NULL,
    currency                        VARCHAR(16),
    provider                        VARCHAR(16)  NOT NULL,
    stablecoin_provider_account_id  UUID         NOT NULL REFERENCES stablecoin_provider_accounts (id),
    provider_environment            VARCHAR(16)  NOT NULL,
    provider_token_identifier       VARCHAR(255) NOT NULL,
    created_at                      TIMESTAMPTZ  NOT NULL,
    updated_at                      TIMESTAMPTZ  NOT NULL
);
-- A provider token is registered once per provider account.
CREATE UNIQUE INDEX stablecoins_token ON stablecoins (stablecoin_provider_account_id, provider_token_identifier);

CREATE TABLE stablecoin_operations (
    id                              UUID PRIMARY KEY,
    stablecoin_id                   UUID         NOT NULL REFERENCES stablecoins (id),
    operation_type                  VARCHAR(8)   NOT NULL,
    status                          VARCHAR(24)  NOT NULL,
    -- In the token's smallest unit; fiat_amount is the same value in the base currency's minor units.
    amount                          NUMERIC(40)  NOT NULL,
    fiat_amount                     BIGINT       NOT NULL,
    fiat_currency                   VARCHAR(8)   NOT NULL,
    stablecoin_provider_account_id  UUID         NOT NULL REFERENCES stablecoin_provider_accounts (id),
    provider_environment            VARCHAR(16)  NOT NULL,
    -- The wire's source, destination, funding instructions and delivery estimate, as JSON.
    source                          TEXT,
    destination                     TEXT,
    funding_instructions            TEXT,
    estimated_delivery              TEXT,
    -- The internal account a Grid-funded mint holds its amount on, until the mint completes or fails.
    funding_account_id              UUID REFERENCES internal_accounts (id),
    expires_at                      TIMESTAMPTZ,
    provider_status                 VARCHAR(32),
    failure_reason                  VARCHAR(64),
    description                     VARCHAR(1024),
    created_at                      TIMESTAMPTZ  NOT NULL,
    updated_at                      TIMESTAMPTZ  NOT NULL
);
CREATE INDEX stablecoin_operations_coin ON stablecoin_operations (stablecoin_id, id);
