-- A booking's bank reference may be an entry reference qualified by its message and position.
ALTER TABLE bank_entries_booked ALTER COLUMN bank_reference TYPE VARCHAR(140);
ALTER TABLE bank_unmatched ALTER COLUMN bank_reference TYPE VARCHAR(140);
