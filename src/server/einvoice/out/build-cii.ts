import {
  BILLING_PROCESS_ID,
  computeTotals,
  date102,
  decimal,
  EN16931_CUSTOMIZATION_ID,
  money,
  SEPA_CREDIT_TRANSFER,
  TYPE_CODE,
  XRECHNUNG_CUSTOMIZATION_ID,
  xmlText as x,
} from './invoice-totals';
import type {
  InvoiceTotals,
  OutgoingAllowanceCharge,
  OutgoingBuyer,
  OutgoingInvoice,
  OutgoingLine,
  OutgoingSeller,
  VatTreatment,
} from './outgoing-invoice.types';

/*
 * UN/CEFACT CII D16B (CEN/TS 16931-3-3). The same writer serves XRechnung CII (guideline
 * XRechnung 3.0) and the factur-x.xml of ZUGFeRD 2.3 / Factur-X 1.07 profile EN 16931 (guideline
 * urn:cen.eu:en16931:2017); elements follow the D16B XSD's sequences.
 */

const dateTime = (isoDate: string, element = 'udt:DateTimeString') => `<${element} format="102">${date102(isoDate)}</${element}>`;

function tradeTax(vat: VatTreatment, extra: { calculated?: number; basis?: number } = {}): string {
  const parts = [
    extra.calculated === undefined ? '' : `<ram:CalculatedAmount>${money(extra.calculated)}</ram:CalculatedAmount>`,
    '<ram:TypeCode>VAT</ram:TypeCode>',
    extra.basis !== undefined && vat.exemptionReason ? `<ram:ExemptionReason>${x(vat.exemptionReason)}</ram:ExemptionReason>` : '',
    extra.basis === undefined ? '' : `<ram:BasisAmount>${money(extra.basis)}</ram:BasisAmount>`,
    `<ram:CategoryCode>${vat.category}</ram:CategoryCode>`,
    `<ram:RateApplicablePercent>${decimal(vat.rate)}</ram:RateApplicablePercent>`,
  ];
  return parts.join('');
}

function allowanceCharge(ac: OutgoingAllowanceCharge): string {
  const tax = ac.vat ? `<ram:CategoryTradeTax>${tradeTax(ac.vat)}</ram:CategoryTradeTax>` : '';
  return `<ram:SpecifiedTradeAllowanceCharge><ram:ChargeIndicator><udt:Indicator>${ac.charge}</udt:Indicator></ram:ChargeIndicator><ram:ActualAmount>${money(ac.amount)}</ram:ActualAmount><ram:Reason>${x(ac.reason)}</ram:Reason>${tax}</ram:SpecifiedTradeAllowanceCharge>`;
}

function party(element: string, p: OutgoingSeller | OutgoingBuyer, seller: OutgoingSeller | null): string {
  const contact = seller
    ? `
        <ram:DefinedTradeContact><ram:PersonName>${x(seller.contactName)}</ram:PersonName><ram:TelephoneUniversalCommunication><ram:CompleteNumber>${x(seller.contactPhone)}</ram:CompleteNumber></ram:TelephoneUniversalCommunication><ram:EmailURIUniversalCommunication><ram:URIID>${x(seller.contactEmail)}</ram:URIID></ram:EmailURIUniversalCommunication></ram:DefinedTradeContact>`
    : '';
  const tax = p.vatId ? `\n        <ram:SpecifiedTaxRegistration><ram:ID schemeID="VA">${x(p.vatId)}</ram:ID></ram:SpecifiedTaxRegistration>` : '';
  return `
      <ram:${element}>
        <ram:Name>${x(p.name)}</ram:Name>${contact}
        <ram:PostalTradeAddress><ram:PostcodeCode>${x(p.zip)}</ram:PostcodeCode><ram:LineOne>${x(p.street)}</ram:LineOne><ram:CityName>${x(p.city)}</ram:CityName><ram:CountryID>${x(p.country)}</ram:CountryID></ram:PostalTradeAddress>
        <ram:URIUniversalCommunication><ram:URIID schemeID="EM">${x(p.email)}</ram:URIID></ram:URIUniversalCommunication>${tax}
      </ram:${element}>`;
}

