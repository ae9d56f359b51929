-- Issue 28 item 11: TPF's dashboard said "0,00 € der offenen 0,00 €" while open orders existed —
-- the figures asked for status 'open', but a TPF order is open as tpf_in_review or tpf_accepted
-- (schema/enums/voucherStatus.yaml, group open). The figures now ask for the group; the partial index
-- of the open invoices' figures (0088) names the same values, so the planner still uses it.
DROP INDEX IF EXISTS voucher_dashboard_open_idx;
CREATE INDEX voucher_dashboard_open_idx ON voucher (creditor_id, payment_deadline)
  INCLUDE (type, dunning_type, leftover_amount)
  WHERE status IN ('open', 'tpf_in_review', 'tpf_accepted') AND official_voucher_number IS NOT NULL;
