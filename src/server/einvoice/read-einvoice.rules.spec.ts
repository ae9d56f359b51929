import { describe, expect, it } from 'vitest';
import type { EInvoiceData, EInvoiceResult } from './einvoice.types';
import { readEInvoice } from './read-einvoice';
import { invoiceOf, sample } from './testing/samples';

// EN 16931 cases the samples do not contain, made by editing sample files as text.
const UBL = sample('xrechnung/01.07a-INVOICE_ubl.xml').toString('utf8');
const CII = sample('xrechnung/01.07a-INVOICE_uncefact.xml').toString('utf8');

const readText = (xml: string, encoding: BufferEncoding = 'utf8'): EInvoiceResult =>
  readEInvoice(Buffer.from(xml, encoding), 'invoice.xml');

const invoice = (xml: string): EInvoiceData => invoiceOf(Buffer.from(xml, 'utf8'));

function refusal(xml: string): number | undefined {
  const result = readText(xml);
  return result.ok ? undefined : result.code;
}

describe('UBL CreditNote and signs', () => {
  const creditNote = UBL.replace(/ubl:Invoice\b/g, 'ubl:CreditNote')
    .replace('xsd:Invoice-2', 'xsd:CreditNote-2')
    .replace(
      '<cbc:InvoiceTypeCode>380</cbc:InvoiceTypeCode>',
      '<cbc:CreditNoteTypeCode>381</cbc:CreditNoteTypeCode>',
    )
    .replace('<cbc:DueDate>2016-08-14</cbc:DueDate>', '')
    .replace(
      '<cbc:PaymentMeansCode>58</cbc:PaymentMeansCode>',
      '<cbc:PaymentMeansCode>58</cbc:PaymentMeansCode><cbc:PaymentDueDate>2016-08-15</cbc:PaymentDueDate>',
    )
    .replace(/cac:InvoiceLine\b/g, 'cac:CreditNoteLine')
    .replace(/cbc:InvoicedQuantity\b/g, 'cbc:CreditedQuantity');

  it('reads a CreditNote: type 381, lines, due date from PaymentMeans (BT-9 binding for credit notes)', () => {
    const read = invoice(creditNote);
    expect(read).toMatchObject({
      format: 'ubl',
      typeCode: '381',
      number: 'R1234567',
      dueDate: '2016-08-15',
      lineCount: 1,
    });
    // amounts keep the sign written: a credit note states positive amounts
    expect(read.amountDue).toBe(4522);
  });

  it('keeps negative amounts negative', () => {
    const negative = CII.replace('<ram:DuePayableAmount>45.22<', '<ram:DuePayableAmount>-45.22<').replace(
      '<ram:GrandTotalAmount>45.22<',
      '<ram:GrandTotalAmount>-45.22<',
    );
    expect(invoice(negative)).toMatchObject({ amountDue: -4522, grossAmount: -4522 });
  });
});

describe('parties', () => {
  it('prefers the buyer contact e-mail (BT-58) over the electronic address (BT-49)', () => {
    const xml = UBL.replace(
      '<cbc:Name>[Buyer contact person]</cbc:Name>',
      '<cbc:Name>X</cbc:Name><cbc:ElectronicMail>ap@buyer.example</cbc:ElectronicMail>',
    );
    expect(invoice(xml).buyer?.email).toBe('ap@buyer.example');
  });

  it('falls back to the trading name when the legal name (BT-27) is missing, and resolves entities', () => {
    const xml = UBL.replace('<cbc:RegistrationName>[Seller name]</cbc:RegistrationName>', '').replace(
      '<cac:PostalAddress>',
      '<cac:PartyName><cbc:Name>M&#xFC;ller &amp; S&#246;hne</cbc:Name></cac:PartyName><cac:PostalAddress>',
    );
    expect(invoice(xml).seller?.name).toBe('Müller & Söhne');
  });
});

