-- Login defence (issue 14): failed logins counted per (account, source address) and per source
-- address, shared by every server process on the database. A key is locked until locked_until once
-- it reaches its limit within the window; a successful login clears its account key.
CREATE TABLE login_throttle (
  key text PRIMARY KEY,
  failures integer NOT NULL DEFAULT 0,
  window_start timestamptz NOT NULL,
  locked_until timestamptz
);