function line(l: OutgoingLine, index: number, net: number): string {
  const period = l.period
    ? `<ram:BillingSpecifiedPeriod><ram:StartDateTime>${dateTime(l.period.start)}</ram:StartDateTime><ram:EndDateTime>${dateTime(l.period.end)}</ram:EndDateTime></ram:BillingSpecifiedPeriod>`
    : '';
  return `
    <ram:IncludedSupplyChainTradeLineItem>
      <ram:AssociatedDocumentLineDocument><ram:LineID>${index + 1}</ram:LineID></ram:AssociatedDocumentLineDocument>
      <ram:SpecifiedTradeProduct><ram:Name>${x(l.name)}</ram:Name></ram:SpecifiedTradeProduct>
      <ram:SpecifiedLineTradeAgreement><ram:NetPriceProductTradePrice><ram:ChargeAmount>${money(l.unitPrice)}</ram:ChargeAmount></ram:NetPriceProductTradePrice></ram:SpecifiedLineTradeAgreement>
      <ram:SpecifiedLineTradeDelivery><ram:BilledQuantity unitCode="${x(l.unitCode)}">${decimal(l.quantity)}</ram:BilledQuantity></ram:SpecifiedLineTradeDelivery>
      <ram:SpecifiedLineTradeSettlement>
        <ram:ApplicableTradeTax>${tradeTax(l.vat)}</ram:ApplicableTradeTax>${period}${(l.allowancesCharges ?? []).map(allowanceCharge).join('')}
        <ram:SpecifiedTradeSettlementLineMonetarySummation><ram:LineTotalAmount>${money(net)}</ram:LineTotalAmount></ram:SpecifiedTradeSettlementLineMonetarySummation>
      </ram:SpecifiedLineTradeSettlement>
    </ram:IncludedSupplyChainTradeLineItem>`;
}

function summation(t: InvoiceTotals, currency: string): string {
  const parts = [
    `<ram:LineTotalAmount>${money(t.lineTotal)}</ram:LineTotalAmount>`,
    t.chargeTotal ? `<ram:ChargeTotalAmount>${money(t.chargeTotal)}</ram:ChargeTotalAmount>` : '',
    t.allowanceTotal ? `<ram:AllowanceTotalAmount>${money(t.allowanceTotal)}</ram:AllowanceTotalAmount>` : '',
    `<ram:TaxBasisTotalAmount>${money(t.taxBasis)}</ram:TaxBasisTotalAmount>`,
    `<ram:TaxTotalAmount currencyID="${x(currency)}">${money(t.taxTotal)}</ram:TaxTotalAmount>`,
    t.rounding ? `<ram:RoundingAmount>${money(t.rounding)}</ram:RoundingAmount>` : '',
    `<ram:GrandTotalAmount>${money(t.grandTotal)}</ram:GrandTotalAmount>`,
    t.prepaid ? `<ram:TotalPrepaidAmount>${money(t.prepaid)}</ram:TotalPrepaidAmount>` : '',
    `<ram:DuePayableAmount>${money(t.duePayable)}</ram:DuePayableAmount>`,
  ];
  return `<ram:SpecifiedTradeSettlementHeaderMonetarySummation>${parts.join('')}</ram:SpecifiedTradeSettlementHeaderMonetarySummation>`;
}

/**
 * Writes a CII D16B invoice: `guideline: 'xrechnung'` for XRechnung 3.0 CII, `'en16931'` for the
 * factur-x.xml of a ZUGFeRD/Factur-X EN 16931 PDF.
 *
 * @example buildCii(invoice, 'xrechnung') // '<?xml …<rsm:CrossIndustryInvoice …><ram:ID>RE-1</ram:ID>…'
 */
