import type {
  EInvoiceBuyer,
  EInvoicePaymentMeans,
  EInvoiceSeller,
  RawAmount,
  RawDate,
  RawInvoice,
  RawVat,
} from './einvoice.types';
import { accountId, DIRECT_DEBIT_CODES } from './einvoice-codes';
import { all, attr, first, joinedText, text, textAt, type XmlNode } from './xml/xml-node';

/**
 * Maps a UBL 2.1 Invoice or CreditNote to the raw invoice, following the EN 16931 UBL binding
 * (CEN/TS 16931-3-2). Values stay as written; `finishInvoice` checks and converts them.
 *
 * @example
 * mapUbl(parsed.root, 'Invoice').number // '123456XX'
 */
export function mapUbl(root: XmlNode, kind: 'Invoice' | 'CreditNote'): RawInvoice {
  const supplier = first(root, 'AccountingSupplierParty', 'Party');
  const customer = first(root, 'AccountingCustomerParty', 'Party');
  return {
    format: 'ubl',
    profile: textAt(root, 'CustomizationID'),
    typeCode: textAt(root, kind === 'Invoice' ? 'InvoiceTypeCode' : 'CreditNoteTypeCode'),
    number: textAt(root, 'ID'),
    issueDate: xsDate(first(root, 'IssueDate')),
    // BT-9: cbc:DueDate on an Invoice; a CreditNote has it only in PaymentMeans (binding of BT-9).
    dueDate: xsDate(first(root, 'DueDate') ?? first(root, 'PaymentMeans', 'PaymentDueDate')),
    deliveryDate: xsDate(first(root, 'Delivery', 'ActualDeliveryDate')),
    paymentTerms: joinedText(root, 'PaymentTerms', 'Note'),
    currency: textAt(root, 'DocumentCurrencyCode'),
    amountDue: amounts(root, 'PayableAmount'),
    grossAmount: amounts(root, 'TaxInclusiveAmount'),
    seller: seller(supplier),
    buyer: buyer(customer),
    paymentMeans: paymentMeans(root, supplier),
    lineCount: all(root, kind === 'Invoice' ? 'InvoiceLine' : 'CreditNoteLine').length,
    vatBreakdown: vatBreakdown(root),
  };
}

/** BG-23: the TaxSubtotals (a second TaxTotal in the accounting currency, BT-111, has none). */
function vatBreakdown(root: XmlNode): RawVat[] {
  return all(root, 'TaxTotal', 'TaxSubtotal').map((subtotal) => {
    const category = first(subtotal, 'TaxCategory');
    const amount = (name: string) => all(subtotal, name).map((node) => ({ value: text(node) ?? '', currencyId: attr(node, 'currencyID') }));
    return {
      category: textAt(category, 'ID'),
      rate: textAt(category, 'Percent'),
      base: amount('TaxableAmount'),
      tax: amount('TaxAmount'),
      exemptionReason: textAt(category, 'TaxExemptionReason') ?? textAt(category, 'TaxExemptionReasonCode'),
    };
  });
}

function xsDate(node: XmlNode | undefined): RawDate | null {
  const value = text(node);
  return value === null ? null : { value, format: null, syntax: 'xsd' };
}

function amounts(root: XmlNode, name: string): RawAmount[] {
  return all(root, 'LegalMonetaryTotal', name).map((node) => ({
    value: text(node) ?? '',
    currencyId: attr(node, 'currencyID'),
  }));
}

// BT-27 is the legal registration name; the trading name (BT-28) only stands in when it is missing.
function partyName(party: XmlNode | undefined): string | null {
  return textAt(party, 'PartyLegalEntity', 'RegistrationName') ?? textAt(party, 'PartyName', 'Name');
}

function address(party: XmlNode | undefined) {
  const postal = first(party, 'PostalAddress');
  return {
    street: textAt(postal, 'StreetName'),
    zip: textAt(postal, 'PostalZone'),
    city: textAt(postal, 'CityName'),
    country: textAt(postal, 'Country', 'IdentificationCode'),
  };
}

/** A party's VAT id: the PartyTaxScheme whose TaxScheme is VAT (seller BT-31, buyer BT-48); other schemes carry the tax number (BT-32). */
function vatIdOf(party: XmlNode | undefined): string | null {
  const vat = all(party, 'PartyTaxScheme').find(
    (scheme) => textAt(scheme, 'TaxScheme', 'ID')?.toUpperCase() === 'VAT',
  );
  return textAt(vat, 'CompanyID');
}

function seller(party: XmlNode | undefined): EInvoiceSeller {
  return { name: partyName(party), vatId: vatIdOf(party), ...address(party) };
}

function buyer(party: XmlNode | undefined): EInvoiceBuyer {
  const endpoint = first(party, 'EndpointID');
  const endpointEmail = attr(endpoint, 'schemeID') === 'EM' ? text(endpoint) : null;
  return {
    name: partyName(party),
    vatId: vatIdOf(party),
    ...address(party),
    email: textAt(party, 'Contact', 'ElectronicMail') ?? endpointEmail,
  };
}

/** BT-90: the SEPA creditor id is a party identification with scheme "SEPA", at the payee or the seller. */
function sepaCreditorId(root: XmlNode, supplier: XmlNode | undefined): string | null {
  const ids = [
    ...all(root, 'PayeeParty', 'PartyIdentification', 'ID'),
    ...all(supplier, 'PartyIdentification', 'ID'),
  ];
  return text(ids.find((id) => attr(id, 'schemeID')?.toUpperCase() === 'SEPA'));
}

function paymentMeans(root: XmlNode, supplier: XmlNode | undefined): EInvoicePaymentMeans[] {
  const creditorId = sepaCreditorId(root, supplier);
  return all(root, 'PaymentMeans').map((means) => {
    const code = textAt(means, 'PaymentMeansCode');
    const mandate = first(means, 'PaymentMandate');
    const directDebit = mandate !== undefined || (code !== null && DIRECT_DEBIT_CODES.has(code));
    return {
      code,
      iban: accountId(
        textAt(means, 'PayeeFinancialAccount', 'ID') ?? textAt(mandate, 'PayerFinancialAccount', 'ID'),
      ),
      mandateReference: textAt(mandate, 'ID'),
      creditorId: directDebit ? creditorId : null,
    };
  });
}
