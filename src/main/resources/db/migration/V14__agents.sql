-- Agents: software acting for one customer under a spending policy, connected by a device code.

CREATE TABLE agents (
    id                      UUID PRIMARY KEY,
    customer_id             UUID          NOT NULL REFERENCES customers (id),
    name                    VARCHAR(255)  NOT NULL,
    is_paused               BOOLEAN       NOT NULL,
    -- The Policy as the wire shows it, JSON.
    policy                  TEXT          NOT NULL,
    -- SHA-256 (hex) of the access token handed out when a device code was redeemed; null until then.
    access_token_hash       VARCHAR(64)   UNIQUE,
    connected_at            TIMESTAMPTZ,
    -- Executed actions on usage_day / in usage_month (UTC, server clock), in the policy's currency.
    usage_day               DATE,
    daily_count             INTEGER       NOT NULL DEFAULT 0,
    daily_spend             BIGINT        NOT NULL DEFAULT 0,
    usage_month             VARCHAR(7),
    monthly_spend           BIGINT        NOT NULL DEFAULT 0,
    -- Set by DELETE: the agent is gone for every purpose; the row stays for the transactions naming it.
    deleted_at              TIMESTAMPTZ,
    created_at              TIMESTAMPTZ   NOT NULL,
    updated_at              TIMESTAMPTZ   NOT NULL
);
CREATE INDEX agents_customer ON agents (customer_id, id);

-- Device codes, kept only as SHA-256 of the code the person types in.
CREATE TABLE agent_device_codes (
    code_hash               VARCHAR(64)   PRIMARY KEY,
    agent_id                UUID          NOT NULL REFERENCES agents (id),
    expires_at              TIMESTAMPTZ   NOT NULL,
    redeemed_at             TIMESTAMPTZ,
    -- A newer code for the same agent replaces this one before it was redeemed.
    invalidated_at          TIMESTAMPTZ,
    created_at              TIMESTAMPTZ   NOT NULL
);
CREATE INDEX agent_device_codes_agent ON agent_device_codes (agent_id);

ALTER TABLE transactions ADD COLUMN agent_id UUID REFERENCES agents (id);
-- The agent that created a quote: only it may read and execute it through /agents/me.
ALTER TABLE quotes ADD COLUMN agent_id UUID REFERENCES agents (id);

-- What an agent asked to do (execute a quote, a transfer), and what the platform decided.
CREATE TABLE agent_actions (
    id                      UUID PRIMARY KEY,
    agent_id                UUID          NOT NULL REFERENCES agents (id),
    customer_id             UUID          NOT NULL REFERENCES customers (id),
    platform_customer_id    VARCHAR(255),
    -- EXECUTE_QUOTE, TRANSFER_OUT, TRANSFER_IN
    type                    VARCHAR(16)   NOT NULL,
    -- PENDING_APPROVAL, APPROVED, REJECTED, FAILED
    status                  VARCHAR(24)   NOT NULL,
    quote_id                UUID          REFERENCES quotes (id),
    transaction_id          UUID          REFERENCES transactions (id),
    -- transferDetails of a transfer action, JSON.
    transfer_details        TEXT,
    rejection_reason        VARCHAR(1024),
    -- Why an approved action did not execute (this server's addition, for the platform's eyes).
    failure_message         VARCHAR(1024),
    -- What the execution counted in the agent's usage (policy currency) and on which UTC day, to give
    -- it back if the payment fails later.
    usage_amount            BIGINT,
    usage_currency          VARCHAR(8),
    usage_day               DATE,
    created_at              TIMESTAMPTZ   NOT NULL,
    updated_at              TIMESTAMPTZ   NOT NULL
);
CREATE INDEX agent_actions_agent ON agent_actions (agent_id, id);
CREATE INDEX agent_actions_pending ON agent_actions (status, id) WHERE status = 'PENDING_APPROVAL';
CREATE INDEX agent_actions_quote ON agent_actions (quote_id);
CREATE INDEX agent_actions_transaction ON agent_actions (transaction_id) WHERE transaction_id IS NOT NULL;
