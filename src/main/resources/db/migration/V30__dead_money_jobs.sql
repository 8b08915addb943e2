-- A job given up (DEAD) while it moved or held money (a payment's settlement, a rail's report, a
-- card network message, a stablecoin step, an incoming payment's approval) may have left money half
-- moved: it is kept, flagged, until an operator resolves it (POST /jobs/dead/{id}/resolve), and the
-- retention sweep deletes only the others, and resolved ones counting from their resolution.
ALTER TABLE jobs ADD COLUMN holds_money BOOLEAN NOT NULL DEFAULT FALSE;
ALTER TABLE jobs ADD COLUMN resolved_at TIMESTAMPTZ;
ALTER TABLE jobs ADD COLUMN resolution TEXT;
ALTER TABLE jobs ADD COLUMN resolved_by TEXT;

-- Jobs given up before: as the runner decides from now on, every type but those known to touch no
-- money holds it, a type no handler runs any more included.
UPDATE jobs SET holds_money = TRUE
WHERE status = 'DEAD' AND type NOT IN ('customer.bulk-import', 'verification.decide', 'agent.payment-failed',
                                       'internal-account.activate', 'card.provision', 'quote.expire');

-- The sweep finds what it may delete by index (V27's jobs_dead covered every dead job); the
-- operators' list and the gauge read dead jobs only.
DROP INDEX jobs_dead;
CREATE INDEX jobs_dead_no_money ON jobs (updated_at) WHERE status = 'DEAD' AND holds_money = FALSE;
CREATE INDEX jobs_dead_resolved ON jobs (resolved_at) WHERE status = 'DEAD' AND resolved_at IS NOT NULL;
CREATE INDEX jobs_dead_by_id ON jobs (id) WHERE status = 'DEAD';