export function buildCii(inv: OutgoingInvoice, guideline: 'xrechnung' | 'en16931', totals: InvoiceTotals = computeTotals(inv)): string {
  const c = inv.currency;
  const note = inv.note ? `<ram:IncludedNote><ram:Content>${x(inv.note)}</ram:Content></ram:IncludedNote>` : '';
  const delivery = inv.deliveryDate
    ? `<ram:ActualDeliverySupplyChainEvent><ram:OccurrenceDateTime>${dateTime(inv.deliveryDate)}</ram:OccurrenceDateTime></ram:ActualDeliverySupplyChainEvent>`
    : '';
  const account = [
    `<ram:IBANID>${x(inv.payment.iban)}</ram:IBANID>`,
    inv.payment.accountName ? `<ram:AccountName>${x(inv.payment.accountName)}</ram:AccountName>` : '',
  ].join('');
  const bic = inv.payment.bic
    ? `<ram:PayeeSpecifiedCreditorFinancialInstitution><ram:BICID>${x(inv.payment.bic)}</ram:BICID></ram:PayeeSpecifiedCreditorFinancialInstitution>`
    : '';
  const dueDate = inv.kind === 'invoice' && inv.dueDate ? `<ram:DueDateDateTime>${dateTime(inv.dueDate)}</ram:DueDateDateTime>` : '';
  const preceding = inv.precedingInvoice
    ? `
      <ram:InvoiceReferencedDocument><ram:IssuerAssignedID>${x(inv.precedingInvoice.number)}</ram:IssuerAssignedID>${
        inv.precedingInvoice.issueDate ? `<ram:FormattedIssueDateTime>${dateTime(inv.precedingInvoice.issueDate, 'qdt:DateTimeString')}</ram:FormattedIssueDateTime>` : ''
      }</ram:InvoiceReferencedDocument>`
    : '';
  const vat = totals.vat.map((v) => `\n      <ram:ApplicableTradeTax>${tradeTax(v, { calculated: v.tax, basis: v.base })}</ram:ApplicableTradeTax>`).join('');
  const docAcs = (inv.allowancesCharges ?? []).map((ac) => `\n      ${allowanceCharge(ac)}`).join('');
  return `<?xml version="1.0" encoding="UTF-8"?>
<rsm:CrossIndustryInvoice xmlns:rsm="urn:un:unece:uncefact:data:standard:CrossIndustryInvoice:100"
  xmlns:ram="urn:un:unece:uncefact:data:standard:ReusableAggregateBusinessInformationEntity:100"
  xmlns:qdt="urn:un:unece:uncefact:data:standard:QualifiedDataType:100"
  xmlns:udt="urn:un:unece:uncefact:data:standard:UnqualifiedDataType:100">
  <rsm:ExchangedDocumentContext>
    <ram:BusinessProcessSpecifiedDocumentContextParameter><ram:ID>${BILLING_PROCESS_ID}</ram:ID></ram:BusinessProcessSpecifiedDocumentContextParameter>
    <ram:GuidelineSpecifiedDocumentContextParameter><ram:ID>${guideline === 'xrechnung' ? XRECHNUNG_CUSTOMIZATION_ID : EN16931_CUSTOMIZATION_ID}</ram:ID></ram:GuidelineSpecifiedDocumentContextParameter>
  </rsm:ExchangedDocumentContext>
  <rsm:ExchangedDocument>
    <ram:ID>${x(inv.number)}</ram:ID>
    <ram:TypeCode>${TYPE_CODE[inv.kind]}</ram:TypeCode>
    <ram:IssueDateTime>${dateTime(inv.issueDate)}</ram:IssueDateTime>${note}
  </rsm:ExchangedDocument>
  <rsm:SupplyChainTradeTransaction>${inv.lines.map((l, i) => line(l, i, totals.lineNet[i])).join('')}
    <ram:ApplicableHeaderTradeAgreement>
      <ram:BuyerReference>${x(inv.buyerReference)}</ram:BuyerReference>${party('SellerTradeParty', inv.seller, inv.seller)}${party('BuyerTradeParty', inv.buyer, null)}
    </ram:ApplicableHeaderTradeAgreement>
    <ram:ApplicableHeaderTradeDelivery>${delivery}</ram:ApplicableHeaderTradeDelivery>
    <ram:ApplicableHeaderTradeSettlement>
      <ram:PaymentReference>${x(inv.number)}</ram:PaymentReference>
      <ram:InvoiceCurrencyCode>${x(c)}</ram:InvoiceCurrencyCode>
      <ram:SpecifiedTradeSettlementPaymentMeans><ram:TypeCode>${SEPA_CREDIT_TRANSFER}</ram:TypeCode><ram:PayeePartyCreditorFinancialAccount>${account}</ram:PayeePartyCreditorFinancialAccount>${bic}</ram:SpecifiedTradeSettlementPaymentMeans>${vat}${docAcs}
      <ram:SpecifiedTradePaymentTerms><ram:Description>${x(inv.paymentTerms)}</ram:Description>${dueDate}</ram:SpecifiedTradePaymentTerms>
      ${summation(totals, c)}${preceding}
    </ram:ApplicableHeaderTradeSettlement>
  </rsm:SupplyChainTradeTransaction>
</rsm:CrossIndustryInvoice>
`;
}
