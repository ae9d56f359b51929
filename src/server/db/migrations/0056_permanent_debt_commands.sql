-- Permanent debts as commands and their recurring invoices (issue 9 item 3;
-- schema/commands/permanentDebts.yaml, src/server/domain/permanent-debts/).

-- The attachment sent with the create form (multipart), kept with the permanent debt.
ALTER TABLE permanent_debt ADD COLUMN attachment_content bytea;

-- The period an invoice of a permanent debt is for (its execution date): one invoice per permanent
-- debt and period, however many sweeps run at once or again after a restart.
ALTER TABLE voucher ADD COLUMN permanent_debt_period date;
CREATE UNIQUE INDEX voucher_permanent_debt_period_key ON voucher (permanent_debt_id, permanent_debt_period)
  WHERE permanent_debt_id IS NOT NULL AND permanent_debt_period IS NOT NULL;
-- the sweep's due permanent debts
CREATE INDEX permanent_debt_due_idx ON permanent_debt (next_execution_date) WHERE status IN ('created', 'active');
