-- The recurring invoices of permanent debts (issue 25 item 2; src/server/domain/permanent-debts/README.md).

-- The sweep wrote them as type `invoice`: they are `permanent_debt` invoices (document 1 §3, an
-- invoice-like type of their own), collected by the SEPA direct debit on their execution date.
-- Those the dunning run reminded as ordinary invoices leave the dunning steps again (the history
-- keeps what happened); a case opened on one (stop, dispute, delay) stays as it is.
UPDATE voucher
   SET sub_status = NULL, dunning_type = NULL, first_dunning_date = NULL
 WHERE permanent_debt_id IS NOT NULL
   AND type = 'invoice'
   AND dunning_type IN ('paymentReminder', 'dunning', 'encashment')
   AND sub_status IN ('payment_reminder', 'dunning', 'encashment');
UPDATE voucher SET type = 'permanent_debt' WHERE permanent_debt_id IS NOT NULL AND type <> 'permanent_debt';

-- Every voucher of a permanent debt is one of its recurring invoices, of its own type, whoever writes it.
ALTER TABLE voucher ADD CONSTRAINT voucher_permanent_debt_type_check
  CHECK (permanent_debt_id IS NULL OR type = 'permanent_debt');
