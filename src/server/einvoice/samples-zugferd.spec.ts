import { describe, expect, it } from 'vitest';
import type { EInvoiceData } from './einvoice.types';
import { readSample } from './testing/samples';

// Expected values written from reading the XML embedded in each PDF (extracted by hand), not from
// the reader's output.

const beiSpiel = {
  name: 'Bei Spiel GmbH',
  vatId: 'DE136695976',
  street: 'Ecke 12',
  zip: '12345',
  city: 'Stadthausen',
  country: 'DE',
};
const theodorEst = {
  name: 'Theodor Est',
  vatId: 'DE999999999',
  street: 'Bahnstr. 42',
  zip: '88802',
  city: 'Spielkreis',
  country: 'DE',
  email: null,
};
// written "DE88 2008 0000 0970 3757 00" in the XML; returned in electronic format
const beiSpielAccount = [
  { code: '42', iban: 'DE88200800000970375700', mandateReference: null, creditorId: null },
];
const plainPdf: EInvoiceData = {
  format: 'none',
  container: 'pdf',
  profile: null,
  typeCode: null,
  number: null,
  issueDate: null,
  dueDate: null,
  paymentTerms: null,
  deliveryDate: null,
  currency: null,
  amountDue: null,
  grossAmount: null,
  seller: null,
  buyer: null,
  paymentMeans: [],
  lineCount: null,
  vatBreakdown: [],
};
const vat = (category: string, rate: number, base: number, tax: number) => ({ category, rate, base, tax, exemptionReason: null });
const SEVEN_AND_NINETEEN = [vat('S', 7, 16000, 1120), vat('S', 19, 33600, 6384)];

describe('readEInvoice with the ZUGFeRD / Factur-X PDFs', () => {
  it('reads factur-x.xml (EN 16931 profile) from EN16931_Einfach.pdf', () => {
    expect(readSample('zugferd/EN16931_Einfach.pdf')).toEqual({
      format: 'cii',
      container: 'pdf',
      profile: 'urn:cen.eu:en16931:2017',
      typeCode: '380',
      number: '471102',
      issueDate: '2024-11-15',
      dueDate: null,
      paymentTerms:
        'Zahlbar innerhalb 30 Tagen netto bis 15.12.2024, 3% Skonto innerhalb 10 Tagen bis 25.11.2024',
      deliveryDate: '2024-11-14',
      currency: 'EUR',
      amountDue: 52987,
      grossAmount: 52987,
      seller: {
        name: 'Lieferant GmbH',
        vatId: 'DE123456789',
        street: 'Lieferantenstraße 20',
        zip: '80333',
        city: 'München',
        country: 'DE',
      },
      buyer: {
        name: 'Kunden AG Mitte',
        vatId: null,
        street: 'Kundenstraße 15',
        zip: '69876',
        city: 'Frankfurt',
        country: 'DE',
        email: null,
      },
      paymentMeans: [],
      lineCount: 2,
      vatBreakdown: [vat('S', 7, 27500, 1925), vat('S', 19, 19800, 3762)],
    });
  });

  it('reads the ZUGFeRD 1.0 CrossIndustryDocument from zugferd_invoice.pdf (xref stream, object streams)', () => {
    expect(readSample('zugferd/zugferd_invoice.pdf')).toEqual({
      format: 'cii',
      container: 'pdf',
      profile: 'urn:ferd:CrossIndustryDocument:invoice:1p0:basic',
      typeCode: '380',
      number: '2014-03',
      issueDate: '2014-07-11',
      dueDate: null,
      paymentTerms:
        'Zahlbar innerhalb von 30 Tagen netto auf unser Konto. Bitte geben Sie dabei die Rechnungsnummer an. Skontoabzüge werden nicht akzeptiert.',
      deliveryDate: '2014-07-11',
      currency: 'EUR',
      amountDue: 100555,
      grossAmount: 100555,
      seller: {
        name: 'Kraxi GmbH',
        vatId: 'DE123456789',
        street: 'Flugzeugallee 17',
        zip: '12345',
        city: 'Papierfeld',
        country: 'DE',
      },
      buyer: {
        name: 'Papierflieger-Vertriebs-GmbH',
        vatId: null,
        street: 'Rabattstr. 25',
        zip: '34567',
        city: 'Osterhausen',
        country: 'DE',
        email: null,
      },
      paymentMeans: [],
      lineCount: 7,
      vatBreakdown: [vat('S', 19, 84500, 16055)],
    });
  });

  it('reads the XRechnung CII embedded as factur-x.xml in validXRechnung.pdf', () => {
    expect(readSample('zugferd/validXRechnung.pdf')).toEqual({
      format: 'cii',
      container: 'pdf',
      profile: 'urn:cen.eu:en16931:2017#compliant#urn:xoev-de:kosit:standard:xrechnung_1.2',
      typeCode: '380',
      number: 'RE-20190610/507',
      issueDate: '2019-06-10',
      dueDate: '2019-07-01',
      paymentTerms: 'Zahlbar ohne Abzug bis 01.07.2019',
      deliveryDate: '2019-06-10',
      currency: 'EUR',
      amountDue: 57104,
      grossAmount: 57104,
      seller: beiSpiel,
      buyer: theodorEst,
      paymentMeans: beiSpielAccount,
      lineCount: 3,
      vatBreakdown: SEVEN_AND_NINETEEN,
    });
  });

  // Decision: corruptedV2PDF.pdf has every cross-reference offset 4 bytes off, a wrong startxref
  // and /Names pointing at the OutputIntent; but its catalog's /AF reaches two intact XML files
  // (stream lengths match /Params /Size, both well-formed): factur-x.xml (CII) and
  // ZUGFeRD-invoice.xml (ZUGFeRD 1.0) with the same invoice RE-20171118/506. The invoice can be
  // read safely after rebuilding the table, so it is read from factur-x.xml, not refused with 925.
  it('reads the damaged corruptedV2PDF.pdf through a rebuilt cross-reference table', () => {
    expect(readSample('zugferd/corruptedV2PDF.pdf')).toEqual({
      format: 'cii',
      container: 'pdf',
      profile: 'urn:cen.eu:en16931:2017:compliant:factur-x.eu:1p0:en16931',
      typeCode: '380',
      number: 'RE-20171118/506',
      issueDate: '2017-11-18',
      dueDate: '2017-12-09',
      paymentTerms: 'Zahlbar ohne Abzug bis 09.12.2017',
      deliveryDate: '2017-11-17',
      currency: 'EUR',
      amountDue: 57104,
      grossAmount: 57104,
      seller: beiSpiel,
      buyer: theodorEst,
      paymentMeans: beiSpielAccount,
      lineCount: 3,
      vatBreakdown: SEVEN_AND_NINETEEN,
    });
  });

  it('reports PDFs without an embedded invoice as format "none"', () => {
    expect(readSample('zugferd/EmptyPDFA1.pdf')).toEqual(plainPdf);
    expect(readSample('zugferd/veraPDFtestsuite6-7-11-t01-fail-a.pdf')).toEqual(plainPdf);
  });
});
