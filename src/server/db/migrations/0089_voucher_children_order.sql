-- A voucher's children (credits, payments, balancing vouchers …) read in the order the list and the
-- detail show them, (uploaded_at, id), straight from the index (issue 13). Ordered by uploaded_at
-- alone, the index left PostgreSQL an incremental sort per parent for the id: on PGlite that sort's
-- set-up cost ~0.3 ms per row of the voucher list, 5 of its 6 ms for 15 rows.
DROP INDEX voucher_parent_idx;
CREATE INDEX voucher_parent_idx ON voucher (parent_id, uploaded_at, id) WHERE parent_id IS NOT NULL;
