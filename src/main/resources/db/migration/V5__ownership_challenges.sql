-- The outstanding ownership-verification challenge of a self-custody wallet external account
-- (at most one: a new challenge replaces the previous one).

CREATE TABLE ownership_challenges (
    account_id      UUID PRIMARY KEY REFERENCES external_accounts (id),
    method          VARCHAR(16)  NOT NULL,
    -- WALLET_SIGNATURE: the exact text to sign. LIVENESS: the hosted page's token.
    material        VARCHAR(512) NOT NULL,
    expires_at      TIMESTAMPTZ  NOT NULL,
    created_at      TIMESTAMPTZ  NOT NULL
);
CREATE UNIQUE INDEX ownership_challenges_material ON ownership_challenges (material);
