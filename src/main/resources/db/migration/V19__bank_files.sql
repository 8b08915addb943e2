-- The ISO 20022 file rail (package bankfile).

-- A payout handed to the bank rail, waiting for the next cut-off (QUEUED) or written into a batch (BATCHED).
CREATE TABLE bank_payouts (
    transaction_id  UUID PRIMARY KEY,
    -- Quoted back by the bank's status reports and notifications.
    end_to_end_id   VARCHAR(35)  NOT NULL UNIQUE,
    amount          BIGINT       NOT NULL,
    currency        VARCHAR(3)   NOT NULL,
    creditor_name   VARCHAR(140) NOT NULL,
    iban            VARCHAR(34),
    account_number  VARCHAR(34),
    bic             VARCHAR(11),
    clearing_code   VARCHAR(35),
    remittance      VARCHAR(140),
    status          VARCHAR(16)  NOT NULL,
    batch_id        VARCHAR(35),
    created_at      TIMESTAMPTZ  NOT NULL
);
CREATE INDEX bank_payouts_queued ON bank_payouts (created_at) WHERE status = 'QUEUED';

-- A pain.001 file: built in one transaction with its payouts, then delivered (written again after a crash: same name, same content).
CREATE TABLE bank_batches (
    id            VARCHAR(35)  PRIMARY KEY,
    file_name     VARCHAR(100) NOT NULL,
    content       TEXT         NOT NULL,
    payouts       INTEGER      NOT NULL,
    status        VARCHAR(16)  NOT NULL,
    created_at    TIMESTAMPTZ  NOT NULL,
    delivered_at  TIMESTAMPTZ
);
CREATE INDEX bank_batches_built ON bank_batches (created_at) WHERE status = 'BUILT';

-- Every file read from the inbox, once: the content's hash is the claim (two instances, a restart, the same file sent twice).
CREATE TABLE bank_files_received (
    content_sha256  VARCHAR(64)  PRIMARY KEY,
    file_name       VARCHAR(255) NOT NULL,
    status          VARCHAR(16)  NOT NULL,
    detail          TEXT,
    events          INTEGER      NOT NULL,
    received_at     TIMESTAMPTZ  NOT NULL
);

-- What a bank file said that matched no payout or account: parked for an operator, never dropped.
CREATE TABLE bank_unmatched (
    id              UUID         PRIMARY KEY,
    file_sha256     VARCHAR(64)  NOT NULL,
    kind            VARCHAR(24)  NOT NULL,
    end_to_end_id   VARCHAR(35),
    amount          BIGINT,
    currency        VARCHAR(3),
    account         VARCHAR(34),
    remittance      TEXT,
    bank_reference  VARCHAR(35),
    detail          TEXT         NOT NULL,
    created_at      TIMESTAMPTZ  NOT NULL
);

-- Each booked bank entry once, by the bank's reference, whichever file reports it (a resent or corrected file).
CREATE TABLE bank_entries_booked (
    bank_reference  VARCHAR(35)  PRIMARY KEY,
    file_sha256     VARCHAR(64)  NOT NULL,
    booked_at       TIMESTAMPTZ  NOT NULL
);
