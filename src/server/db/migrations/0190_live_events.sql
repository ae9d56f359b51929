-- Issue 31: live events. Every committed change of a table the portal shows live is announced on
-- the channel `kontor_events` with NOTIFY, from statement-level triggers: one place that catches
-- the command pipeline and every worker (processing stages, dunning, permanent debts, bookings)
-- alike, whatever process wrote, and NOTIFY is transactional — a rolled-back command announces
-- nothing, a committed one is announced after its commit. The payload carries only the table
-- (kind), the creditor (scope), the creditor's product (scope of a product administrator) and at
-- most 20 row ids: {"k":"voucher","c":12,"p":"SMAFA","i":[4711]} — no names, amounts or texts.
-- PostgreSQL folds identical notifications of one transaction into one. The bulk seed runs with
-- triggers off (session_replication_role), so it announces nothing.
CREATE FUNCTION kontor_announce(p_kind text, p_creditor bigint, p_ids bigint[]) RETURNS void LANGUAGE sql AS $$
  SELECT pg_notify('kontor_events', json_build_object(
    'k', p_kind,
    'c', p_creditor,
    'p', (SELECT c.product FROM creditor c WHERE c.id = p_creditor),
    'i', CASE WHEN cardinality(p_ids) <= 20 THEN to_json(p_ids) ELSE '[]'::json END
  )::text)
$$;

CREATE FUNCTION kontor_announce_change() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    PERFORM kontor_announce(TG_TABLE_NAME, creditor_id::bigint, array_agg(id::bigint ORDER BY id))
       FROM new_rows WHERE creditor_id IS NOT NULL GROUP BY creditor_id;
  ELSIF TG_OP = 'UPDATE' THEN
    PERFORM kontor_announce(TG_TABLE_NAME, creditor_id::bigint, array_agg(DISTINCT id::bigint ORDER BY id::bigint))
       FROM (SELECT creditor_id, id FROM new_rows UNION ALL SELECT creditor_id, id FROM old_rows) AS changed
      WHERE creditor_id IS NOT NULL GROUP BY creditor_id;
  ELSE
    PERFORM kontor_announce(TG_TABLE_NAME, creditor_id::bigint, array_agg(id::bigint ORDER BY id))
       FROM old_rows WHERE creditor_id IS NOT NULL GROUP BY creditor_id;
  END IF;
  RETURN NULL;
END $$;

-- One trigger per event (a trigger with transition tables serves one event only).
CREATE TRIGGER voucher_announce_insert AFTER INSERT ON voucher
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION kontor_announce_change();
CREATE TRIGGER voucher_announce_update AFTER UPDATE ON voucher
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION kontor_announce_change();
CREATE TRIGGER voucher_announce_delete AFTER DELETE ON voucher
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION kontor_announce_change();
CREATE TRIGGER processing_job_announce_insert AFTER INSERT ON processing_job
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION kontor_announce_change();
CREATE TRIGGER processing_job_announce_update AFTER UPDATE ON processing_job
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION kontor_announce_change();
CREATE TRIGGER processing_job_announce_delete AFTER DELETE ON processing_job
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION kontor_announce_change();
CREATE TRIGGER work_queue_item_announce_insert AFTER INSERT ON work_queue_item
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION kontor_announce_change();
CREATE TRIGGER work_queue_item_announce_update AFTER UPDATE ON work_queue_item
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION kontor_announce_change();
CREATE TRIGGER work_queue_item_announce_delete AFTER DELETE ON work_queue_item
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION kontor_announce_change();
CREATE TRIGGER notification_announce_insert AFTER INSERT ON notification
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION kontor_announce_change();
CREATE TRIGGER notification_announce_update AFTER UPDATE ON notification
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION kontor_announce_change();
CREATE TRIGGER notification_announce_delete AFTER DELETE ON notification
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION kontor_announce_change();
CREATE TRIGGER pending_debtor_decision_announce_insert AFTER INSERT ON pending_debtor_decision
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION kontor_announce_change();
CREATE TRIGGER pending_debtor_decision_announce_update AFTER UPDATE ON pending_debtor_decision
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION kontor_announce_change();
CREATE TRIGGER pending_debtor_decision_announce_delete AFTER DELETE ON pending_debtor_decision
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION kontor_announce_change();
CREATE TRIGGER sepa_update_request_announce_insert AFTER INSERT ON sepa_update_request
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION kontor_announce_change();
CREATE TRIGGER sepa_update_request_announce_update AFTER UPDATE ON sepa_update_request
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION kontor_announce_change();
CREATE TRIGGER sepa_update_request_announce_delete AFTER DELETE ON sepa_update_request
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION kontor_announce_change();
CREATE TRIGGER permanent_debt_announce_insert AFTER INSERT ON permanent_debt
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION kontor_announce_change();
CREATE TRIGGER permanent_debt_announce_update AFTER UPDATE ON permanent_debt
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION kontor_announce_change();
CREATE TRIGGER permanent_debt_announce_delete AFTER DELETE ON permanent_debt
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION kontor_announce_change();
CREATE TRIGGER debtor_announce_insert AFTER INSERT ON debtor
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION kontor_announce_change();
CREATE TRIGGER debtor_announce_update AFTER UPDATE ON debtor
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION kontor_announce_change();
CREATE TRIGGER debtor_announce_delete AFTER DELETE ON debtor
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION kontor_announce_change();
CREATE TRIGGER booking_request_announce_insert AFTER INSERT ON booking_request
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION kontor_announce_change();
CREATE TRIGGER booking_request_announce_update AFTER UPDATE ON booking_request
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION kontor_announce_change();
CREATE TRIGGER booking_request_announce_delete AFTER DELETE ON booking_request
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION kontor_announce_change();
