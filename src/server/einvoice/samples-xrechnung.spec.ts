import { describe, expect, it } from 'vitest';
import type { EInvoiceData, EInvoicePaymentMeans } from './einvoice.types';
import { readSample } from './testing/samples';

// Expected values written from reading each file, not from the reader's output. Each KoSIT case
// exists as UBL and as CII with the same content.

const XRECHNUNG_3 = 'urn:cen.eu:en16931:2017#compliant#urn:xeinkauf.de:kosit:xrechnung_3.0';
const IBAN_1 = 'DE79000000001234567890';
const IBAN_2 = 'DE16000000002345678901';
const IBAN_3 = 'DE03000000003456789012';
const transfer = (...ibans: string[]): EInvoicePaymentMeans[] =>
  ibans.map((iban) => ({ code: '58', iban, mandateReference: null, creditorId: null }));

const kositSeller = (overrides: Partial<EInvoiceData['seller']> = {}) => ({
  name: '[Seller name]',
  vatId: 'DE123456789',
  street: '[Seller address line 1]',
  zip: '12345',
  city: '[Seller city]',
  country: 'DE',
  ...overrides,
});
const kositBuyer = {
  name: '[Buyer name]',
  vatId: null,
  street: '[Buyer address line 1]',
  zip: '12345',
  city: '[Buyer city]',
  country: 'DE',
  email: 'buyer@info.de',
};

const vat = (category: string, rate: number, base: number, tax: number, exemptionReason: string | null = null) => ({ category, rate, base, tax, exemptionReason });

type Case = Omit<EInvoiceData, 'format' | 'container' | 'profile' | 'typeCode' | 'currency' | 'buyer'> & {
  buyer?: EInvoiceData['buyer'];
};

