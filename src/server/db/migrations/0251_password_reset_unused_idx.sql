-- Issue 26 item 7: a reset request must take as long for a known address as for an unknown one.
-- A new link first spends the user's unused links (`used_at IS NULL`); through the plain user index
-- that read every link the user was ever sent, so an address asked for often answered measurably
-- slower (0.5–0.8 ms at 19,800 links, bench/session.bench.ts) — and an unknown address, whose
-- stand-in link is rolled back, never grows. The unused links of a user are at most a few.
CREATE INDEX password_reset_request_unused_idx ON password_reset_request (user_id) WHERE used_at IS NULL;
