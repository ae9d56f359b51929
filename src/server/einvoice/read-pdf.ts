import { EInvoiceError, formatError, ProcessingCode } from './einvoice-error';
import type { EInvoiceData } from './einvoice.types';
import { finishInvoice } from './invoice.rules';
import { type PdfAttachment, listAttachments } from './pdf/pdf-attachments';
import { PdfDocument } from './pdf/pdf-document';
import { type InvoiceXml, mapInvoiceXml, parseInvoiceXml } from './read-xml';

// The names the hybrid formats give the invoice, in order of preference: Factur-X / ZUGFeRD 2.1+,
// ZUGFeRD 2.0 and (case aside) ZUGFeRD 1.0, and the XRechnung profile of ZUGFeRD 2.1+.
const STANDARD_NAMES = ['factur-x.xml', 'zugferd-invoice.xml', 'xrechnung.xml'];
const MAX_OTHER_XML = 10;

/**
 * Reads the e-invoice embedded in a PDF (ZUGFeRD, Factur-X, XRechnung in a PDF). A PDF without one
 * is not an error: it comes back with format "none", to be read by hand. A damaged PDF (broken
 * cross-reference data) is read only if an intact invoice XML is found in it; otherwise 925.
 *
 * @example
 * readPdfInvoice(buffer).format // 'cii'
 */
export function readPdfInvoice(buf: Buffer): EInvoiceData {
  const doc = PdfDocument.open(buf);
  const attachments = listAttachments(doc);
  const invoice = standardInvoice(attachments) ?? otherInvoice(attachments);
  if (invoice) return invoice;
  if (doc.wasRepaired)
    throw formatError('damaged PDF (cross-reference data rebuilt) without a readable e-invoice');
  return plainPdf();
}

function standardInvoice(attachments: PdfAttachment[]): EInvoiceData | null {
  const rank = (a: PdfAttachment) => STANDARD_NAMES.indexOf(a.name.toLowerCase());
  const standard = attachments.filter((a) => rank(a) >= 0).sort((a, b) => rank(a) - rank(b));
  if (standard.length === 0) return null;
  const invoice = finishInvoice(mapInvoiceXml(parseInvoiceXml(standard[0].content())), 'pdf');
  // ZUGFeRD 2 files sometimes carry the ZUGFeRD 1 XML too: fine if it is the same invoice.
  for (const other of standard.slice(1)) {
    const number = numberOf(other);
    if (number !== null && number !== invoice.number) {
      throw new EInvoiceError(
        ProcessingCode.moreThanOneInvoice,
        `${standard[0].name} and ${other.name} hold different invoices`,
      );
    }
  }
  return invoice;
}

/** An invoice XML attached under another name (e.g. an XRechnung attached to a PDF by hand). */
function otherInvoice(attachments: PdfAttachment[]): EInvoiceData | null {
  const xmlFiles = attachments
    .filter((a) => /\.xml$/i.test(a.name) || /[/+]xml$/i.test(a.mimeType ?? ''))
    .slice(0, MAX_OTHER_XML);
  const invoices: EInvoiceData[] = [];
  let notInvoice: EInvoiceError | null = null;
  for (const attachment of xmlFiles) {
    const xml = recognised(attachment);
    if (xml instanceof EInvoiceError) notInvoice ??= xml;
    else if (xml) invoices.push(finishInvoice(mapInvoiceXml(xml), 'pdf'));
  }
  if (new Set(invoices.map((i) => i.number)).size > 1) {
    throw new EInvoiceError(ProcessingCode.moreThanOneInvoice, 'several invoice XML files attached');
  }
  if (invoices.length > 0) return invoices[0];
  // Only an order or another business document attached (e.g. Order-X): the PDF is not an invoice.
  if (notInvoice) throw notInvoice;
  return null;
}

/** The attachment as invoice XML; the 926 refusal for other business documents; null for other files. */
function recognised(attachment: PdfAttachment): InvoiceXml | EInvoiceError | null {
  try {
    return parseInvoiceXml(attachment.content());
  } catch (error) {
    if (error instanceof EInvoiceError && error.code === ProcessingCode.notAnInvoice) return error;
    return null;
  }
}

function numberOf(attachment: PdfAttachment): string | null {
  try {
    return mapInvoiceXml(parseInvoiceXml(attachment.content())).number;
  } catch {
    return null;
  }
}

function plainPdf(): EInvoiceData {
  return {
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
}
