-- The debtor's VAT identification number (USt-IdNr., document 1 §3 "Address … Other words: VAT id";
-- issue 8): optional, entered in the create and edit debtor dialogs or kept from the document a
-- debtor was created from. Stored compact and upper case (DE123456789), the form the e-invoice
-- buyer's VAT id is compared in: debtor identification matches by it first, then IBAN, then name
-- and address. The check mirrors the validation rule `vatId` (schema/validation.yaml).
ALTER TABLE debtor ADD COLUMN vat_id text
  CONSTRAINT debtor_vat_id_check CHECK (vat_id ~ '^[A-Z]{2}[A-Z0-9]{2,12}$' AND (vat_id NOT LIKE 'DE%' OR vat_id ~ '^DE[0-9]{9}$'));
CREATE INDEX debtor_vat_id_idx ON debtor (creditor_id, vat_id) WHERE vat_id IS NOT NULL;
