import type { InvoiceTotals, OutgoingInvoice } from './outgoing-invoice.types';
import type { PageWriter } from './pdf-page-template';

/*
 * The human-readable page of a ZUGFeRD PDF: seller, buyer, number and dates, the lines, the VAT
 * breakdown, the totals and the bank account. One A4 page; lines beyond what fits are summed up in
 * one row ("weitere Positionen") — the XML carries every line, and Kontor's documents have few.
 */

const euro = (cents: number) =>
  `${(cents / 100).toLocaleString('de-DE', { minimumFractionDigits: 2, maximumFractionDigits: 2 })} €`;
const germanDate = (iso: string) => `${iso.slice(8, 10)}.${iso.slice(5, 7)}.${iso.slice(0, 4)}`;

/** Draws the invoice on the writer's page (A4 portrait). */
export function drawInvoicePage(writer: PageWriter, inv: OutgoingInvoice, totals: InvoiceTotals): void {
  let y = 800;
  const text = (value: string, x: number, size = 9, bold = false) => writer.text(value, x, y, size, bold);
  const right = (value: string, xRight: number, size = 9, bold = false) =>
    writer.text(value, xRight - writer.width(value, size, bold), y, size, bold);
  const s = inv.seller;
  text(`${s.name} · ${s.street} · ${s.zip} ${s.city}`, 50, 7);
  y -= 30;
  for (const row of [inv.buyer.name, inv.buyer.street, `${inv.buyer.zip} ${inv.buyer.city}`, inv.buyer.country === 'DE' ? '' : inv.buyer.country]) {
    if (row) text(row, 50, 10);
    y -= 13;
  }
  y -= 20;
  text(`${inv.kind === 'creditNote' ? 'Gutschrift' : 'Rechnung'} ${inv.number}`, 50, 14, true);
  y -= 20;
  const facts = [
    `Datum: ${germanDate(inv.issueDate)}`,
    inv.deliveryDate ? `Leistungsdatum: ${germanDate(inv.deliveryDate)}` : '',
    `Ihre Referenz: ${inv.buyerReference}`,
    inv.precedingInvoice ? `zu Rechnung ${inv.precedingInvoice.number}` : '',
  ].filter(Boolean);
  text(facts.join('   '), 50);
  y -= 25;
  text('Pos.', 50, 9, true);
  text('Bezeichnung', 80, 9, true);
  right('Menge', 360, 9, true);
  right('Einzelpreis', 430, 9, true);
  right('USt.', 475, 9, true);
  right('Netto', 545, 9, true);
  y -= 14;
  const shown = inv.lines.slice(0, 30);
  shown.forEach((line, i) => {
    text(String(i + 1), 50);
    text(line.name.length > 55 ? `${line.name.slice(0, 54)}…` : line.name, 80);
    right(line.quantity.toLocaleString('de-DE'), 360);
    right(euro(line.unitPrice), 430);
    right(`${line.vat.rate} %`, 475);
    right(euro(totals.lineNet[i]), 545);
    y -= 13;
  });
  if (inv.lines.length > shown.length) {
    text(`weitere Positionen (${inv.lines.length - shown.length})`, 80);
    right(euro(totals.lineNet.slice(shown.length).reduce((a, b) => a + b, 0)), 545);
    y -= 13;
  }
  y -= 10;
  const sum = (label: string, cents: number, bold = false) => {
    text(label, 330, 9, bold);
    right(euro(cents), 545, 9, bold);
    y -= 13;
  };
  sum('Summe Positionen', totals.lineTotal);
  for (const ac of inv.allowancesCharges ?? []) sum(`${ac.charge ? 'Zuschlag' : 'Nachlass'}: ${ac.reason}`, ac.charge ? ac.amount : -ac.amount);
  for (const v of totals.vat) sum(`USt. ${v.category} ${v.rate} % auf ${euro(v.base)}`, v.tax);
  sum('Gesamtbetrag', totals.grandTotal, true);
  if (totals.prepaid) sum('bereits gezahlt', -totals.prepaid);
  if (totals.rounding) sum('Rundung', totals.rounding);
  sum(inv.kind === 'creditNote' ? 'Gutschriftsbetrag' : 'Zahlbetrag', totals.duePayable, true);
  y -= 15;
  for (const v of totals.vat) if (v.exemptionReason) {
    text(v.exemptionReason, 50);
    y -= 13;
  }
  text(inv.paymentTerms, 50);
  y -= 13;
  text(`IBAN ${inv.payment.iban}${inv.payment.bic ? ` · BIC ${inv.payment.bic}` : ''} · Verwendungszweck ${inv.number}`, 50);
  y = 40;
  text(`${s.name} · USt-IdNr. ${s.vatId} · ${s.contactEmail} · ${s.contactPhone}`, 50, 7);
}
