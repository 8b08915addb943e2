-- A webhook event's claim is now its next_attempt_at moved to the end of the lease: events in
-- flight leave the due range of webhook_events_due instead of being stepped over by every claim
-- (measured: claims slowed as the number of leased events grew under load). A claim held when this
-- runs keeps its lease.
UPDATE webhook_events SET next_attempt_at = locked_until
WHERE status = 'PENDING' AND locked_until IS NOT NULL AND locked_until > next_attempt_at;
ALTER TABLE webhook_events DROP COLUMN locked_until;
