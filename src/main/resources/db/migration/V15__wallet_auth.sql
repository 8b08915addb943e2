-- Embedded-wallet authentication: credentials, one-time-code issuances, sessions, and the pending
-- challenges of signed retries (202 -> stamp -> retry).

CREATE TABLE auth_credentials (
    id                      UUID PRIMARY KEY,
    account_id              UUID          NOT NULL REFERENCES internal_accounts (id),
    -- EMAIL_OTP, SMS_OTP, OAUTH, PASSKEY
    type                    VARCHAR(16)   NOT NULL,
    nickname                VARCHAR(320)  NOT NULL,
    -- OAUTH: the identity the token must carry again at every verification.
    oauth_issuer            VARCHAR(512),
    oauth_audience          VARCHAR(512),
    oauth_subject           VARCHAR(512),
    -- PASSKEY: base64url credential id, the attested credential data (with its COSE public key), the
    -- last signature counter seen, and the SHA-256 of the registration challenge (each used once).
    passkey_credential_id   VARCHAR(1400),
    passkey_credential_data BYTEA,
    passkey_challenge_hash  VARCHAR(64)   UNIQUE,
    passkey_sign_count      BIGINT,
    passkey_transports      VARCHAR(128),
    deleted_at              TIMESTAMPTZ,
    created_at              TIMESTAMPTZ   NOT NULL,
    updated_at              TIMESTAMPTZ   NOT NULL
);
CREATE INDEX auth_credentials_account ON auth_credentials (account_id, created_at) WHERE deleted_at IS NULL;
CREATE UNIQUE INDEX auth_credentials_one_otp ON auth_credentials (account_id, type)
    WHERE deleted_at IS NULL AND type IN ('EMAIL_OTP', 'SMS_OTP');
CREATE UNIQUE INDEX auth_credentials_one_oauth_identity ON auth_credentials (account_id, oauth_issuer, oauth_audience, oauth_subject)
    WHERE deleted_at IS NULL AND type = 'OAUTH';
CREATE UNIQUE INDEX auth_credentials_one_passkey ON auth_credentials (account_id, passkey_credential_id)
    WHERE deleted_at IS NULL AND type = 'PASSKEY';

-- One row per one-time code sent: the HPKE key pair the client seals its code to (private key sealed
-- at rest), the code's hash, and the failures counted against it.
CREATE TABLE auth_otp_issuances (
    id                      UUID PRIMARY KEY,
    credential_id           UUID          NOT NULL REFERENCES auth_credentials (id),
    target_private_key      TEXT          NOT NULL,
    code_hash               VARCHAR(64)   NOT NULL,
    failed_attempts         INTEGER       NOT NULL DEFAULT 0,
    expires_at              TIMESTAMPTZ   NOT NULL,
    used_at                 TIMESTAMPTZ,
    created_at              TIMESTAMPTZ   NOT NULL
);
CREATE INDEX auth_otp_issuances_credential ON auth_otp_issuances (credential_id, created_at);

CREATE TABLE auth_sessions (
    id                      UUID PRIMARY KEY,
    account_id              UUID          NOT NULL REFERENCES internal_accounts (id),
    credential_id           UUID          NOT NULL REFERENCES auth_credentials (id),
    -- The session API key (compressed hex): the client's key, or the one the service sealed to it.
    public_key              VARCHAR(66)   NOT NULL,
    revoked_at              TIMESTAMPTZ,
    expires_at              TIMESTAMPTZ   NOT NULL,
    created_at              TIMESTAMPTZ   NOT NULL,
    updated_at              TIMESTAMPTZ   NOT NULL
);
CREATE INDEX auth_sessions_account ON auth_sessions (account_id, expires_at) WHERE revoked_at IS NULL;
CREATE INDEX auth_sessions_credential ON auth_sessions (credential_id) WHERE revoked_at IS NULL;

