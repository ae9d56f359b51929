import { enumValue } from '../../services/status-groups';

/**
 * The DATEV format "Buchungsstapel" (EXTF, format version 700, category 21, format version 13) as
 * DATEV's format description ("DATEV-Format", developer portal, Buchungsstapel) specifies it:
 * a header line, the column line with all 125 columns, one line per booking; `;` between fields,
 * text fields in double quotes (a quote inside doubled), numbers and dates without, decimal comma,
 * no thousands separator, CRLF, Windows-1252 (ANSI). Only the columns Kontor knows are filled; the
 * others stay empty, each line has all 125 fields.
 */

/** The 125 columns of Buchungsstapel version 13 in DATEV's order (numbered runs written as loops). */
export const EXTF_COLUMNS: readonly string[] = [
  'Umsatz (ohne Soll/Haben-Kz)', 'Soll/Haben-Kennzeichen', 'WKZ Umsatz', 'Kurs', 'Basis-Umsatz', 'WKZ Basis-Umsatz',
  'Konto', 'Gegenkonto (ohne BU-Schlüssel)', 'BU-Schlüssel', 'Belegdatum', 'Belegfeld 1', 'Belegfeld 2', 'Skonto',
  'Buchungstext', 'Postensperre', 'Diverse Adressnummer', 'Geschäftspartnerbank', 'Sachverhalt', 'Zinssperre',
  'Beleglink',
  ...Array.from({ length: 8 }, (_, i) => [`Beleginfo - Art ${i + 1}`, `Beleginfo - Inhalt ${i + 1}`]).flat(),
  'KOST1 - Kostenstelle', 'KOST2 - Kostenstelle', 'Kost-Menge', 'EU-Land u. UStID (Bestimmung)',
  'EU-Steuersatz (Bestimmung)', 'Abw. Versteuerungsart', 'Sachverhalt L+L', 'Funktionsergänzung L+L',
  'BU 49 Hauptfunktionstyp', 'BU 49 Hauptfunktionsnummer', 'BU 49 Funktionsergänzung',
  ...Array.from({ length: 20 }, (_, i) => [`Zusatzinformation - Art ${i + 1}`, `Zusatzinformation- Inhalt ${i + 1}`]).flat(),
  'Stück', 'Gewicht', 'Zahlweise', 'Forderungsart', 'Veranlagungsjahr', 'Zugeordnete Fälligkeit', 'Skontotyp',
  'Auftragsnummer', 'Buchungstyp', 'USt-Schlüssel (Anzahlungen)', 'EU-Land (Anzahlungen)',
  'Sachverhalt L+L (Anzahlungen)', 'EU-Steuersatz (Anzahlungen)', 'Erlöskonto (Anzahlungen)', 'Herkunft-Kz',
  'Buchungs GUID', 'KOST-Datum', 'SEPA-Mandatsreferenz', 'Skontosperre', 'Gesellschaftername', 'Beteiligtennummer',
  'Identifikationsnummer', 'Zeichnernummer', 'Postensperre bis', 'Bezeichnung SoBil-Sachverhalt',
  'Kennzeichen SoBil-Buchung', 'Festschreibung', 'Leistungsdatum', 'Datum Zuord. Steuerperiode', 'Fälligkeit',
  'Generalumkehr (GU)', 'Steuersatz', 'Land', 'Abrechnungsreferenz', 'BVV-Position', 'EU-Land u. UStID (Ursprung)',
  'EU-Steuersatz (Ursprung)', 'Abw. Skontokonto',
];
const column = (name: string) => {
  const index = EXTF_COLUMNS.indexOf(name);
  if (index < 0) throw new Error(`no DATEV column ${name}`);
  return index;
};
const AT = {
  amount: column('Umsatz (ohne Soll/Haben-Kz)'),
  side: column('Soll/Haben-Kennzeichen'),
  currency: column('WKZ Umsatz'),
  account: column('Konto'),
  contraAccount: column('Gegenkonto (ohne BU-Schlüssel)'),
  taxKey: column('BU-Schlüssel'),
  date: column('Belegdatum'),
  document: column('Belegfeld 1'),
  text: column('Buchungstext'),
  performanceDate: column('Leistungsdatum'),
  mandate: column('SEPA-Mandatsreferenz'),
  lock: column('Festschreibung'),
};

/** A text field: quoted, inner quotes doubled, line breaks and `;`-safe, cut to DATEV's length. */
export const text = (value: string, maxLength: number): string =>
  `"${value.replace(/[\r\n\t]+/g, ' ').slice(0, maxLength).replace(/"/g, '""')}"`;

/**
 * An amount of cents as DATEV's "Betrag": positive, decimal comma, two places, no separator.
 * @example amount(123456) // '1234,56'
 */
export const amount = (cents: number): string => (Math.abs(cents) / 100).toFixed(2).replace('.', ',');

/** `yyyy-MM-dd` → `TTMM` (Belegdatum: the year comes from the header's period). */
export const dayMonth = (iso: string): string => `${iso.slice(8, 10)}${iso.slice(5, 7)}`;
/** `yyyy-MM-dd` → `TTMMJJJJ` (Leistungsdatum). */
export const dayMonthYear = (iso: string): string => `${iso.slice(8, 10)}${iso.slice(5, 7)}${iso.slice(0, 4)}`;

