-- Issue 13: the voucher list of a tenant with hundreds of thousands of vouchers (bench/README.md,
-- "The voucher list at any tenant size"). Every sort the list offers is an ordered index scan that
-- stops after one page, the number search uses trigram indexes, and the count of the common
-- filters is read from a tally kept by triggers instead of counting the rows.

-- 1. Sorts by a column: the id as tie-breaker (ORDER BY <column>, id — both directions).
--    Replaces the two-column indexes of 0003 that could not serve the tie-breaker.
DROP INDEX voucher_creditor_type_idx;
DROP INDEX voucher_creditor_purchase_status_idx;
DROP INDEX voucher_creditor_source_idx;
DROP INDEX voucher_creditor_amount_idx;
CREATE INDEX voucher_creditor_type_idx ON voucher (creditor_id, type, id);
CREATE INDEX voucher_creditor_status_sort_idx ON voucher (creditor_id, status, id);
CREATE INDEX voucher_creditor_sub_status_sort_idx ON voucher (creditor_id, sub_status, id);
CREATE INDEX voucher_creditor_purchase_status_idx ON voucher (creditor_id, purchase_status, id);
CREATE INDEX voucher_creditor_source_idx ON voucher (creditor_id, source, id);
CREATE INDEX voucher_creditor_leftover_idx ON voucher (creditor_id, leftover_amount, id);
CREATE INDEX voucher_creditor_amount_idx ON voucher (creditor_id, amount, id);

-- The default order (newest upload) carries the columns the common filters read, so a filtered
-- page — a deep one too — is an index-only scan that skips entries, not heap rows.
DROP INDEX voucher_creditor_uploaded_idx;
CREATE INDEX voucher_creditor_uploaded_idx ON voucher (creditor_id, uploaded_at DESC, id DESC)
  INCLUDE (status, sub_status, type, purchase_status, source, voucher_date, payment_deadline);

-- 2. Sorts by the customer's and the location's name: a join sorted per request cannot use an
--    index, so the voucher keeps a copy of both names as its sort keys (never shown, never
--    written by the application: triggers keep them equal to the debtor's and location's name).
ALTER TABLE voucher ADD COLUMN debtor_sort_name text, ADD COLUMN location_sort_name text;

CREATE FUNCTION voucher_sort_names() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  NEW.debtor_sort_name := (SELECT name FROM debtor WHERE id = NEW.debtor_id);
  NEW.location_sort_name := (SELECT name FROM location WHERE id = NEW.location_id);
  RETURN NEW;
END $$;
CREATE TRIGGER voucher_sort_names BEFORE INSERT OR UPDATE OF debtor_id, location_id ON voucher
  FOR EACH ROW EXECUTE FUNCTION voucher_sort_names();

CREATE FUNCTION debtor_sort_name_changed() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE voucher SET debtor_sort_name = NEW.name WHERE debtor_id = NEW.id;
  RETURN NULL;
END $$;
CREATE TRIGGER debtor_sort_name_changed AFTER UPDATE OF name ON debtor
  FOR EACH ROW WHEN (OLD.name IS DISTINCT FROM NEW.name) EXECUTE FUNCTION debtor_sort_name_changed();

CREATE FUNCTION location_sort_name_changed() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE voucher SET location_sort_name = NEW.name WHERE location_id = NEW.id;
  RETURN NULL;
END $$;
CREATE TRIGGER location_sort_name_changed AFTER UPDATE OF name ON location
  FOR EACH ROW WHEN (OLD.name IS DISTINCT FROM NEW.name) EXECUTE FUNCTION location_sort_name_changed();


-- ascending with nulls last (the default) and descending with nulls last: both directions of a click
CREATE INDEX voucher_creditor_debtor_name_idx ON voucher (creditor_id, debtor_sort_name COLLATE "und-x-icu", id);
CREATE INDEX voucher_creditor_debtor_name_desc_idx
  ON voucher (creditor_id, debtor_sort_name COLLATE "und-x-icu" DESC NULLS LAST, id DESC);
CREATE INDEX voucher_creditor_location_name_idx ON voucher (creditor_id, location_sort_name COLLATE "und-x-icu", id);
CREATE INDEX voucher_creditor_location_name_desc_idx
  ON voucher (creditor_id, location_sort_name COLLATE "und-x-icu" DESC NULLS LAST, id DESC);

