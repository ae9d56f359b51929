-- Voucher list (GET /voucher/list, /voucher/csv): descending sorts of the nullable columns.
-- The list sorts NULLs last in both directions (an upload without a date or a payment without a
-- deadline belongs at the end), which the ascending indexes of 0003 serve when walked backwards
-- but not descending. Measured on the large data set (src/server/db/README.md "List performance").
CREATE INDEX voucher_creditor_voucher_date_desc_idx
  ON voucher (creditor_id, voucher_date DESC NULLS LAST, id DESC);
CREATE INDEX voucher_creditor_deadline_desc_idx
  ON voucher (creditor_id, payment_deadline DESC NULLS LAST, id DESC);
CREATE INDEX voucher_creditor_number_to_show_desc_idx
  ON voucher (creditor_id, (coalesce(official_voucher_number, custom_number)) COLLATE "und-x-icu" DESC NULLS LAST, id DESC);

-- The list's "with open decision" filter reads one creditor's work-queue links (voucher list filter
-- hasWorkQueue); without it every creditor's links were hashed.
CREATE INDEX work_queue_voucher_creditor_idx ON work_queue_voucher (creditor_id, voucher_id);