/**
 * Belegfeld 1: at most 36 characters of `A-Z 0-9 $ & % * + - /` (DATEV's "Belegfeld 1" rule, used
 * for matching open items); lower case is upper-cased, anything else dropped.
 */
export const documentField = (value: string): string =>
  value.toUpperCase().replace(/[^A-Z0-9$&%*+\-/]/g, '').slice(0, 36);

export type Chart = 'SKR03' | 'SKR04';

/**
 * The G/L accounts of a chart (SKR 03 / SKR 04, DATEV's standard charts): revenue without
 * automatic VAT (so the BU key carries the rate), bank, write-off of receivables. Written with the
 * creditor's account length (DATEV pads a G/L account with zeros on the right: 8200 → 82000).
 */
export const ACCOUNTS: Record<Chart, { revenue: number; bank: number; writeOff: number }> = {
  SKR03: { revenue: 8200, bank: 1200, writeOff: 2400 },
  SKR04: { revenue: 4200, bank: 1800, writeOff: 6930 },
};
export const glAccount = (account: number, length: number): string => String(account).padEnd(length, '0');

/** BU-Schlüssel of the output VAT rates (DATEV: 3 = 19 %, 2 = 7 %); 0 % and others: none. */
export const TAX_KEYS: Record<number, string> = { 19: '3', 7: '2' };

/**
 * How a voucher type is booked from the debtor's side: against revenue (with the VAT key), the bank
 * or the write-off account, debit (S) or credit (H) for a positive amount (a negative one swaps).
 * Types without a rule (internal retirements, deposits of the provider) are not exported.
 */
export const BOOKING_RULES: Record<string, { contra: 'revenue' | 'bank' | 'writeOff'; side: 'S' | 'H'; taxed: boolean }> = {
  [enumValue('voucherType', 'invoice')]: { contra: 'revenue', side: 'S', taxed: true },
  [enumValue('voucherType', 'permanent_debt')]: { contra: 'revenue', side: 'S', taxed: true },
  [enumValue('voucherType', 'invoice_encashment_direct')]: { contra: 'revenue', side: 'S', taxed: true },
  [enumValue('voucherType', 'credit_advice')]: { contra: 'revenue', side: 'H', taxed: true },
  [enumValue('voucherType', 'annulation')]: { contra: 'revenue', side: 'H', taxed: true },
  [enumValue('voucherType', 'abandonment')]: { contra: 'writeOff', side: 'H', taxed: true },
  [enumValue('voucherType', 'direct_payment')]: { contra: 'bank', side: 'H', taxed: false },
  [enumValue('voucherType', 'debit_payment')]: { contra: 'bank', side: 'H', taxed: false },
};

export interface ExtfHeader {
  createdAt: Date;
  exportedBy: string;
  consultantNumber: number;
  clientNumber: number;
  /** yyyy-MM-dd */
  fiscalYearStart: string;
  accountLength: number;
  from: string;
  to: string;
  label: string;
  chart: Chart;
}

const compactDate = (iso: string) => iso.replace(/-/g, '');
/** `YYYYMMDDHHMMSSFFF` in UTC */
const timestamp = (date: Date) => date.toISOString().replace(/[-:TZ.]/g, '').slice(0, 17);

/**
 * The header line (31 fields of format version 700): EXTF, 700, category 21 "Buchungsstapel",
 * version 13, created at, origin "RE" (Rechnungswesen), exported by, consultant and client number,
 * fiscal year start, G/L account length, period, label, dictation code, booking type 1
 * (Finanzbuchführung), accounting purpose 0, not locked (Festschreibung 0), EUR, chart.
 */
export function headerLine(h: ExtfHeader): string {
  return [
    text('EXTF', 4), '700', '21', text('Buchungsstapel', 14), '13', timestamp(h.createdAt), '', text('RE', 2),
    text(h.exportedBy, 25), '""', String(h.consultantNumber), String(h.clientNumber), compactDate(h.fiscalYearStart),
    String(h.accountLength), compactDate(h.from), compactDate(h.to), text(h.label, 30), '""', '1', '0', '0',
    text('EUR', 3), '', '""', '', '', text(h.chart.slice(3), 2), '', '', '""', '""',
  ].join(';');
}

/** The column line: every column name as a text field. */
export const columnLine = (): string => EXTF_COLUMNS.map((name) => text(name, 100)).join(';');

export interface Booking {
  cents: number;
  side: 'S' | 'H';
  account: string;
  contraAccount: string;
  taxKey: string;
  date: string;
  document: string;
  text: string;
  performanceDate?: string | null;
  mandate?: string | null;
}

/** One booking line with all 125 fields. */
export function bookingLine(b: Booking): string {
  const fields: string[] = new Array(EXTF_COLUMNS.length).fill('');
  fields[AT.amount] = amount(b.cents);
  fields[AT.side] = text(b.side, 1);
  fields[AT.currency] = text('EUR', 3);
  fields[AT.account] = b.account;
  fields[AT.contraAccount] = b.contraAccount;
  fields[AT.taxKey] = b.taxKey ? text(b.taxKey, 4) : '';
  fields[AT.date] = dayMonth(b.date);
  fields[AT.document] = text(documentField(b.document), 36);
  fields[AT.text] = text(b.text, 60);
  if (b.performanceDate) fields[AT.performanceDate] = dayMonthYear(b.performanceDate);
  if (b.mandate) fields[AT.mandate] = text(b.mandate, 35);
  fields[AT.lock] = '0';
  return fields.join(';');
}
