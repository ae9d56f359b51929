const UBL_NS = 'urn:oasis:names:specification:ubl:schema:xsd:Invoice-2';

/**
 * The hostile file of issue 27: an otherwise plausible UBL invoice carrying `attributes` attributes
 * (40 per element; 800,000 make ~9.5 MB), which held the reader worker for 20 s before the pre-scan.
 *
 * @example Buffer.from(hostileInvoice()).length // ≈ 9.9e6
 */
export function hostileInvoice(attributes = 800_000): string {
  const perElement = 40;
  const elements = Array.from({ length: Math.ceil(attributes / perElement) }, (_, e) => {
    const attrs = Array.from({ length: perElement }, (_, a) => ` a${a}="${e}"`).join('');
    return `<Note${attrs}>x</Note>`;
  });
  return `<?xml version="1.0"?><Invoice xmlns="${UBL_NS}"><ID>1</ID>${elements.join('')}</Invoice>`;
}
