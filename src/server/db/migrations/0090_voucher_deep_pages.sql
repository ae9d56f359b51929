-- Issue 13: deep pages of the voucher list at 250,000 vouchers. A page far down (OFFSET 7,500) still
-- skips index entries, but only entries that belong to the page's order and filter, and without heap
-- rows: each case below was 10–22 ms on the largest tenant and is now an index-only scan of the
-- entries before the page (bench/README.md, "Deep pages").

-- 1. Sorting by voucher date or payment deadline ascending: the id as tie-breaker, nulls last (the
--    descending sorts have had theirs since 0010). The indexes of 0003 had no id: PostgreSQL fetched
--    every skipped row from the heap and sorted each run of equal dates. They serve the date-range
--    filters as before.
DROP INDEX voucher_creditor_voucher_date_idx;
DROP INDEX voucher_creditor_deadline_idx;
CREATE INDEX voucher_creditor_voucher_date_idx ON voucher (creditor_id, voucher_date, id);
CREATE INDEX voucher_creditor_deadline_idx ON voucher (creditor_id, payment_deadline, id);

-- 2. A sub-status or a source filter in the default order (newest upload first): the matching
--    entries in upload order, instead of the whole tenant's upload index read for the few that match
--    (sub-status "halt": 2 % of a tenant's vouchers; source "Document Guide (E-POST)": 17 %, page 500
--    read 45,000 upload-index entries for its 7,500).
CREATE INDEX voucher_creditor_sub_status_uploaded_idx ON voucher (creditor_id, sub_status, uploaded_at DESC, id DESC);
CREATE INDEX voucher_creditor_source_uploaded_idx ON voucher (creditor_id, source, uploaded_at DESC, id DESC);

-- 3. A sub-status group filter ("Mahnwesen": four sub-statuses) in the default order. Four values are
--    four ranges of an index that PostgreSQL cannot read as one ordered stream, so the voucher keeps
--    its group as a column of its own (generated from the sub-status, never written) with an index in
--    upload order. The groups are those of schema/enums/voucherSubStatus.yaml; they do not overlap,
--    and tests/api/database.test.ts fails when this column and the YAML differ.
ALTER TABLE voucher ADD COLUMN sub_status_group text GENERATED ALWAYS AS (
  CASE
    WHEN sub_status IN ('payment_reminder', 'dunning', 'encashment', 'halt') THEN 'dunning'
    WHEN sub_status IN ('customer_complaint', 'delayed') THEN 'dispute'
  END
) STORED;
CREATE INDEX voucher_creditor_sub_status_group_idx ON voucher (creditor_id, sub_status_group, uploaded_at DESC, id DESC)
  WHERE sub_status_group IS NOT NULL;

-- 4. The number search (ilike '%…%', trigram indexes of 0087): with the default sample PostgreSQL
--    guessed 6 × too many matches for "123" at 250,000 vouchers and walked the tenant's upload index
--    instead of the trigram indexes (452 ms for page 127 instead of 6 ms). A larger sample of both
--    numbers keeps the guess close.
ALTER TABLE voucher
  ALTER COLUMN official_voucher_number SET STATISTICS 1000,
  ALTER COLUMN custom_number SET STATISTICS 1000;
