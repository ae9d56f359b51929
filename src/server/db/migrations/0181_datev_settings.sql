-- DATEV export settings of a creditor (issue 30; src/server/export/datev/README.md): the EXTF
-- header's consultant and client number, the fiscal year's first month, the length of the G/L
-- accounts, the chart of accounts (SKR03 or SKR04) and the debtor account used when a debtor has
-- no numeric account of its own. Ranges as DATEV's format description gives them.
CREATE DOMAIN datev_chart AS text CHECK (VALUE IN ('SKR03', 'SKR04'));

ALTER TABLE creditor
  ADD COLUMN datev_consultant_number integer CHECK (datev_consultant_number BETWEEN 1001 AND 9999999),
  ADD COLUMN datev_client_number integer CHECK (datev_client_number BETWEEN 1 AND 99999),
  ADD COLUMN datev_fiscal_year_start_month integer NOT NULL DEFAULT 1 CHECK (datev_fiscal_year_start_month BETWEEN 1 AND 12),
  ADD COLUMN datev_account_length integer NOT NULL DEFAULT 4 CHECK (datev_account_length BETWEEN 4 AND 8),
  ADD COLUMN datev_chart datev_chart NOT NULL DEFAULT 'SKR03',
  ADD COLUMN datev_collective_debtor_account integer CHECK (datev_collective_debtor_account > 0);
