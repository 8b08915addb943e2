-- Foundation: API tokens, platform configuration, server settings, idempotency, jobs, webhook outbox.

CREATE TABLE api_tokens (
    id           UUID PRIMARY KEY,
    client_id    VARCHAR(64)  NOT NULL UNIQUE,
    name         VARCHAR(255) NOT NULL,
    permissions  VARCHAR(64)  NOT NULL,
    secret_hash  BYTEA        NOT NULL,
    created_at   TIMESTAMPTZ  NOT NULL,
    updated_at   TIMESTAMPTZ  NOT NULL,
    deleted_at   TIMESTAMPTZ
);

-- One row: this server runs one platform.
CREATE TABLE platform_config (
    id          UUID PRIMARY KEY,
    singleton   BOOLEAN     NOT NULL DEFAULT TRUE UNIQUE CHECK (singleton),
    document    TEXT        NOT NULL,
    created_at  TIMESTAMPTZ NOT NULL,
    updated_at  TIMESTAMPTZ NOT NULL
);

-- Small server-wide values shared by every instance: the generated webhook signing key and the
-- sandbox clock offset.
CREATE TABLE server_settings (
    name   VARCHAR(64) PRIMARY KEY,
    value  TEXT        NOT NULL
);

CREATE TABLE idempotency_keys (
    scope         VARCHAR(128) NOT NULL,
    idem_key      VARCHAR(255) NOT NULL,
    request_hash  VARCHAR(64)  NOT NULL,
    state         VARCHAR(16)  NOT NULL,
    status        INTEGER,
    body          BYTEA,
    created_at    TIMESTAMPTZ  NOT NULL,
    expires_at    TIMESTAMPTZ  NOT NULL,
    PRIMARY KEY (scope, idem_key)
);
CREATE INDEX idempotency_keys_expiry ON idempotency_keys (expires_at);

CREATE TABLE jobs (
    id            UUID PRIMARY KEY,
    type          VARCHAR(64)  NOT NULL,
    payload       TEXT         NOT NULL,
    status        VARCHAR(16)  NOT NULL,
    run_at        TIMESTAMPTZ  NOT NULL,
    attempts      INTEGER      NOT NULL,
    locked_until  TIMESTAMPTZ,
    last_error    TEXT,
    created_at    TIMESTAMPTZ  NOT NULL,
    updated_at    TIMESTAMPTZ  NOT NULL
);
CREATE INDEX jobs_due ON jobs (run_at) WHERE status = 'PENDING';

CREATE TABLE webhook_events (
    id            UUID PRIMARY KEY,
    type          VARCHAR(64)  NOT NULL,
    body          TEXT         NOT NULL,
    status        VARCHAR(16)  NOT NULL,
    attempts      INTEGER      NOT NULL,
    created_at    TIMESTAMPTZ  NOT NULL,
    delivered_at  TIMESTAMPTZ
);

CREATE TABLE webhook_attempts (
    id               UUID PRIMARY KEY,
    event_id         UUID         NOT NULL REFERENCES webhook_events (id),
    url              VARCHAR(2048),
    attempted_at     TIMESTAMPTZ  NOT NULL,
    response_status  INTEGER,
    response_body    TEXT,
    error            TEXT,
    duration_ms      BIGINT       NOT NULL
);
CREATE INDEX webhook_attempts_event ON webhook_attempts (event_id);