const KOSIT_CASES: Record<string, Case> = {
  '01.01a': {
    number: '123456XX',
    issueDate: '2016-04-04',
    dueDate: null,
    paymentTerms: 'Zahlbar sofort ohne Abzug.',
    deliveryDate: null,
    amountDue: 33690,
    grossAmount: 33690,
    seller: kositSeller({ vatId: 'DE 123456789' }),
    paymentMeans: transfer(IBAN_1),
    lineCount: 2,
    vatBreakdown: [vat('S', 7, 31486, 2204)],
  },
  '01.02a': {
    number: '123456',
    issueDate: '2016-06-21',
    dueDate: null,
    paymentTerms:
      'Bitte überweisen Sie den Betrag innerhalb von 14 Tagen auf unten stehendes Konto. Das Rechnungsdatum entspricht dem Versanddatum.',
    deliveryDate: '2016-06-21',
    amountDue: 1260,
    grossAmount: 1260,
    seller: kositSeller(),
    paymentMeans: transfer(IBAN_1),
    lineCount: 1,
    vatBreakdown: [vat('S', 7, 1178, 82)],
  },
  '01.03a': {
    number: 'RR123456',
    issueDate: '2016-06-24',
    dueDate: null,
    paymentTerms: 'Fällig sofort, ohne Abzug',
    deliveryDate: null,
    amountDue: 18220,
    grossAmount: 18220,
    seller: kositSeller(),
    paymentMeans: transfer(IBAN_1),
    lineCount: 2,
    vatBreakdown: [vat('S', 7, 17028, 1192)],
  },
  '01.04a': {
    number: '1234/78/901',
    issueDate: '2016-06-16',
    dueDate: null,
    paymentTerms:
      'Wir möchten Sie bitten, die Teilnahmegebühr iHv. 120,00 € innerhalb von 14 Tagen auf das oben genannte Konto unter Angabe der Rechnungsnummer 1234/78/901 zu überweisen.',
    deliveryDate: null,
    amountDue: 12000,
    grossAmount: 12000,
    // only a tax number (UBL scheme "???", CII scheme FC), no VAT id
    seller: kositSeller({ vatId: null }),
    paymentMeans: transfer(IBAN_1),
    lineCount: 1,
    vatBreakdown: [vat('O', 0, 12000, 0, 'als gemeinnützig anerkannt')],
  },
  '01.05a': {
    number: 'PRG1502112',
    issueDate: '2015-04-24',
    dueDate: null,
    paymentTerms: '14 Tage',
    deliveryDate: null,
    amountDue: 1055530,
    grossAmount: 1055530,
    seller: kositSeller(),
    paymentMeans: transfer(IBAN_1, IBAN_2),
    lineCount: 4,
    vatBreakdown: [vat('S', 19, 887000, 168530)],
  },
  '01.06a': {
    number: 'R123456789',
    issueDate: '2016-07-06',
    dueDate: null,
    paymentTerms:
      'Bitte überweisen Sie den Gesamtbetrag in Höhe von EUR […] innerhalb von […] Tagen ohne Abzug auf unser Konto IBAN […] bei […] BIC […].',
    deliveryDate: null,
    amountDue: 2170170,
    grossAmount: 2170170,
    seller: kositSeller(),
    paymentMeans: transfer(IBAN_1),
    lineCount: 7,
    vatBreakdown: [vat('S', 19, 1823672, 346498)],
  },
  '01.07a': {
    // the only case that names the buyer's VAT id (BT-48)
    buyer: { ...kositBuyer, vatId: 'DE123456789' },
    number: 'R1234567',
    issueDate: '2016-06-30',
    dueDate: '2016-08-14',
    paymentTerms: 'Bis zum 14.08.2016 ohne Abzug',
    deliveryDate: null,
    amountDue: 4522,
    grossAmount: 4522,
    seller: kositSeller(),
    paymentMeans: transfer(IBAN_1),
    lineCount: 1,
    vatBreakdown: [vat('S', 19, 3800, 722)],
  },
  '01.08a': {
    number: 'R123456789',
    issueDate: '2016-01-18',
    dueDate: '2016-02-01',
    paymentTerms:
      'Die Zahlung wird als Teilleistung monatl. Erbracht und ist monatl. zum letzten Werktag fällig. …',
    deliveryDate: null,
    amountDue: 282587,
    grossAmount: 282587,
    seller: kositSeller({ street: 'Postfach 123456' }),
    paymentMeans: transfer(IBAN_1, IBAN_2, IBAN_3),
    lineCount: 1,
    vatBreakdown: [vat('S', 19, 237468, 45119)],
  },
  '01.09a': {
    number: 'R123456',
    issueDate: '2016-04-06',
    dueDate: '2016-04-20',
    paymentTerms: null,
    deliveryDate: null,
    amountDue: 719712,
    grossAmount: 719712,
    seller: kositSeller({ street: 'Postfach 123456' }),
    paymentMeans: transfer(IBAN_1, IBAN_2, IBAN_3),
    lineCount: 1,
    vatBreakdown: [vat('S', 19, 604800, 114912)],
  },
  '01.10a': {
    number: 'Rechnungsnummer',
    issueDate: '2016-06-27',
    dueDate: null,
    // XRechnung's structured cash-discount lines; the text is trimmed, inner line breaks stay
    paymentTerms:
      '#SKONTO#TAGE=7#PROZENT=2.00#\n#SKONTO#TAGE=14#PROZENT=1.00#\n#SKONTO#TAGE=30#PROZENT=0.00#',
    deliveryDate: null,
    amountDue: 259420,
    grossAmount: 259420,
    seller: kositSeller(),
    paymentMeans: transfer(IBAN_1, IBAN_2),
    lineCount: 1,
    vatBreakdown: [vat('S', 19, 218000, 41420)],
  },
};

describe('readEInvoice with the KoSIT XRechnung test cases', () => {
  for (const [id, expected] of Object.entries(KOSIT_CASES)) {
    for (const [syntax, suffix] of [
      ['ubl', 'ubl'],
      ['cii', 'uncefact'],
    ] as const) {
      it(`reads ${id} as ${syntax.toUpperCase()}`, () => {
        expect(readSample(`xrechnung/${id}-INVOICE_${suffix}.xml`)).toEqual({
          format: syntax,
          container: 'xml',
          profile: XRECHNUNG_3,
          typeCode: '380',
          currency: 'EUR',
          buyer: kositBuyer,
          ...expected,
        });
      });
    }
  }
});
