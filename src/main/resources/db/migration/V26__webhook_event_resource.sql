-- The resource each event carries (its data's id), so a platform can find the deliveries about one
-- payment or customer (GET /webhooks/deliveries?resourceId=). Sealed bodies (they carry a secret) are
-- not JSON at rest and keep none.
ALTER TABLE webhook_events ADD COLUMN resource_id VARCHAR(255);
UPDATE webhook_events SET resource_id = left((body::jsonb) -> 'data' ->> 'id', 255) WHERE body LIKE '{%';
CREATE INDEX webhook_events_resource ON webhook_events (resource_id, id) WHERE resource_id IS NOT NULL;
