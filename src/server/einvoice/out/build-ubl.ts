import {
  BILLING_PROCESS_ID,
  computeTotals,
  decimal,
  money,
  SEPA_CREDIT_TRANSFER,
  TYPE_CODE,
  XRECHNUNG_CUSTOMIZATION_ID,
  xmlText as x,
} from './invoice-totals';
import type {
  InvoiceTotals,
  OutgoingAllowanceCharge,
  OutgoingInvoice,
  OutgoingLine,
  VatTreatment,
} from './outgoing-invoice.types';

/*
 * XRechnung 3.0 in the UBL 2.1 syntax (CEN/TS 16931-3-2): an Invoice for 380, a CreditNote for 381.
 * Elements are written in the XSD's fixed sequence (UBL-Invoice-2.1.xsd / UBL-CreditNote-2.1.xsd);
 * the two documents differ only in the root, the type-code and line element names, the quantity
 * name and that a CreditNote has no cbc:DueDate.
 */

const NS = {
  invoice: 'urn:oasis:names:specification:ubl:schema:xsd:Invoice-2',
  creditNote: 'urn:oasis:names:specification:ubl:schema:xsd:CreditNote-2',
};

const amount = (cents: number, currency: string, name: string) =>
  `<cbc:${name} currencyID="${x(currency)}">${money(cents)}</cbc:${name}>`;

function taxCategory(element: string, vat: VatTreatment, withExemption: boolean): string {
  const exemption = withExemption && vat.exemptionReason ? `<cbc:TaxExemptionReason>${x(vat.exemptionReason)}</cbc:TaxExemptionReason>` : '';
  return `<cac:${element}><cbc:ID>${vat.category}</cbc:ID><cbc:Percent>${decimal(vat.rate)}</cbc:Percent>${exemption}<cac:TaxScheme><cbc:ID>VAT</cbc:ID></cac:TaxScheme></cac:${element}>`;
}

function allowanceCharge(ac: OutgoingAllowanceCharge, currency: string): string {
  return `
  <cac:AllowanceCharge>
    <cbc:ChargeIndicator>${ac.charge}</cbc:ChargeIndicator>
    <cbc:AllowanceChargeReason>${x(ac.reason)}</cbc:AllowanceChargeReason>
    ${amount(ac.amount, currency, 'Amount')}${ac.vat ? `\n    ${taxCategory('TaxCategory', ac.vat, false)}` : ''}
  </cac:AllowanceCharge>`;
}

function party(p: OutgoingInvoice['seller'] | OutgoingInvoice['buyer'], contact: string): string {
  const tax = p.vatId
    ? `
      <cac:PartyTaxScheme><cbc:CompanyID>${x(p.vatId)}</cbc:CompanyID><cac:TaxScheme><cbc:ID>VAT</cbc:ID></cac:TaxScheme></cac:PartyTaxScheme>`
    : '';
  return `<cac:Party>
      <cbc:EndpointID schemeID="EM">${x(p.email)}</cbc:EndpointID>
      <cac:PostalAddress>
        <cbc:StreetName>${x(p.street)}</cbc:StreetName>
        <cbc:CityName>${x(p.city)}</cbc:CityName>
        <cbc:PostalZone>${x(p.zip)}</cbc:PostalZone>
        <cac:Country><cbc:IdentificationCode>${x(p.country)}</cbc:IdentificationCode></cac:Country>
      </cac:PostalAddress>${tax}
      <cac:PartyLegalEntity><cbc:RegistrationName>${x(p.name)}</cbc:RegistrationName></cac:PartyLegalEntity>${contact}
    </cac:Party>`;
}

function line(inv: OutgoingInvoice, l: OutgoingLine, index: number, net: number): string {
  const credit = inv.kind === 'creditNote';
  const element = credit ? 'CreditNoteLine' : 'InvoiceLine';
  const quantity = credit ? 'CreditedQuantity' : 'InvoicedQuantity';
  const period = l.period
    ? `
    <cac:InvoicePeriod><cbc:StartDate>${l.period.start}</cbc:StartDate><cbc:EndDate>${l.period.end}</cbc:EndDate></cac:InvoicePeriod>`
    : '';
  const acs = (l.allowancesCharges ?? []).map((ac) => allowanceCharge(ac, inv.currency).replace(/\n {2}/g, '\n    ')).join('');
  return `
  <cac:${element}>
    <cbc:ID>${index + 1}</cbc:ID>
    <cbc:${quantity} unitCode="${x(l.unitCode)}">${decimal(l.quantity)}</cbc:${quantity}>
    ${amount(net, inv.currency, 'LineExtensionAmount')}${period}${acs}
    <cac:Item>
      <cbc:Name>${x(l.name)}</cbc:Name>
      ${taxCategory('ClassifiedTaxCategory', l.vat, false)}
    </cac:Item>
    <cac:Price>${amount(l.unitPrice, inv.currency, 'PriceAmount')}</cac:Price>
  </cac:${element}>`;
}

