-- An operator ran a dead job again (common.jobs.DeadJobs.retry): who, when and why, kept on the job.
ALTER TABLE jobs ADD COLUMN retried_at TIMESTAMPTZ;
ALTER TABLE jobs ADD COLUMN retried_by TEXT;
ALTER TABLE jobs ADD COLUMN retry_reason TEXT;
