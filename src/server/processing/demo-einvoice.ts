import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { Kysely } from 'kysely';
import type { Database } from '../db/schema';

/*
 * The demo's e-invoice (issue 8, item 6). The shared samples are dated years ago, so the purchase
 * rules rightly refuse them (remaining term under 3 days). So that uploading an e-invoice as
 * creditor@example.com shows the whole way to an open purchased voucher, every start writes a
 * CURRENT XRechnung (UBL, written here, not a copied sample) into `<DATA_DIR>/demo-upload/`:
 * dated today, due in 30 days, delivered yesterday, addressed to a known customer of the demo
 * creditor whose available limit carries it.
 */

const DEMO_USER = 'creditor@example.com';
const AMOUNT_CENTS = 119_000; // 1.000,00 net + 19 % VAT

const day = (d: Date) => d.toISOString().slice(0, 10);
const addDays = (d: Date, n: number) => new Date(d.getTime() + n * 86_400_000);
const esc = (s: string) => s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');

export interface DemoBuyer {
  name: string;
  street: string;
  zip: string;
  city: string;
}

/**
 * An XRechnung 3.0 (UBL) invoice over 1.190,00 EUR dated `today`, due in 30 days.
 *
 * @example buildDemoXRechnung(new Date('2026-11-23'), 'DEMO-20261123', buyer) // '<?xml …<cbc:IssueDate>2026-11-23</cbc:IssueDate>…'
 */
export function buildDemoXRechnung(today: Date, number: string, buyer: DemoBuyer): string {
  const net = (AMOUNT_CENTS / 1.19 / 100).toFixed(2);
  const gross = (AMOUNT_CENTS / 100).toFixed(2);
  const tax = (Number(gross) - Number(net)).toFixed(2);
  return `<?xml version="1.0" encoding="UTF-8"?>
<ubl:Invoice xmlns:ubl="urn:oasis:names:specification:ubl:schema:xsd:Invoice-2"
             xmlns:cac="urn:oasis:names:specification:ubl:schema:xsd:CommonAggregateComponents-2"
             xmlns:cbc="urn:oasis:names:specification:ubl:schema:xsd:CommonBasicComponents-2">
  <cbc:CustomizationID>urn:cen.eu:en16931:2017#compliant#urn:xeinkauf.de:kosit:xrechnung_3.0</cbc:CustomizationID>
  <cbc:ProfileID>urn:fdc:peppol.eu:2017:poacc:billing:01:1.0</cbc:ProfileID>
  <cbc:ID>${esc(number)}</cbc:ID>
  <cbc:IssueDate>${day(today)}</cbc:IssueDate>
  <cbc:DueDate>${day(addDays(today, 30))}</cbc:DueDate>
  <cbc:InvoiceTypeCode>380</cbc:InvoiceTypeCode>
  <cbc:DocumentCurrencyCode>EUR</cbc:DocumentCurrencyCode>
  <cbc:BuyerReference>DEMO</cbc:BuyerReference>
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
        <cbc:StreetName>${esc(buyer.street)}</cbc:StreetName>
        <cbc:CityName>${esc(buyer.city)}</cbc:CityName>
        <cbc:PostalZone>${esc(buyer.zip)}</cbc:PostalZone>
        <cac:Country><cbc:IdentificationCode>DE</cbc:IdentificationCode></cac:Country>
      </cac:PostalAddress>
      <cac:PartyLegalEntity><cbc:RegistrationName>${esc(buyer.name)}</cbc:RegistrationName></cac:PartyLegalEntity>
    </cac:Party>
  </cac:AccountingCustomerParty>
  <cac:Delivery><cbc:ActualDeliveryDate>${day(addDays(today, -1))}</cbc:ActualDeliveryDate></cac:Delivery>
  <cac:PaymentMeans>
    <cbc:PaymentMeansCode>58</cbc:PaymentMeansCode>
    <cac:PayeeFinancialAccount><cbc:ID>DE02120300000000202051</cbc:ID></cac:PayeeFinancialAccount>
  </cac:PaymentMeans>
  <cac:PaymentTerms><cbc:Note>Zahlbar innerhalb von 30 Tagen ohne Abzug.</cbc:Note></cac:PaymentTerms>
  <cac:TaxTotal>
    <cbc:TaxAmount currencyID="EUR">${tax}</cbc:TaxAmount>
    <cac:TaxSubtotal>
      <cbc:TaxableAmount currencyID="EUR">${net}</cbc:TaxableAmount>
      <cbc:TaxAmount currencyID="EUR">${tax}</cbc:TaxAmount>
      <cac:TaxCategory><cbc:ID>S</cbc:ID><cbc:Percent>19</cbc:Percent><cac:TaxScheme><cbc:ID>VAT</cbc:ID></cac:TaxScheme></cac:TaxCategory>
    </cac:TaxSubtotal>
  </cac:TaxTotal>
  <cac:LegalMonetaryTotal>
    <cbc:LineExtensionAmount currencyID="EUR">${net}</cbc:LineExtensionAmount>
    <cbc:TaxExclusiveAmount currencyID="EUR">${net}</cbc:TaxExclusiveAmount>
    <cbc:TaxInclusiveAmount currencyID="EUR">${gross}</cbc:TaxInclusiveAmount>
    <cbc:PayableAmount currencyID="EUR">${gross}</cbc:PayableAmount>
  </cac:LegalMonetaryTotal>
  <cac:InvoiceLine>
    <cbc:ID>1</cbc:ID>
    <cbc:InvoicedQuantity unitCode="H87">1</cbc:InvoicedQuantity>
    <cbc:LineExtensionAmount currencyID="EUR">${net}</cbc:LineExtensionAmount>
    <cac:Item>
      <cbc:Name>Beratungsleistung</cbc:Name>
      <cac:ClassifiedTaxCategory><cbc:ID>S</cbc:ID><cbc:Percent>19</cbc:Percent><cac:TaxScheme><cbc:ID>VAT</cbc:ID></cac:TaxScheme></cac:ClassifiedTaxCategory>
    </cac:Item>
    <cac:Price><cbc:PriceAmount currencyID="EUR">${net}</cbc:PriceAmount></cac:Price>
  </cac:InvoiceLine>
</ubl:Invoice>
`;
}

