-- A booking's bank reference may be an entry reference qualified by its message and position.
ALTER TABLE bank_entries_booked ALTER COLUMN bank_reference TYPE VARCHAR(140);
ALTER TABLE bank_unmatched ALTER COLUMN bank_reference TYPE VARCHAR(140);

-- Bank credits name an account or a realtime-funded quote by its reference: the id's last twelve hex digits.
CREATE INDEX internal_accounts_reference ON internal_accounts ((right(id::text, 12)));
CREATE INDEX quotes_reference ON quotes ((right(id::text, 12)));
