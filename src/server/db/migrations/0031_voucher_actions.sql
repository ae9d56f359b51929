-- Voucher actions (issue "The write side, part 3", item 1; schema/commands/vouchers.yaml): what the
-- commands on one voucher keep beyond the amounts and states the voucher already has.

-- The creditor's actions are voucher history events of their own kind (schema/enums/historyEventType).
ALTER DOMAIN history_event_type DROP CONSTRAINT history_event_type_check;
ALTER DOMAIN history_event_type ADD CONSTRAINT history_event_type_check
  CHECK (VALUE IN ('work_queue', 'bnet_status', 'bnet_purchase_status', 'action'));

-- Like debtor_history (0030): the command's history event key and what it was given; null for rows
-- written by document processing or the work queue.
ALTER TABLE voucher_history ADD COLUMN event text;
ALTER TABLE voucher_history ADD COLUMN payload jsonb;

ALTER TABLE voucher
  -- the last day of a running dunning stop (at most 10 days, document 1 §4); the job that ends
  -- expired stops reads it
  ADD COLUMN dunning_block_until date,
  -- sub-status and dunning type before a dunning stop, dispute or delay began: restored when it ends
  ADD COLUMN resume_sub_status voucher_sub_status,
  ADD COLUMN resume_dunning_type dunning_type;

-- "Credit voucher number: unique" (document 1 §5): the command refuses a number in use with a text;
-- this index keeps two concurrent credit notes on different invoices from taking the same number.
CREATE UNIQUE INDEX voucher_credit_advice_number_key ON voucher (creditor_id, lower(custom_number))
  WHERE type = 'credit_advice' AND custom_number IS NOT NULL;
