-- Webhook events are dispatched straight from the outbox instead of through one job per event:
-- each instance claims due PENDING events with a lease, like the job runner claims jobs.

-- When the next attempt is due. NULL for events their owner sends itself (TEST, approval calls).
ALTER TABLE webhook_events ADD COLUMN next_attempt_at TIMESTAMPTZ;
-- A claim by a dispatching instance; past this time a crashed instance's claim may be taken over.
ALTER TABLE webhook_events ADD COLUMN locked_until TIMESTAMPTZ;

UPDATE webhook_events e SET next_attempt_at = j.run_at
FROM jobs j
WHERE j.type = 'webhook.deliver' AND j.status = 'PENDING' AND j.payload = e.id::text AND e.status = 'PENDING';
DELETE FROM jobs WHERE type = 'webhook.deliver';

CREATE INDEX webhook_events_due ON webhook_events (next_attempt_at) WHERE status = 'PENDING';
