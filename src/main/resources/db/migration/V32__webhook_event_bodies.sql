-- An event's body is written once and never changed, while its row is updated twice on the way to
-- delivery (the claim's lease, the outcome): with the body inline every update copied it (about
-- 1.3 KB for a payment event; TOAST does not take values from rows under 2 KB). The body moves to its
-- own table, keyed by the event's id, and the row that is updated keeps only the event's state.
-- No foreign key: its check would lock the event row each insert; the bodies go with their events
-- (retention deletes both in one statement).
CREATE TABLE webhook_event_bodies (
    event_id  UUID PRIMARY KEY,
    body      TEXT NOT NULL
);
INSERT INTO webhook_event_bodies (event_id, body) SELECT id, body FROM webhook_events;
ALTER TABLE webhook_events DROP COLUMN body;
