-- Outgoing e-invoices (issue 29; src/server/einvoice/out/README.md).
-- Per debtor location: the format its invoices are delivered in (enum eInvoiceFormat, beside the
-- unchanged delivery type e-mail/post; existing locations keep the spec's PDF) and the Leitweg-ID
-- of a public buyer (BT-10, checked by the forms' leitwegId rule).
-- Per creditor, the seller data an e-invoice needs that the registration does not ask for: the
-- VAT identification number (BT-31, compact upper case like debtor.vat_id) and the account the
-- debtors pay to (BG-17: IBAN in electronic form, optional BIC).
CREATE DOMAIN e_invoice_format AS text CHECK (VALUE IN ('pdf', 'xrechnungUbl', 'xrechnungCii', 'zugferd'));

ALTER TABLE location
  ADD COLUMN e_invoice_format e_invoice_format NOT NULL DEFAULT 'pdf',
  ADD COLUMN leitweg_id text;

ALTER TABLE creditor
  ADD COLUMN vat_id text,
  ADD COLUMN invoice_iban text,
  ADD COLUMN invoice_bic text;
