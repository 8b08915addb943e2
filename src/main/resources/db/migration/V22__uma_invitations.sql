-- UMA invitations: a code an inviter shares; the invitee's platform claims it with the invitee's address.
CREATE TABLE uma_invitations (
    code                VARCHAR(16) PRIMARY KEY,
    inviter_customer_id UUID NOT NULL REFERENCES customers (id),
    inviter_uma         VARCHAR(255) NOT NULL,
    invitee_uma         VARCHAR(255),
    first_name          VARCHAR(255),
    amount_to_send      BIGINT,
    currency            VARCHAR(8),
    status              VARCHAR(16) NOT NULL,
    url                 VARCHAR(1024) NOT NULL,
    created_at          TIMESTAMPTZ NOT NULL,
    updated_at          TIMESTAMPTZ NOT NULL,
    expires_at          TIMESTAMPTZ,
    claimed_at          TIMESTAMPTZ
);
