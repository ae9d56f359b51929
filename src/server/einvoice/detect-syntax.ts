import { EInvoiceError, formatError, ProcessingCode } from './einvoice-error';
import type { ParsedXml } from './xml/xml-parse';

export type InvoiceSyntax = 'ubl-invoice' | 'ubl-credit-note' | 'cii' | 'cii-zugferd1';

const UBL_PREFIX = 'urn:oasis:names:specification:ubl:schema:xsd:';
const CEFACT_PREFIX = 'urn:un:unece:uncefact:data:standard:';
const CII_NAMESPACE_PREFIX = `${CEFACT_PREFIX}CrossIndustryInvoice:`;
const ZUGFERD1_NAMESPACE = 'urn:ferd:CrossIndustryDocument:invoice:1p0';

// UBL documents that bill something but are outside EN 16931 (which binds only Invoice and
// CreditNote): refused as an unsupported format rather than as "not an invoice".
const UBL_UNSUPPORTED_BILLING = new Set([
  'SelfBilledInvoice',
  'SelfBilledCreditNote',
  'DebitNote',
  'FreightInvoice',
]);

/**
 * Tells from the root element which invoice syntax a document uses. A known business document that
 * is not an invoice (UBL Order, CII CrossIndustryOrder, …) is refused with 926; XML we do not know
 * at all with 925.
 *
 * @example
 * detectSyntax(parseXml(ublInvoiceText)) // 'ubl-invoice'
 */
export function detectSyntax({ localName, namespace }: ParsedXml): InvoiceSyntax {
  const ns = namespace ?? '';
  if (ns.startsWith(UBL_PREFIX)) {
    if (localName === 'Invoice' && ns === `${UBL_PREFIX}Invoice-2`) return 'ubl-invoice';
    if (localName === 'CreditNote' && ns === `${UBL_PREFIX}CreditNote-2`) return 'ubl-credit-note';
    if (UBL_UNSUPPORTED_BILLING.has(localName))
      throw formatError(`UBL ${localName} is not an EN 16931 syntax`);
    throw new EInvoiceError(ProcessingCode.notAnInvoice, `UBL ${localName} is not an invoice`);
  }
  if (localName === 'CrossIndustryInvoice' && ns.startsWith(CII_NAMESPACE_PREFIX)) return 'cii';
  if (localName === 'CrossIndustryDocument' && ns === ZUGFERD1_NAMESPACE) return 'cii-zugferd1';
  if (ns.startsWith(CEFACT_PREFIX) || ns.startsWith('urn:ferd:')) {
    throw new EInvoiceError(ProcessingCode.notAnInvoice, `UN/CEFACT ${localName} is not an invoice`);
  }
  throw formatError(`unknown XML document ${localName} (${ns || 'no namespace'})`);
}
