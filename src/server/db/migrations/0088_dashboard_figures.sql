-- The dashboard's figures kept per creditor (issue 13: GET /api/dashboard of a 250,000-voucher
-- tenant in ≤ 100 ms; computed live its aggregates read ~85,000 open and ~125,000 closed invoices).
-- Exact, never stale: a kept row is used only while no change to the data the figures read has
-- become visible since it was computed, and only on the day it was computed for (figures depend on
-- current_date). Read by several server processes alike (src/server/db/repositories/
-- dashboard-figures.repository.ts).
--
-- How a change is noticed without making writers wait for each other: statement-level triggers
-- (transition tables) on the tables the kept figures read append one row per creditor and writing
-- transaction to dashboard_change (the key includes the transaction id, so concurrent writers never
-- touch the same row — a per-creditor counter would be a row lock held until commit, serialising
-- a creditor's writers and adding deadlocks). The figures are computed in one REPEATABLE READ
-- transaction and stored with its snapshot; a kept row is valid while every change row the reader
-- sees is visible in that snapshot (pg_visible_in_snapshot). Storing a row prunes the change rows
-- older than its snapshot's xmin; a row with an older xmin never replaces a newer one, so what is
-- pruned is visible to whatever row is kept.
CREATE TABLE dashboard_change (
  creditor_id integer NOT NULL,
  xid xid8 NOT NULL DEFAULT pg_current_xact_id(),
  PRIMARY KEY (creditor_id, xid)
);

CREATE TABLE dashboard_figures (
  creditor_id integer PRIMARY KEY REFERENCES creditor (id) ON DELETE CASCADE,
  -- current_date of the computation
  day date NOT NULL,
  -- the snapshot the figures were computed in
  snapshot pg_snapshot NOT NULL,
  figures jsonb NOT NULL,
  computed_at timestamptz NOT NULL DEFAULT now()
);

CREATE FUNCTION dashboard_note_change() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    INSERT INTO dashboard_change (creditor_id)
      SELECT DISTINCT creditor_id FROM new_rows WHERE creditor_id IS NOT NULL ON CONFLICT DO NOTHING;
  ELSIF TG_OP = 'UPDATE' THEN
    INSERT INTO dashboard_change (creditor_id)
      SELECT creditor_id FROM new_rows WHERE creditor_id IS NOT NULL
       UNION SELECT creditor_id FROM old_rows WHERE creditor_id IS NOT NULL ON CONFLICT DO NOTHING;
  ELSIF TG_OP = 'DELETE' THEN
    INSERT INTO dashboard_change (creditor_id)
      SELECT DISTINCT creditor_id FROM old_rows WHERE creditor_id IS NOT NULL ON CONFLICT DO NOTHING;
  ELSE -- TRUNCATE: every creditor may have lost rows
    INSERT INTO dashboard_change (creditor_id) SELECT id FROM creditor ON CONFLICT DO NOTHING;
  END IF;
  RETURN NULL;
END $$;

-- The tables the kept figures read (dashboard.repository.ts); one trigger per event, as a trigger
-- with transition tables serves one event only.
CREATE TRIGGER voucher_dashboard_insert AFTER INSERT ON voucher
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION dashboard_note_change();
CREATE TRIGGER voucher_dashboard_update AFTER UPDATE ON voucher
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION dashboard_note_change();
CREATE TRIGGER voucher_dashboard_delete AFTER DELETE ON voucher
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION dashboard_note_change();
CREATE TRIGGER voucher_dashboard_truncate AFTER TRUNCATE ON voucher
  FOR EACH STATEMENT EXECUTE FUNCTION dashboard_note_change();

CREATE TRIGGER voucher_balancing_dashboard_insert AFTER INSERT ON voucher_balancing
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION dashboard_note_change();
CREATE TRIGGER voucher_balancing_dashboard_update AFTER UPDATE ON voucher_balancing
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION dashboard_note_change();
CREATE TRIGGER voucher_balancing_dashboard_delete AFTER DELETE ON voucher_balancing
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION dashboard_note_change();
CREATE TRIGGER voucher_balancing_dashboard_truncate AFTER TRUNCATE ON voucher_balancing
  FOR EACH STATEMENT EXECUTE FUNCTION dashboard_note_change();

CREATE TRIGGER debtor_dashboard_insert AFTER INSERT ON debtor
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION dashboard_note_change();
CREATE TRIGGER debtor_dashboard_update AFTER UPDATE ON debtor
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION dashboard_note_change();
CREATE TRIGGER debtor_dashboard_delete AFTER DELETE ON debtor
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION dashboard_note_change();
CREATE TRIGGER debtor_dashboard_truncate AFTER TRUNCATE ON debtor
  FOR EACH STATEMENT EXECUTE FUNCTION dashboard_note_change();

CREATE TRIGGER creditor_voucher_dashboard_insert AFTER INSERT ON creditor_voucher
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION dashboard_note_change();
CREATE TRIGGER creditor_voucher_dashboard_update AFTER UPDATE ON creditor_voucher
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION dashboard_note_change();
CREATE TRIGGER creditor_voucher_dashboard_delete AFTER DELETE ON creditor_voucher
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION dashboard_note_change();
CREATE TRIGGER creditor_voucher_dashboard_truncate AFTER TRUNCATE ON creditor_voucher
  FOR EACH STATEMENT EXECUTE FUNCTION dashboard_note_change();

-- The computation itself (the first load after a change), measured on the 250,000-voucher tenant:
-- the open invoices' figures (overdue rate, by dunning type, days overdue, receivables) read this
-- partial covering index instead of every open voucher's row (~200 → ~40 ms each);
CREATE INDEX voucher_dashboard_open_idx ON voucher (creditor_id, payment_deadline)
  INCLUDE (type, dunning_type, leftover_amount) WHERE status = 'open' AND official_voucher_number IS NOT NULL;
-- the turnover figures (per year, cashback, days sales outstanding) an index-only range on the
-- voucher date (turnover per year ~630 → ~95 ms);
CREATE INDEX voucher_dashboard_date_idx ON voucher (creditor_id, voucher_date)
  INCLUDE (type, status, amount, leftover_amount, payment_deadline) WHERE official_voucher_number IS NOT NULL;
-- balancings by creditor and date (balancing overview, payment behaviour) instead of all of them.
CREATE INDEX voucher_balancing_creditor_date_idx ON voucher_balancing (creditor_id, balanced_date);
