import { mapCii } from './cii.mapper';
import { detectSyntax, type InvoiceSyntax } from './detect-syntax';
import type { EInvoiceContainer, EInvoiceData, RawInvoice } from './einvoice.types';
import { finishInvoice } from './invoice.rules';
import { mapUbl } from './ubl.mapper';
import type { XmlNode } from './xml/xml-node';
import { parseXml } from './xml/xml-parse';
import { decodeXmlBytes } from './xml/xml-text';

/** An XML document recognised as an invoice syntax, not yet mapped. */
export interface InvoiceXml {
  syntax: InvoiceSyntax;
  root: XmlNode;
}

const MAPPERS: Record<InvoiceSyntax, (root: XmlNode) => RawInvoice> = {
  'ubl-invoice': (root) => mapUbl(root, 'Invoice'),
  'ubl-credit-note': (root) => mapUbl(root, 'CreditNote'),
  cii: (root) => mapCii(root, 'cii'),
  'cii-zugferd1': (root) => mapCii(root, 'cii-zugferd1'),
};

/** Decodes, parses (safely) and recognises an XML file; throws 925 or 926 when it is not an invoice. */
export function parseInvoiceXml(bytes: Uint8Array): InvoiceXml {
  const parsed = parseXml(decodeXmlBytes(bytes));
  return { syntax: detectSyntax(parsed), root: parsed.root };
}

export function mapInvoiceXml(xml: InvoiceXml): RawInvoice {
  return MAPPERS[xml.syntax](xml.root);
}

/**
 * Reads an invoice XML (UBL Invoice/CreditNote, CII, ZUGFeRD 1.0) into the checked result.
 *
 * @example
 * readInvoiceXml(bytes, 'xml').number // '123456XX'
 */
export function readInvoiceXml(bytes: Uint8Array, container: EInvoiceContainer): EInvoiceData {
  return finishInvoice(mapInvoiceXml(parseInvoiceXml(bytes)), container);
}
