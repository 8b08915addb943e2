-- Strong Customer Authentication of customers in SCA regions: enrolled factors (TOTP secrets sealed,
-- passkeys as WebAuthn credentials), login and beneficiary-trust challenges, the 180-day login
-- session, factor resets, and the trusted mark on external accounts.
CREATE TABLE sca_factors (
    id                       UUID PRIMARY KEY,
    customer_id              UUID         NOT NULL REFERENCES customers (id),
    factor                   VARCHAR(8)   NOT NULL,
    status                   VARCHAR(8)   NOT NULL,
    name                     VARCHAR(255),
    -- TOTP: the shared secret, sealed; the recovery codes' SHA-256 hashes, comma-separated.
    totp_secret              TEXT,
    recovery_code_hashes     TEXT,
    -- PASSKEY: the registration challenge while PENDING, then the credential.
    passkey_challenge        VARCHAR(128),
    passkey_credential_id    VARCHAR(1024),
    passkey_credential_data  BYTEA,
    passkey_sign_count       BIGINT,
    created_at               TIMESTAMPTZ  NOT NULL,
    updated_at               TIMESTAMPTZ  NOT NULL
);
CREATE INDEX sca_factors_customer ON sca_factors (customer_id);
-- One enrolled factor of each kind per customer (the reference: one passkey; this server: one TOTP too).
CREATE UNIQUE INDEX sca_factors_one_active ON sca_factors (customer_id, factor) WHERE status = 'ACTIVE';

CREATE TABLE sca_challenges (
    id                   UUID PRIMARY KEY,
    customer_id          UUID         NOT NULL REFERENCES customers (id),
    -- LOGIN, TRUST or UNTRUST; the external account a trust change is for.
    purpose              VARCHAR(8)   NOT NULL,
    external_account_id  UUID REFERENCES external_accounts (id),
    factor               VARCHAR(8)   NOT NULL,
    passkey_challenge    VARCHAR(128),
    expires_at           TIMESTAMPTZ  NOT NULL,
    completed_at         TIMESTAMPTZ,
    created_at           TIMESTAMPTZ  NOT NULL
);
CREATE INDEX sca_challenges_customer ON sca_challenges (customer_id, purpose);

CREATE TABLE sca_sessions (
    customer_id  UUID PRIMARY KEY REFERENCES customers (id),
    expires_at   TIMESTAMPTZ NOT NULL,
    updated_at   TIMESTAMPTZ NOT NULL
);

CREATE TABLE sca_resets (
    id            UUID PRIMARY KEY,
    customer_id   UUID         NOT NULL REFERENCES customers (id),
    factor        VARCHAR(8)   NOT NULL,
    status        VARCHAR(16)  NOT NULL,
    expires_at    TIMESTAMPTZ  NOT NULL,
    completed_at  TIMESTAMPTZ,
    created_at    TIMESTAMPTZ  NOT NULL
);
CREATE INDEX sca_resets_customer ON sca_resets (customer_id, created_at);

-- Suspension: locked with no automatic end, until a RESET_PASSWORD_COMPLETED event.
ALTER TABLE sca_lockouts ADD COLUMN suspended BOOLEAN NOT NULL DEFAULT FALSE;

ALTER TABLE external_accounts ADD COLUMN trusted_beneficiary BOOLEAN NOT NULL DEFAULT FALSE;
