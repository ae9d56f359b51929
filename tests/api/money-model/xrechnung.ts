import { addDays } from '../../../src/shared/validation/german-input.parse';

/**
 * The uploads of the money model: an XRechnung (UBL) written for the model's clock, in one of the
 * kinds below. Only `euroInvoice` may ever be bought: every other kind breaks a purchase rule of
 * document 1 (processing codes, purchase rules of src/server/processing/README.md).
 */
export const UPLOAD_KINDS = {
  /** a current euro invoice, due in 30 days: the only kind that may be bought */
  euroInvoice: { currency: 'EUR', typeCode: '380', issue: 0, due: 30, delivered: -1 },
  /** all amounts in US dollars (issue 25 item 1) */
  dollarInvoice: { currency: 'USD', typeCode: '380', issue: 0, due: 30, delivered: -1 },
  /** a credit note (type code 381) in an Invoice document (issue 25 item 1) */
  creditNote: { currency: 'EUR', typeCode: '381', issue: 0, due: 30, delivered: -1 },
  /** payment term over 90 days */
  longTerm: { currency: 'EUR', typeCode: '380', issue: 0, due: 120, delivered: -1 },
  /** due in less than 3 days */
  dueSoon: { currency: 'EUR', typeCode: '380', issue: -28, due: 1, delivered: -29 },
  /** service more than 30 days before the upload */
  oldService: { currency: 'EUR', typeCode: '380', issue: 0, due: 30, delivered: -45 },
} as const;
/** what an uploaded document was (`notBought`: a fixture invoice the model started as not purchased) */
export type UploadKind = keyof typeof UPLOAD_KINDS | 'notBought';
export const PURCHASABLE_KIND: UploadKind = 'euroInvoice';

const esc = (s: string) => s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
const money = (cents: number) => (cents / 100).toFixed(2);

/**
 * An XRechnung 3.0 (UBL) of `kind` over `grossCents` (19 % VAT), dated relative to `today` (yyyy-MM-dd).
 *
 * @example buildXRechnung({ kind: 'euroInvoice', today: '2026-11-27', number: 'MM-1', grossCents: 119_000, buyer })
 */
