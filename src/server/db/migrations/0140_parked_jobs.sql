-- Issue 27: a job that keeps failing is parked after a number of attempts (processing stages,
-- mails): it is no longer tried, an admin sees it with its error on the admin actions page and may
-- retry it. Due indexes leave parked rows out.
ALTER TABLE processing_job ADD COLUMN parked_at timestamptz;
ALTER TABLE mail_outbox ADD COLUMN parked_at timestamptz;

DROP INDEX processing_job_due_idx;
CREATE INDEX processing_job_due_idx ON processing_job (run_at) WHERE done_at IS NULL AND parked_at IS NULL;
DROP INDEX mail_outbox_due_idx;
CREATE INDEX mail_outbox_due_idx ON mail_outbox (next_attempt_at) WHERE sent_at IS NULL AND parked_at IS NULL;
CREATE INDEX processing_job_parked_idx ON processing_job (parked_at) WHERE parked_at IS NOT NULL;
CREATE INDEX mail_outbox_parked_idx ON mail_outbox (parked_at) WHERE parked_at IS NOT NULL;
