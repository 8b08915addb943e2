-- A payment's outcome is no longer decided when it is executed: the rail reports it later
-- (transaction.PaymentRail, transaction.PaymentLifecycle#report). The column that kept the decision goes.

-- Sandbox payouts still on their way keep the outcome decided for them: their pending settlement
-- and return jobs become the sandbox rail's scheduled reports (sandbox.SandboxRail's payloads).
UPDATE jobs j SET type = 'sandbox.rail.report', payload = 'deliver:' || t.rail_outcome || ':' || t.id || ':-'
FROM transactions t
WHERE j.type = 'payment.settle' AND j.status = 'PENDING' AND j.payload = 'payout:' || t.id
  AND t.rail_outcome IS NOT NULL AND t.rail_outcome <> 'SUCCESS';
UPDATE jobs j SET type = 'sandbox.rail.report', payload = 'return:' || t.rail_outcome || ':' || t.id || ':-'
FROM transactions t
WHERE j.type = 'payment.settle' AND j.status = 'PENDING' AND j.payload = 'return:' || t.id
  AND t.rail_outcome IS NOT NULL;

ALTER TABLE transactions DROP COLUMN rail_outcome;
