-- The VAT breakdown (BG-23) of an uploaded e-invoice, kept by document processing (read stage):
-- a list of { category, rate, base, tax, exemptionReason } with base and tax in integer cents.
-- The outgoing e-invoice (src/server/einvoice/out/README.md) and the DATEV export
-- (src/server/export/datev/README.md) state the voucher's amount at these rates. Null for a plain
-- PDF and for vouchers not read from a document (the standard-rate rule applies to them).
ALTER TABLE voucher ADD COLUMN vat_breakdown jsonb;