function monetaryTotal(t: InvoiceTotals, currency: string): string {
  const m = (cents: number, name: string) => amount(cents, currency, name);
  return `
  <cac:LegalMonetaryTotal>
    ${m(t.lineTotal, 'LineExtensionAmount')}
    ${m(t.taxBasis, 'TaxExclusiveAmount')}
    ${m(t.grandTotal, 'TaxInclusiveAmount')}${t.allowanceTotal ? `\n    ${m(t.allowanceTotal, 'AllowanceTotalAmount')}` : ''}${t.chargeTotal ? `\n    ${m(t.chargeTotal, 'ChargeTotalAmount')}` : ''}${t.prepaid ? `\n    ${m(t.prepaid, 'PrepaidAmount')}` : ''}${t.rounding ? `\n    ${m(t.rounding, 'PayableRoundingAmount')}` : ''}
    ${m(t.duePayable, 'PayableAmount')}
  </cac:LegalMonetaryTotal>`;
}

/**
 * Writes an XRechnung 3.0 UBL Invoice (380) or CreditNote (381).
 *
 * @example buildXRechnungUbl(invoice).startsWith('<?xml') // true; '<ubl:Invoice …><cbc:ID>RE-1</cbc:ID>…'
 */
export function buildXRechnungUbl(inv: OutgoingInvoice, totals: InvoiceTotals = computeTotals(inv)): string {
  const credit = inv.kind === 'creditNote';
  const root = credit ? 'CreditNote' : 'Invoice';
  const c = inv.currency;
  const s = inv.seller;
  const sellerContact = `
      <cac:Contact><cbc:Name>${x(s.contactName)}</cbc:Name><cbc:Telephone>${x(s.contactPhone)}</cbc:Telephone><cbc:ElectronicMail>${x(s.contactEmail)}</cbc:ElectronicMail></cac:Contact>`;
  const due = !credit && inv.dueDate ? `\n  <cbc:DueDate>${inv.dueDate}</cbc:DueDate>` : '';
  const note = inv.note ? `\n  <cbc:Note>${x(inv.note)}</cbc:Note>` : '';
  const billing = inv.precedingInvoice
    ? `
  <cac:BillingReference><cac:InvoiceDocumentReference><cbc:ID>${x(inv.precedingInvoice.number)}</cbc:ID>${
    inv.precedingInvoice.issueDate ? `<cbc:IssueDate>${inv.precedingInvoice.issueDate}</cbc:IssueDate>` : ''
  }</cac:InvoiceDocumentReference></cac:BillingReference>`
    : '';
  const delivery = inv.deliveryDate ? `\n  <cac:Delivery><cbc:ActualDeliveryDate>${inv.deliveryDate}</cbc:ActualDeliveryDate></cac:Delivery>` : '';
  const account = [
    `<cbc:ID>${x(inv.payment.iban)}</cbc:ID>`,
    inv.payment.accountName ? `<cbc:Name>${x(inv.payment.accountName)}</cbc:Name>` : '',
    inv.payment.bic ? `<cac:FinancialInstitutionBranch><cbc:ID>${x(inv.payment.bic)}</cbc:ID></cac:FinancialInstitutionBranch>` : '',
  ].join('');
  const subtotals = totals.vat
    .map(
      (v) => `
    <cac:TaxSubtotal>
      ${amount(v.base, c, 'TaxableAmount')}
      ${amount(v.tax, c, 'TaxAmount')}
      ${taxCategory('TaxCategory', v, true)}
    </cac:TaxSubtotal>`,
    )
    .join('');
  return `<?xml version="1.0" encoding="UTF-8"?>
<ubl:${root} xmlns:ubl="${NS[inv.kind]}"
  xmlns:cac="urn:oasis:names:specification:ubl:schema:xsd:CommonAggregateComponents-2"
  xmlns:cbc="urn:oasis:names:specification:ubl:schema:xsd:CommonBasicComponents-2">
  <cbc:CustomizationID>${XRECHNUNG_CUSTOMIZATION_ID}</cbc:CustomizationID>
  <cbc:ProfileID>${BILLING_PROCESS_ID}</cbc:ProfileID>
  <cbc:ID>${x(inv.number)}</cbc:ID>
  <cbc:IssueDate>${inv.issueDate}</cbc:IssueDate>${due}
  <cbc:${root}TypeCode>${TYPE_CODE[inv.kind]}</cbc:${root}TypeCode>${note}
  <cbc:DocumentCurrencyCode>${x(c)}</cbc:DocumentCurrencyCode>
  <cbc:BuyerReference>${x(inv.buyerReference)}</cbc:BuyerReference>${billing}
  <cac:AccountingSupplierParty>
    ${party(s, sellerContact)}
  </cac:AccountingSupplierParty>
  <cac:AccountingCustomerParty>
    ${party(inv.buyer, '')}
  </cac:AccountingCustomerParty>${delivery}
  <cac:PaymentMeans>
    <cbc:PaymentMeansCode>${SEPA_CREDIT_TRANSFER}</cbc:PaymentMeansCode>
    <cbc:PaymentID>${x(inv.number)}</cbc:PaymentID>
    <cac:PayeeFinancialAccount>${account}</cac:PayeeFinancialAccount>
  </cac:PaymentMeans>
  <cac:PaymentTerms><cbc:Note>${x(inv.paymentTerms)}</cbc:Note></cac:PaymentTerms>${(inv.allowancesCharges ?? []).map((ac) => allowanceCharge(ac, c)).join('')}
  <cac:TaxTotal>
    ${amount(totals.taxTotal, c, 'TaxAmount')}${subtotals}
  </cac:TaxTotal>${monetaryTotal(totals, c)}${inv.lines.map((l, i) => line(inv, l, i, totals.lineNet[i])).join('')}
</ubl:${root}>
`;
}
