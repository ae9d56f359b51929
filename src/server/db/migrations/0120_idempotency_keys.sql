-- Idempotency-Key (issue 25): the first answer to a changing call, kept per user and key for 24
-- hours, so a repeated request (a double submit, a retry after a lost answer) is answered again
-- instead of acting twice — across every server process on the database. A command's row is
-- written in the command's own transaction (it exists exactly when the command's effect does); a
-- changing route outside the command pipeline claims its row first (status_code null: running)
-- and fills in the answer when it is sent. src/server/commands/README.md, "Idempotency".
CREATE TABLE idempotency_key (
  user_id integer NOT NULL REFERENCES app_user (id) ON DELETE CASCADE,
  key text NOT NULL,
  -- sha256 of method, path and body: the same key with another request is a 422
  fingerprint text NOT NULL,
  method text NOT NULL,
  path text NOT NULL,
  -- null while the request runs (routes outside the pipeline only)
  status_code integer,
  response_body text,
  created_at timestamptz NOT NULL,
  expires_at timestamptz NOT NULL,
  PRIMARY KEY (user_id, key)
);
CREATE INDEX idempotency_key_expires_at ON idempotency_key (expires_at);