-- The challenge of a signed retry, named by its Request-Id: what it is for, the exact payload handed
-- out, a digest of the request it answers, and who may sign it. Consumed once.
CREATE TABLE wallet_requests (
    id                      UUID PRIMARY KEY,
    account_id              UUID          NOT NULL REFERENCES internal_accounts (id),
    -- e.g. OTP_LOGIN, ADD_CREDENTIAL, REVOKE_CREDENTIAL, REVOKE_SESSION, REFRESH_SESSION
    operation               VARCHAR(32)   NOT NULL,
    -- The resource the operation acts on (credential or session id), when it has one.
    target_id               UUID,
    request_digest          VARCHAR(64)   NOT NULL,
    payload_to_sign         TEXT          NOT NULL,
    -- The one key allowed to sign (OTP: the TEK bound in the verification token); null: any active
    -- session of the account, except sessions of excluded_credential_id.
    signer_key              VARCHAR(66),
    -- The key a session opened by this challenge will have (passkey logins: given at the challenge).
    client_public_key       VARCHAR(130),
    excluded_credential_id  UUID,
    expires_at              TIMESTAMPTZ   NOT NULL,
    consumed_at             TIMESTAMPTZ,
    created_at              TIMESTAMPTZ   NOT NULL
);
CREATE INDEX wallet_requests_expiry ON wallet_requests (expires_at);

-- Every wallet starts with an EMAIL_OTP credential bound to its holder's e-mail address.
INSERT INTO auth_credentials (id, account_id, type, nickname, created_at, updated_at)
SELECT gen_random_uuid(), a.id, 'EMAIL_OTP', c.email, a.created_at, a.created_at
FROM internal_accounts a JOIN customers c ON c.id = a.customer_id
WHERE a.type = 'EMBEDDED_WALLET' AND c.email IS NOT NULL;

-- The wallet's master secret (a BIP-39 mnemonic), sealed at rest; made at the first export.
CREATE TABLE wallet_secrets (
    account_id              UUID PRIMARY KEY REFERENCES internal_accounts (id),
    mnemonic                TEXT          NOT NULL,
    created_at              TIMESTAMPTZ   NOT NULL
);

-- Every change to a wallet's credentials, sessions and keys, and every export: what, on what, signed
-- by which session (null when the platform alone could do it).
CREATE TABLE wallet_audit (
    id                      UUID PRIMARY KEY,
    account_id              UUID          NOT NULL REFERENCES internal_accounts (id),
    event                   VARCHAR(32)   NOT NULL,
    subject_id              UUID,
    signer_session_id       UUID,
    created_at              TIMESTAMPTZ   NOT NULL
);
CREATE INDEX wallet_audit_account ON wallet_audit (account_id, created_at);

-- Keys the service holds to sign card funding from an embedded wallet in its owner's place. PROPOSED
-- (made at the first call, not shown), PENDING (signer created), ACTIVE (policy granted), REVOKED.
CREATE TABLE delegated_keys (
    id                      UUID PRIMARY KEY,
    card_id                 UUID          NOT NULL REFERENCES cards (id),
    account_id              UUID          NOT NULL REFERENCES internal_accounts (id),
    public_key              VARCHAR(66)   NOT NULL,
    -- The private scalar (hex), sealed at rest; never answered.
    private_key             TEXT          NOT NULL,
    nickname                VARCHAR(256)  NOT NULL,
    status                  VARCHAR(8)    NOT NULL,
    -- The signed-retry challenge that moves it to its next status.
    next_request_id         UUID          REFERENCES wallet_requests (id),
    created_at              TIMESTAMPTZ   NOT NULL,
    updated_at              TIMESTAMPTZ   NOT NULL
);
CREATE UNIQUE INDEX delegated_keys_one_active ON delegated_keys (card_id) WHERE status = 'ACTIVE';
CREATE INDEX delegated_keys_account ON delegated_keys (account_id);
CREATE INDEX delegated_keys_request ON delegated_keys (next_request_id);
