-- Bulk customer imports from CSV: the uploaded file, progress, and one row per failed entry.

CREATE TABLE bulk_imports (
    id              UUID PRIMARY KEY,
    status          VARCHAR(16)  NOT NULL,
    csv             TEXT         NOT NULL,
    total           INTEGER      NOT NULL,
    processed       INTEGER      NOT NULL,
    successful      INTEGER      NOT NULL,
    failed          INTEGER      NOT NULL,
    created_at      TIMESTAMPTZ  NOT NULL,
    updated_at      TIMESTAMPTZ  NOT NULL,
    completed_at    TIMESTAMPTZ
);

CREATE TABLE bulk_import_errors (
    import_id       UUID         NOT NULL REFERENCES bulk_imports (id),
    row_number      INTEGER      NOT NULL,
    correlation_id  VARCHAR(255) NOT NULL,
    code            VARCHAR(64)  NOT NULL,
    message         TEXT         NOT NULL,
    details         TEXT,
    PRIMARY KEY (import_id, row_number)
);
