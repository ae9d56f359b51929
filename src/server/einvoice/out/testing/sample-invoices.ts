import type { OutgoingInvoice } from '../outgoing-invoice.types';

/*
 * The kinds of document Kontor delivers, as test cases for the builders (validation, round trip,
 * benchmark): invoice and credit note, with and without Leitweg-ID, private and business buyer,
 * several VAT rates and categories, line and document allowances and charges, prepaid amounts.
 */

const seller: OutgoingInvoice['seller'] = {
  name: 'Muster Handwerk GmbH & Co. KG',
  vatId: 'DE123456789',
  street: 'Hauptstraße 5',
  zip: '10115',
  city: 'Berlin',
  country: 'DE',
  email: 'rechnung@muster-handwerk.example',
  contactName: 'Erika Mustermann',
  contactPhone: '+49 30 1234567',
  contactEmail: 'buchhaltung@muster-handwerk.example',
};

const business: OutgoingInvoice['buyer'] = {
  name: 'Stadtwerke Beispielstadt AöR',
  vatId: 'DE987654321',
  street: 'Rathausplatz 1',
  zip: '50667',
  city: 'Köln',
  country: 'DE',
  email: 'eingangsrechnungen@stadtwerke.example',
};

const privateBuyer: OutgoingInvoice['buyer'] = {
  name: 'Max Müller',
  street: 'Gartenweg 3 <Hinterhaus>',
  zip: '80331',
  city: 'München',
  country: 'DE',
  email: 'max.mueller@example.org',
};

const base = (number: string): OutgoingInvoice => ({
  kind: 'invoice',
  number,
  issueDate: '2026-11-20',
  dueDate: '2026-12-20',
  deliveryDate: '2026-11-18',
  currency: 'EUR',
  buyerReference: 'K-10042',
  paymentTerms: 'Zahlbar innerhalb von 30 Tagen ohne Abzug.',
  seller,
  buyer: business,
  payment: { iban: 'DE02120300000000202051', bic: 'BYLADEM1001', accountName: 'Muster Handwerk GmbH & Co. KG' },
  lines: [{ name: 'Wartung Heizungsanlage', quantity: 1, unitCode: 'C62', unitPrice: 100_000, vat: { category: 'S', rate: 19 } }],
});

export const SAMPLE_INVOICES: Record<string, OutgoingInvoice> = {
  'invoice-leitweg': { ...base('RE-2026-0001'), buyerReference: '04011000-12345-03' },
  'invoice-private-two-rates': {
    ...base('RE-2026-0002'),
    buyer: privateBuyer,
    note: 'Vielen Dank für Ihren Auftrag & Ihr Vertrauen.',
    lines: [
      { name: 'Arbeitszeit Monteur', quantity: 3.5, unitCode: 'HUR', unitPrice: 6_450, vat: { category: 'S', rate: 19 } },
      {
        name: 'Fachbuch Heizungstechnik',
        quantity: 2,
        unitCode: 'C62',
        unitPrice: 2_999,
        vat: { category: 'S', rate: 7 },
        allowancesCharges: [{ charge: false, amount: 500, reason: 'Treuerabatt' }],
      },
      { name: 'Anfahrt', quantity: 1, unitCode: 'C62', unitPrice: 4_000, vat: { category: 'S', rate: 19 }, allowancesCharges: [{ charge: true, amount: 250, reason: 'Wochenendzuschlag' }] },
    ],
    allowancesCharges: [
      { charge: false, amount: 1_000, reason: 'Neukundenrabatt', vat: { category: 'S', rate: 19 } },
      { charge: true, amount: 390, reason: 'Verpackung', vat: { category: 'S', rate: 7 } },
    ],
  },
  'invoice-exempt-prepaid': {
    ...base('RE-2026-0003'),
    lines: [
      { name: 'Miete Lagerfläche November', quantity: 1, unitCode: 'MON', unitPrice: 85_000, vat: { category: 'E', rate: 0, exemptionReason: 'Steuerfrei nach § 4 Nr. 12 UStG' }, period: { start: '2026-11-01', end: '2026-11-30' } },
      { name: 'Reinigung', quantity: 4, unitCode: 'HUR', unitPrice: 3_333, vat: { category: 'S', rate: 19 } },
    ],
    prepaid: 20_000,
  },
  'invoice-reverse-charge': {
    ...base('RE-2026-0004'),
    buyer: { ...business, name: 'Wiener Bau GmbH', vatId: 'ATU12345678', street: 'Ringstraße 9', zip: '1010', city: 'Wien', country: 'AT' },
    lines: [{ name: 'Planungsleistung', quantity: 10, unitCode: 'HUR', unitPrice: 9_500, vat: { category: 'AE', rate: 0, exemptionReason: 'Steuerschuldnerschaft des Leistungsempfängers' } }],
  },
  // a gross amount no net reaches at 19 % (voucher-einvoice.ts netOfGross): 1.000,13 net + 190,02 VAT + 0,01 rounding = 1.190,16
  'invoice-rounding': {
    ...base('RE-2026-0005'),
    lines: [{ name: 'Leistung laut Rechnung RE-2026-0005', quantity: 1, unitCode: 'C62', unitPrice: 100_013, vat: { category: 'S', rate: 19 } }],
    rounding: 1,
  },
  'credit-note-business': {
    ...base('GS-2026-0001'),
    kind: 'creditNote',
    dueDate: null,
    buyerReference: '04011000-12345-03',
    paymentTerms: 'Der Betrag wird Ihrem Konto gutgeschrieben.',
    precedingInvoice: { number: 'RE-2026-0001', issueDate: '2026-11-20' },
    lines: [{ name: 'Gutschrift: Wartung Heizungsanlage (Teilleistung)', quantity: 1, unitCode: 'C62', unitPrice: 25_000, vat: { category: 'S', rate: 19 } }],
  },
  'credit-note-private-two-rates': {
    ...base('GS-2026-0002'),
    kind: 'creditNote',
    dueDate: null,
    buyer: privateBuyer,
    paymentTerms: 'Der Betrag wird Ihrem Konto gutgeschrieben.',
    precedingInvoice: { number: 'RE-2026-0002' },
    lines: [
      { name: 'Storno Arbeitszeit', quantity: 1, unitCode: 'HUR', unitPrice: 6_450, vat: { category: 'S', rate: 19 } },
      { name: 'Storno Fachbuch', quantity: 1, unitCode: 'C62', unitPrice: 2_999, vat: { category: 'S', rate: 7 } },
    ],
    allowancesCharges: [{ charge: false, amount: 100, reason: 'Kulanz', vat: { category: 'S', rate: 7 } }],
  },
};
