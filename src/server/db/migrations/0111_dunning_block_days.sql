-- Dunning stops are limited per voucher and dunning level (issue 25 item 4; schema/commands/vouchers.yaml,
-- src/server/domain/vouchers/README.md): at most 10 stop days in total on one dunning level, every stop
-- counting at least one day. The days used, the level they count for and the first day of the running
-- stop; a stop on another level starts with 10 days again.
ALTER TABLE voucher
  ADD COLUMN dunning_block_days_used integer NOT NULL DEFAULT 0 CHECK (dunning_block_days_used BETWEEN 0 AND 10),
  ADD COLUMN dunning_block_level dunning_type,
  ADD COLUMN dunning_block_from date;