describe('encodings', () => {
  it('reads UTF-16 with byte order mark and declared ISO-8859-1', () => {
    const utf16 = Buffer.concat([
      Buffer.from([0xff, 0xfe]),
      Buffer.from(UBL.replace('UTF-8', 'UTF-16'), 'utf16le'),
    ]);
    expect(readEInvoice(utf16, 'x.xml')).toMatchObject({ ok: true, invoice: { number: 'R1234567' } });
    // (the sample's "…" has no Latin-1 byte, so it is written out first)
    const latin1 = UBL.replace('encoding="UTF-8"', 'encoding="ISO-8859-1"').replaceAll('…', '...');
    expect(readText(latin1, 'latin1')).toMatchObject({
      ok: true,
      invoice: { seller: { name: '[Seller name]' } },
    });
    const umlaut = latin1.replace('[Seller name]', 'Müller');
    expect(readText(umlaut, 'latin1')).toMatchObject({ ok: true, invoice: { seller: { name: 'Müller' } } });
  });

  it('tolerates white space before the XML declaration', () => {
    expect(invoice(`\n\n  ${UBL}`).number).toBe('R1234567');
  });

  it('refuses bytes that are not valid UTF-8 (925)', () => {
    const [before, after] = UBL.split('[Seller name]');
    const bytes = Buffer.concat([
      Buffer.from(before),
      Buffer.from([0x47, 0x72, 0xfc, 0xdf, 0x65]),
      Buffer.from(after),
    ]);
    expect(readEInvoice(bytes, 'x.xml')).toMatchObject({
      ok: false,
      code: 925,
      detail: 'XML is not valid utf-8',
    });
  });
});

describe('refusals with processing codes', () => {
  it.each([
    [
      '926 for a type code that is no invoice type (220 order)',
      CII.replace('<ram:TypeCode>380<', '<ram:TypeCode>220<'),
      926,
    ],
    ['923 without invoice number', UBL.replace('<cbc:ID>R1234567</cbc:ID>', ''), 923],
    [
      '922 for an impossible issue date',
      UBL.replace('2016-06-30</cbc:IssueDate>', '2016-02-30</cbc:IssueDate>'),
      922,
    ],
    [
      '922 for an issue date in CII format 610 (month only)',
      CII.replace('format="102">20160630', 'format="610">201606'),
      922,
    ],
    [
      '925 for a due date that is not a date',
      UBL.replace('<cbc:DueDate>2016-08-14', '<cbc:DueDate>14.08.2016'),
      925,
    ],
    ['932 for a currency not in ISO 4217', UBL.replaceAll('EUR', 'EUX'), 932],
    [
      '932 for a lower-case currency',
      CII.replace('<ram:InvoiceCurrencyCode>EUR', '<ram:InvoiceCurrencyCode>eur'),
      932,
    ],
    [
      '932 for an amount in another currency',
      UBL.replace('<cbc:PayableAmount currencyID="EUR">', '<cbc:PayableAmount currencyID="USD">'),
      932,
    ],
    ['931 for a decimal comma', UBL.replace('>45.22</cbc:PayableAmount>', '>45,22</cbc:PayableAmount>'), 931],
    [
      '931 for a third decimal',
      CII.replace('<ram:DuePayableAmount>45.22<', '<ram:DuePayableAmount>45.225<'),
      931,
    ],
    ['931 for a missing amount due', UBL.replace(/<cbc:PayableAmount[^<]*<\/cbc:PayableAmount>/, ''), 931],
    [
      '939 for a zero amount due',
      CII.replace('<ram:DuePayableAmount>45.22<', '<ram:DuePayableAmount>0.00<'),
      939,
    ],
    [
      '933 for a buyer country not in ISO 3166',
      CII.replace(/(<ram:BuyerTradeParty>[\s\S]*?<ram:CountryID>)DE/, '$1XX'),
      933,
    ],
    [
      '930 when neither due date nor payment terms are given (BR-CO-25)',
      UBL.replace('<cbc:DueDate>2016-08-14</cbc:DueDate>', '').replace(
        /<cac:PaymentTerms>[\s\S]*?<\/cac:PaymentTerms>/,
        '',
      ),
      930,
    ],
  ])('%s', (_name, xml, code) => {
    expect(refusal(xml)).toBe(code);
  });

  it('accepts a valid non-EUR currency', () => {
    expect(invoice(UBL.replaceAll('EUR', 'CHF')).currency).toBe('CHF');
  });

  it('accepts trailing zeros beyond two decimals', () => {
    expect(
      invoice(CII.replace('<ram:DuePayableAmount>45.22<', '<ram:DuePayableAmount>45.2200<')).amountDue,
    ).toBe(4522);
  });

  it('does not apply BR-CO-25 to the Factur-X MINIMUM profile, which has no payment terms', () => {
    const minimum = CII.replace(
      /<ram:SpecifiedTradePaymentTerms>[\s\S]*?<\/ram:SpecifiedTradePaymentTerms>/,
      '',
    ).replace(
      /<ram:GuidelineSpecifiedDocumentContextParameter>\s*<ram:ID>[^<]*/,
      '<ram:GuidelineSpecifiedDocumentContextParameter><ram:ID>urn:factur-x.eu:1p0:minimum',
    );
    expect(invoice(minimum)).toMatchObject({
      profile: 'urn:factur-x.eu:1p0:minimum',
      dueDate: null,
      paymentTerms: null,
    });
  });
});
