import { buildPdf } from './build-pdf';
import { sample } from './samples';

/** A text edit of a sample: every match of `find` becomes `replace`. */
export type Edit = [find: string | RegExp, replace: string];

const SAMPLE = { ubl: 'xrechnung/01.01a-INVOICE_ubl.xml', cii: 'xrechnung/01.01a-INVOICE_uncefact.xml' } as const;
const NUMBER = { ubl: '<cbc:ID>123456XX</cbc:ID>', cii: '<ram:ID>123456XX</ram:ID>' } as const;

const apply = (xml: string, edits: Edit[]) =>
  edits.reduce(
    (text, [find, replace]) =>
      typeof find === 'string' ? text.split(find).join(replace) : text.replace(new RegExp(find, find.flags.includes('g') ? find.flags : `${find.flags}g`), replace),
    xml,
  );

/**
 * KoSIT's XRechnung business case 01.01a (issued 2016-04-04, 336,90 €, "Zahlbar sofort", buyer in
 * DE) as UBL or CII with its own invoice number and the given edits: the base of the crafted
 * documents of the processing-code tests. An edit whose text is not in the sample throws, so a
 * crafted document cannot silently stay the valid sample.
 *
 * @example crafted('ubl', 'USD-1', [['EUR', 'USD']]) // every amount in US dollars
 */
export function crafted(syntax: 'ubl' | 'cii', number: string, edits: Edit[] = []): Buffer {
  let xml = sample(SAMPLE[syntax]).toString('utf8').replace(NUMBER[syntax], NUMBER[syntax].replace('123456XX', number));
  for (const edit of edits) {
    const [find] = edit;
    const found = typeof find === 'string' ? xml.includes(find) : new RegExp(find.source, find.flags.replace('g', '')).test(xml);
    if (!found) throw new Error(`crafted(${syntax}): "${String(find)}" is not in the sample`);
    xml = apply(xml, [edit]);
  }
  return Buffer.from(xml, 'utf8');
}

/** The UBL sample turned into a UBL CreditNote (root, namespace, type code and line elements). */
export const UBL_CREDIT_NOTE: Edit[] = [
  [/ubl:Invoice\b/, 'ubl:CreditNote'],
  [':xsd:Invoice-2"', ':xsd:CreditNote-2"'],
  ['<cbc:InvoiceTypeCode>380</cbc:InvoiceTypeCode>', '<cbc:CreditNoteTypeCode>381</cbc:CreditNoteTypeCode>'],
  [/cac:InvoiceLine>/, 'cac:CreditNoteLine>'],
  [/cbc:InvoicedQuantity/, 'cbc:CreditedQuantity'],
];

/** A ZUGFeRD/Factur-X style PDF carrying the given invoice XML(s) as `factur-x.xml` (then `xrechnung.xml`). */
export function hybridPdf(...xml: Buffer[]): Buffer {
  const names = ['factur-x.xml', 'xrechnung.xml', 'zugferd-invoice.xml'];
  return buildPdf({ attachments: xml.map((data, i) => ({ name: names[i], data })) });
}
