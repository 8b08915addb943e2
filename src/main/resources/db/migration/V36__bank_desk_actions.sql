-- What the bank operations desk did to a file (bankfile.BankFileDesk): who, when, why. Never deleted.
CREATE TABLE bank_desk_actions (
    id          UUID         PRIMARY KEY,
    action      VARCHAR(16)  NOT NULL,
    target      VARCHAR(100) NOT NULL,
    reason      TEXT         NOT NULL,
    done_by     VARCHAR(200) NOT NULL,
    done_at     TIMESTAMPTZ  NOT NULL
);
CREATE INDEX bank_desk_actions_target ON bank_desk_actions (target, done_at);