export function buildXRechnung(o: {
  kind: UploadKind;
  today: string;
  number: string;
  grossCents: number;
  buyer: { name: string; street: string; zip: string; city: string };
}): Buffer {
  const k = UPLOAD_KINDS[o.kind as keyof typeof UPLOAD_KINDS];
  const netCents = Math.round(o.grossCents / 1.19);
  const [gross, net, tax] = [money(o.grossCents), money(netCents), money(o.grossCents - netCents)];
  const cur = k.currency;
  const issue = addDays(o.today, k.issue);
  return Buffer.from(`<?xml version="1.0" encoding="UTF-8"?>
<ubl:Invoice xmlns:ubl="urn:oasis:names:specification:ubl:schema:xsd:Invoice-2"
             xmlns:cac="urn:oasis:names:specification:ubl:schema:xsd:CommonAggregateComponents-2"
             xmlns:cbc="urn:oasis:names:specification:ubl:schema:xsd:CommonBasicComponents-2">
  <cbc:CustomizationID>urn:cen.eu:en16931:2017#compliant#urn:xeinkauf.de:kosit:xrechnung_3.0</cbc:CustomizationID>
  <cbc:ProfileID>urn:fdc:peppol.eu:2017:poacc:billing:01:1.0</cbc:ProfileID>
  <cbc:ID>${esc(o.number)}</cbc:ID>
  <cbc:IssueDate>${issue}</cbc:IssueDate>
  <cbc:DueDate>${addDays(issue, k.due)}</cbc:DueDate>
  <cbc:InvoiceTypeCode>${k.typeCode}</cbc:InvoiceTypeCode>
  <cbc:DocumentCurrencyCode>${cur}</cbc:DocumentCurrencyCode>
  <cbc:BuyerReference>MODEL</cbc:BuyerReference>
  <cac:AccountingSupplierParty>
    <cac:Party>
      <cbc:EndpointID schemeID="EM">rechnung@kontor-demo.example</cbc:EndpointID>
      <cac:PostalAddress>
        <cbc:StreetName>Demoweg 1</cbc:StreetName>
        <cbc:CityName>Berlin</cbc:CityName>
        <cbc:PostalZone>10115</cbc:PostalZone>
        <cac:Country><cbc:IdentificationCode>DE</cbc:IdentificationCode></cac:Country>
      </cac:PostalAddress>
      <cac:PartyTaxScheme>
        <cbc:CompanyID>DE123456789</cbc:CompanyID>
        <cac:TaxScheme><cbc:ID>VAT</cbc:ID></cac:TaxScheme>
      </cac:PartyTaxScheme>
      <cac:PartyLegalEntity><cbc:RegistrationName>Kontor Demo Lieferant</cbc:RegistrationName></cac:PartyLegalEntity>
    </cac:Party>
  </cac:AccountingSupplierParty>
  <cac:AccountingCustomerParty>
    <cac:Party>
      <cbc:EndpointID schemeID="EM">buchhaltung@kunde.example</cbc:EndpointID>
      <cac:PostalAddress>
        <cbc:StreetName>${esc(o.buyer.street)}</cbc:StreetName>
        <cbc:CityName>${esc(o.buyer.city)}</cbc:CityName>
        <cbc:PostalZone>${esc(o.buyer.zip)}</cbc:PostalZone>
        <cac:Country><cbc:IdentificationCode>DE</cbc:IdentificationCode></cac:Country>
      </cac:PostalAddress>
      <cac:PartyLegalEntity><cbc:RegistrationName>${esc(o.buyer.name)}</cbc:RegistrationName></cac:PartyLegalEntity>
    </cac:Party>
  </cac:AccountingCustomerParty>
  <cac:Delivery><cbc:ActualDeliveryDate>${addDays(o.today, k.delivered)}</cbc:ActualDeliveryDate></cac:Delivery>
  <cac:PaymentMeans>
    <cbc:PaymentMeansCode>58</cbc:PaymentMeansCode>
    <cac:PayeeFinancialAccount><cbc:ID>DE02120300000000202051</cbc:ID></cac:PayeeFinancialAccount>
  </cac:PaymentMeans>
  <cac:TaxTotal>
    <cbc:TaxAmount currencyID="${cur}">${tax}</cbc:TaxAmount>
    <cac:TaxSubtotal>
      <cbc:TaxableAmount currencyID="${cur}">${net}</cbc:TaxableAmount>
      <cbc:TaxAmount currencyID="${cur}">${tax}</cbc:TaxAmount>
      <cac:TaxCategory><cbc:ID>S</cbc:ID><cbc:Percent>19</cbc:Percent><cac:TaxScheme><cbc:ID>VAT</cbc:ID></cac:TaxScheme></cac:TaxCategory>
    </cac:TaxSubtotal>
  </cac:TaxTotal>
  <cac:LegalMonetaryTotal>
    <cbc:LineExtensionAmount currencyID="${cur}">${net}</cbc:LineExtensionAmount>
    <cbc:TaxExclusiveAmount currencyID="${cur}">${net}</cbc:TaxExclusiveAmount>
    <cbc:TaxInclusiveAmount currencyID="${cur}">${gross}</cbc:TaxInclusiveAmount>
    <cbc:PayableAmount currencyID="${cur}">${gross}</cbc:PayableAmount>
  </cac:LegalMonetaryTotal>
  <cac:InvoiceLine>
    <cbc:ID>1</cbc:ID>
    <cbc:InvoicedQuantity unitCode="H87">1</cbc:InvoicedQuantity>
    <cbc:LineExtensionAmount currencyID="${cur}">${net}</cbc:LineExtensionAmount>
    <cac:Item>
      <cbc:Name>Beratungsleistung</cbc:Name>
      <cac:ClassifiedTaxCategory><cbc:ID>S</cbc:ID><cbc:Percent>19</cbc:Percent><cac:TaxScheme><cbc:ID>VAT</cbc:ID></cac:TaxScheme></cac:ClassifiedTaxCategory>
    </cac:Item>
    <cac:Price><cbc:PriceAmount currencyID="${cur}">${net}</cbc:PriceAmount></cac:Price>
  </cac:InvoiceLine>
</ubl:Invoice>
`);
}
