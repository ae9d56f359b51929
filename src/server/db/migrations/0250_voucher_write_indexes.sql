-- Issue 32 item 3, bulk writes: every update of a voucher that changes an indexed column (each
-- processing stage does) writes an entry into every index of the table, so an index no query needs
-- is pure cost. Two of the 0003 indexes checked with EXPLAIN on the API bench's database (tenant of
-- 250,000 vouchers, bench/README.md "Writing"):
--
-- 1. voucher_creditor_status_idx (creditor_id, status, sub_status): its first two columns are those
--    of voucher_creditor_status_sort_idx (0087), which the same plans use without it (the dunning
--    run's open vouchers per creditor, the status sort and filter); status and sub-status together
--    read voucher_creditor_sub_status_uploaded_idx instead (deep page 11.8 → 9.6 ms). Dropped.
DROP INDEX voucher_creditor_status_idx;

-- 2. voucher_creditor_dunning_idx (creditor_id, dunning_type): only the dashboard's case figures
--    (dunning stop, dispute, delay: openByDunningType) read it — without any index on the dunning
--    type they scan the table (7 → 126 ms each at 250,000 vouchers). They ask for the three dunning
--    types of the cases (VOUCHER_CASES, src/server/domain/vouchers/voucher.rules.ts), so a partial
--    index of those vouchers serves them — covering: status and open amount included — and a voucher
--    of any other dunning type (every one in processing) has no entry to write.
--    tests/api/dashboard.test.ts fails when a case's dunning type is missing here.
DROP INDEX voucher_creditor_dunning_idx;
CREATE INDEX voucher_dashboard_case_idx ON voucher (creditor_id, dunning_type) INCLUDE (status, leftover_amount)
  WHERE dunning_type IN ('halt', 'DISPUTE', 'DELAY');

-- Kept: voucher_creditor_custom_number_idx (creditor_id, custom_number) — the duplicate check of
-- processing (221, one per upload: 0.02 → 6.5 ms on the trigram index without it) and the debtor's
-- insurable invoices (an earlier voucher with the same number: 0.14 → 18.6 ms).
