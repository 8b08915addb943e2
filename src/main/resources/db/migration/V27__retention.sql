-- Retention (issue 34): what the sweep deletes oldest first is found by index, not by scanning
-- tables that only grow. Pending webhook events are not in the first index: they are never deleted.
CREATE INDEX webhook_events_finished ON webhook_events (created_at) WHERE status <> 'PENDING';
CREATE INDEX card_network_events_applied ON card_network_events (applied_at);
CREATE INDEX jobs_dead ON jobs (updated_at) WHERE status = 'DEAD';
