/** What the German wording of a plain PDF invoice gives (document processing's "read" stage). */
export interface InvoiceTextFindings {
  number: string | null;
  issueDate: string | null;
  dueDate: string | null;
  deliveryDate: string | null;
  amountDue: number | null;
  buyerName: string | null;
  iban: string | null;
  isInvoice: boolean;
}

const DATE = String.raw`(\d{1,2})\.(\d{1,2})\.(\d{2,4})`;
const iso = (m: RegExpMatchArray | null, at = 1): string | null => {
  if (!m) return null;
  const [d, mo, y] = [m[at], m[at + 1], m[at + 2]];
  const year = y.length === 2 ? `20${y}` : y;
  const value = `${year}-${mo.padStart(2, '0')}-${d.padStart(2, '0')}`;
  return Number.isNaN(Date.parse(value)) ? null : value;
};

/** "1.234,56" → 123456 cents. */
export function germanCents(text: string): number | null {
  const m = /^(\d{1,3}(?:\.\d{3})*|\d+),(\d{2})$/.exec(text.trim());
  return m ? Number(m[1].replace(/\./g, '')) * 100 + Number(m[2]) : null;
}

/**
 * Reads the usual German invoice wording: "Rechnung Nr./Rechnungsnummer", "Rechnungsdatum" (or
 * "Datum"), "Leistungsdatum/Lieferdatum", "fällig am/zahlbar bis", "Gesamtbetrag/Rechnungsbetrag/zu
 * zahlen", "IBAN" and the recipient after "Rechnungsempfänger:" or "An:".
 *
 * @example readInvoiceText('Rechnung Nr. RE-1\nRechnungsdatum: 01.02.2026\nGesamtbetrag: 119,00 EUR').amountDue // 11900
 */
export function readInvoiceText(text: string): InvoiceTextFindings {
  const line = (re: RegExp) => text.match(re);
  const number = line(/Rechnung(?:s-?nummer|\s*(?:Nr\.?|Nummer))\s*:?\s*([A-Za-z0-9][\w/.-]{0,39})/i)?.[1] ?? null;
  const issueDate = iso(line(new RegExp(String.raw`(?:Rechnungsdatum|Datum)\s*:?\s*${DATE}`, 'i')));
  const deliveryDate = iso(line(new RegExp(String.raw`(?:Leistungsdatum|Lieferdatum)\s*:?\s*${DATE}`, 'i')));
  const dueDate = iso(line(new RegExp(String.raw`(?:fällig\s+am|zahlbar\s+bis|Fälligkeit)\s*:?\s*${DATE}`, 'i')));
  const amountText = line(/(?:Gesamtbetrag|Rechnungsbetrag|zu zahlen|Summe brutto)\s*:?\s*(?:EUR|€)?\s*(\d{1,3}(?:\.\d{3})*,\d{2}|\d+,\d{2})/i)?.[1];
  const buyerName = line(/(?:Rechnungsempfänger|Kunde|An)\s*:\s*([^\n]{2,80})/i)?.[1]?.trim() ?? null;
  const iban = line(/IBAN\s*:?\s*([A-Z]{2}\d{2}(?:\s?[A-Z0-9]{4}){2,7}(?:\s?[A-Z0-9]{1,4})?)/)?.[1]?.replace(/\s/g, '') ?? null;
  return {
    number,
    issueDate,
    dueDate,
    deliveryDate,
    amountDue: amountText ? germanCents(amountText) : null,
    buyerName,
    iban,
    isInvoice: /Rechnung|Invoice/i.test(text) && !/Bestellung|Auftragsbestätigung/i.test(text.slice(0, 200)),
  };
}
