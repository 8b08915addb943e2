-- KYC/KYB: beneficial owners of business customers, uploaded documents, verification packets,
-- hosted verification links.

CREATE TABLE beneficial_owners (
    id                    UUID PRIMARY KEY,
    customer_id           UUID         NOT NULL REFERENCES customers (id),
    -- ",UBO,DIRECTOR,": delimited like customers.currencies.
    roles                 VARCHAR(255) NOT NULL,
    ownership_percentage  INTEGER      NOT NULL,
    personal_info         TEXT         NOT NULL,
    kyc_status            VARCHAR(16)  NOT NULL,
    created_at            TIMESTAMPTZ  NOT NULL,
    updated_at            TIMESTAMPTZ  NOT NULL
);
CREATE INDEX beneficial_owners_customer ON beneficial_owners (customer_id, id);

CREATE TABLE documents (
    id                    UUID PRIMARY KEY,
    -- The holder's wire id (Customer:... or BeneficialOwner:...), and the customer it belongs to.
    holder_id             VARCHAR(64)  NOT NULL,
    customer_id           UUID         NOT NULL REFERENCES customers (id),
    document_type         VARCHAR(40)  NOT NULL,
    side                  VARCHAR(8),
    country               VARCHAR(2)   NOT NULL,
    document_number       VARCHAR(255),
    issuing_authority     VARCHAR(255),
    file_name             VARCHAR(255) NOT NULL,
    content_type          VARCHAR(64)  NOT NULL,
    size_bytes            INTEGER      NOT NULL,
    -- Set when a packet holding the document went to review: it can no longer be deleted.
    submitted_at          TIMESTAMPTZ,
    -- Set when the file was replaced (PUT), which clears a sandbox quality complaint.
    replaced_at           TIMESTAMPTZ,
    created_at            TIMESTAMPTZ  NOT NULL,
    updated_at            TIMESTAMPTZ  NOT NULL
);
CREATE INDEX documents_holder ON documents (holder_id, id);
CREATE INDEX documents_customer ON documents (customer_id);

-- The file itself, apart from its metadata so listings never read it.
CREATE TABLE document_files (
    document_id           UUID PRIMARY KEY REFERENCES documents (id) ON DELETE CASCADE,
    content               BYTEA        NOT NULL
);

CREATE TABLE verifications (
    id                    UUID PRIMARY KEY,
    customer_id           UUID         NOT NULL REFERENCES customers (id),
    status                VARCHAR(32)  NOT NULL,
    -- The errors[] array, as JSON.
    errors                TEXT         NOT NULL,
    created_at            TIMESTAMPTZ  NOT NULL,
    updated_at            TIMESTAMPTZ  NOT NULL
);
CREATE INDEX verifications_customer ON verifications (customer_id, id);
CREATE INDEX verifications_status ON verifications (status, id);

CREATE TABLE kyc_links (
    -- The random token in the hosted URL (single use).
    token                 VARCHAR(64)  PRIMARY KEY,
    customer_id           UUID         NOT NULL REFERENCES customers (id),
    redirect_uri          VARCHAR(2048),
    expires_at            TIMESTAMPTZ  NOT NULL,
    used_at               TIMESTAMPTZ,
    created_at            TIMESTAMPTZ  NOT NULL
);
