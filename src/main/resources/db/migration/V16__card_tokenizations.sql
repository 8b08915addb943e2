-- Who added which card to which digital wallet, when (never the card's details): the record and
-- the per-card rate limit of POST /cards/{id}/tokenize.
CREATE TABLE card_tokenizations (
    id                          UUID PRIMARY KEY,
    card_id                     UUID          NOT NULL REFERENCES cards (id),
    wallet                      VARCHAR(20)   NOT NULL,
    actor                       VARCHAR(255)  NOT NULL,
    created_at                  TIMESTAMPTZ   NOT NULL
);
CREATE INDEX card_tokenizations_by_card ON card_tokenizations (card_id, created_at);
