-- Permanent-debt list (GET /permanent-debt/list): the sort orders and filters 0004 does not cover yet.
-- Start, end and period are sortable columns; the debtor filter and its option list
-- (GET permanent-debt/debtors) look permanent debts up by debtor within one creditor.
CREATE INDEX permanent_debt_creditor_start_idx ON permanent_debt (creditor_id, start_date DESC);
CREATE INDEX permanent_debt_creditor_end_idx ON permanent_debt (creditor_id, end_date);
CREATE INDEX permanent_debt_creditor_period_idx ON permanent_debt (creditor_id, period);
CREATE INDEX permanent_debt_creditor_debtor_idx ON permanent_debt (creditor_id, debtor_id);