/**
 * Writes the demo e-invoice for today into `<dataDir>/demo-upload/` and returns its path, or null
 * when the database has no demo creditor with a customer whose available limit carries it. The
 * number carries the date and time, so uploading the file of a later start is no duplicate.
 */
export async function writeDemoEInvoice(db: Kysely<Database>, dataDir: string, now: Date): Promise<string | null> {
  const buyer = await db
    .selectFrom('location as l')
    .innerJoin('debtor as d', 'd.id', 'l.debtorId')
    .innerJoin('appUser as u', 'u.creditorId', 'd.creditorId')
    .innerJoin('creditor as c', 'c.id', 'd.creditorId')
    .select(['d.name', 'l.street', 'l.zip', 'l.city'])
    .where('u.username', '=', DEMO_USER)
    .where('d.status', '=', 'active')
    .where('l.status', '=', 'active')
    .where('d.availableLimit', '>=', AMOUNT_CENTS)
    .where('c.availableLimit', '>=', AMOUNT_CENTS)
    .orderBy('d.availableLimit', 'desc')
    .orderBy('l.id')
    .executeTakeFirst();
  if (!buyer) return null;
  const stamp = now.toISOString().slice(0, 16).replace(/[-:T]/g, '');
  const dir = path.join(dataDir, 'demo-upload');
  await mkdir(dir, { recursive: true });
  const file = path.join(dir, `XRechnung-Demo-${day(now)}.xml`);
  await writeFile(file, buildDemoXRechnung(now, `DEMO-${stamp}`, { name: buyer.name, street: buyer.street ?? '', zip: buyer.zip ?? '', city: buyer.city ?? '' }));
  return file;
}