-- 3. The number search (ilike '%…%' on the official and the creditor's own number): trigram indexes.
CREATE EXTENSION IF NOT EXISTS pg_trgm;
CREATE INDEX voucher_official_number_trgm_idx ON voucher USING gin (official_voucher_number gin_trgm_ops);
CREATE INDEX voucher_custom_number_trgm_idx ON voucher USING gin (custom_number gin_trgm_ops);

-- 4. The count: how many vouchers a creditor has per combination of the columns the common
--    filters read (status, sub-status, type, purchase status, source). Statement-level triggers
--    with transition tables keep it exact inside the writing transaction (bulk writes add one
--    grouped row per combination, not one per voucher). A list filtered only by these columns
--    sums the creditor's tally rows instead of counting its vouchers.
CREATE TABLE voucher_tally (
  creditor_id integer NOT NULL REFERENCES creditor (id) ON DELETE CASCADE,
  status voucher_status NOT NULL,
  sub_status voucher_sub_status NOT NULL,
  type voucher_type NOT NULL,
  purchase_status purchase_status NOT NULL,
  source voucher_source NOT NULL,
  vouchers bigint NOT NULL,
  PRIMARY KEY (creditor_id, status, sub_status, type, purchase_status, source)
);

CREATE FUNCTION voucher_tally_add() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO voucher_tally AS t (creditor_id, status, sub_status, type, purchase_status, source, vouchers)
    SELECT creditor_id, status, sub_status, type, purchase_status, source, count(*)
    FROM new_rows GROUP BY 1, 2, 3, 4, 5, 6
    ORDER BY 1, 2, 3, 4, 5, 6
  ON CONFLICT (creditor_id, status, sub_status, type, purchase_status, source)
    DO UPDATE SET vouchers = t.vouchers + excluded.vouchers;
  RETURN NULL;
END $$;

CREATE FUNCTION voucher_tally_remove() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE voucher_tally t SET vouchers = t.vouchers - o.vouchers
  FROM (
    SELECT creditor_id, status, sub_status, type, purchase_status, source, count(*) AS vouchers
    FROM old_rows GROUP BY 1, 2, 3, 4, 5, 6
  ) o
  WHERE (t.creditor_id, t.status, t.sub_status, t.type, t.purchase_status, t.source)
      = (o.creditor_id, o.status, o.sub_status, o.type, o.purchase_status, o.source);
  RETURN NULL;
END $$;

CREATE FUNCTION voucher_tally_move() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  -- only rows whose tallied columns changed (most updates touch none of them)
  UPDATE voucher_tally t SET vouchers = t.vouchers - o.vouchers
  FROM (
    SELECT o.creditor_id, o.status, o.sub_status, o.type, o.purchase_status, o.source, count(*) AS vouchers
    FROM old_rows o JOIN new_rows n ON n.id = o.id
    WHERE (o.creditor_id, o.status, o.sub_status, o.type, o.purchase_status, o.source)
      IS DISTINCT FROM (n.creditor_id, n.status, n.sub_status, n.type, n.purchase_status, n.source)
    GROUP BY 1, 2, 3, 4, 5, 6
  ) o
  WHERE (t.creditor_id, t.status, t.sub_status, t.type, t.purchase_status, t.source)
      = (o.creditor_id, o.status, o.sub_status, o.type, o.purchase_status, o.source);
  INSERT INTO voucher_tally AS t (creditor_id, status, sub_status, type, purchase_status, source, vouchers)
    SELECT n.creditor_id, n.status, n.sub_status, n.type, n.purchase_status, n.source, count(*)
    FROM old_rows o JOIN new_rows n ON n.id = o.id
    WHERE (o.creditor_id, o.status, o.sub_status, o.type, o.purchase_status, o.source)
      IS DISTINCT FROM (n.creditor_id, n.status, n.sub_status, n.type, n.purchase_status, n.source)
    GROUP BY 1, 2, 3, 4, 5, 6
    ORDER BY 1, 2, 3, 4, 5, 6
  ON CONFLICT (creditor_id, status, sub_status, type, purchase_status, source)
    DO UPDATE SET vouchers = t.vouchers + excluded.vouchers;
  RETURN NULL;
END $$;

CREATE TRIGGER voucher_tally_insert AFTER INSERT ON voucher
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION voucher_tally_add();
CREATE TRIGGER voucher_tally_delete AFTER DELETE ON voucher
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION voucher_tally_remove();
CREATE TRIGGER voucher_tally_update AFTER UPDATE ON voucher
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION voucher_tally_move();

-- 5. Bulk loads with the triggers off (the large seeds load as session_replication_role = replica)
--    bring the sort names and the tally up to date afterwards with this.
CREATE FUNCTION refresh_voucher_derived() RETURNS void LANGUAGE sql AS $$
  UPDATE voucher v SET debtor_sort_name = d.name
    FROM debtor d WHERE d.id = v.debtor_id AND v.debtor_sort_name IS DISTINCT FROM d.name;
  UPDATE voucher v SET location_sort_name = l.name
    FROM location l WHERE l.id = v.location_id AND v.location_sort_name IS DISTINCT FROM l.name;
  DELETE FROM voucher_tally;
  INSERT INTO voucher_tally (creditor_id, status, sub_status, type, purchase_status, source, vouchers)
    SELECT creditor_id, status, sub_status, type, purchase_status, source, count(*)
    FROM voucher GROUP BY 1, 2, 3, 4, 5, 6;
$$;

SELECT refresh_voucher_derived();
