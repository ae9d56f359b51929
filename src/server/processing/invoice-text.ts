/** What the German wording of a plain PDF invoice gives (document processing's "read" stage). */
export interface InvoiceTextFindings {
  number: string | null;
  issueDate: string | null;
  dueDate: string | null;
  deliveryDate: string | null;
  amountDue: number | null;
  /** ISO 4217 code of the amount as written (€ → EUR, $ → USD); EUR when none is written */
  currency: string;
  buyerName: string | null;
  iban: string | null;
  isInvoice: boolean;
  /** every distinct invoice number the text names (more than one: several invoices in one file) */
  numbers: string[];
  /** a performance/delivery date is labelled but no date follows it */
  deliveryDateUnreadable: boolean;
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
  const numberPattern = /Rechnung(?:s-?nummer|\s*(?:Nr\.?|Nummer))\s*:?\s*([A-Za-z0-9][\w/.-]{0,39})/gi;
  const numbers = [...new Set([...text.matchAll(numberPattern)].map((m) => m[1]))];
  const number = numbers[0] ?? null;
  const issueDate = iso(line(new RegExp(String.raw`(?:Rechnungsdatum|Datum)\s*:?\s*${DATE}`, 'i')));
  // a period ("Leistungszeitraum: 01.01.2026 – 31.01.2026") counts with its last day
  const deliveryDate = iso(
    line(new RegExp(String.raw`(?:Leistungsdatum|Lieferdatum|Leistungszeitraum)\s*:?\s*(?:${DATE}\s*(?:-|–|bis)\s*)?${DATE}`, 'i')),
    4,
  );
  const dueDate = iso(line(new RegExp(String.raw`(?:fällig\s+am|zahlbar\s+bis|Fälligkeit)\s*:?\s*${DATE}`, 'i')));
  const amountMatch = line(
    /(?:Gesamtbetrag|Rechnungsbetrag|zu zahlen|Summe brutto)\s*:?\s*([A-Za-z]{3}|€|\$)?\s*(\d{1,3}(?:\.\d{3})*,\d{2}|\d+,\d{2})([ \t]*(?:[A-Z]{3}|€|\$)(?![A-Za-z]))?/i,
  );
  const amountText = amountMatch?.[2];
  // the currency written before or after the amount ("USD 1.190,00", "1.190,00 $"); none written: euro
  const written = (amountMatch?.[1] ?? amountMatch?.[3] ?? 'EUR').trim().toUpperCase();
  const currency = written === '€' ? 'EUR' : written === '$' ? 'USD' : written;
  const buyerName = line(/(?:Rechnungsempfänger|Kunde|An)\s*:\s*([^\n]{2,80})/i)?.[1]?.trim() ?? null;
  const iban = line(/IBAN\s*:?\s*([A-Z]{2}\d{2}(?:\s?[A-Z0-9]{4}){2,7}(?:\s?[A-Z0-9]{1,4})?)/)?.[1]?.replace(/\s/g, '') ?? null;
  return {
    number,
    issueDate,
    dueDate,
    deliveryDate,
    amountDue: amountText ? germanCents(amountText) : null,
    currency,
    buyerName,
    iban,
    // a credit note ("Gutschrift", "Rechnungskorrektur", "Stornorechnung") is no invoice to collect
    isInvoice:
      /Rechnung|Invoice/i.test(text) &&
      !/Bestellung|Auftragsbestätigung|Gutschrift|Rechnungskorrektur|Stornorechnung|Credit note/i.test(text.slice(0, 200)),
    numbers,
    deliveryDateUnreadable: deliveryDate === null && /Leistungsdatum|Lieferdatum|Leistungszeitraum/i.test(text),
  };
}
