import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import type { EInvoiceData } from '../einvoice.types';
import { readEInvoice } from '../read-einvoice';

/** The shared sample folder beside the repository (`../shared/einvoice-samples` from the repo root). */
export const SAMPLES_DIR = fileURLToPath(new URL('../../../../../shared/einvoice-samples/', import.meta.url));

export function sample(path: string): Buffer {
  return readFileSync(`${SAMPLES_DIR}${path}`);
}

/** Reads bytes that must be accepted; a refusal fails the test with its code and detail. */
export function invoiceOf(bytes: Uint8Array, fileName = 'invoice.xml'): EInvoiceData {
  const result = readEInvoice(bytes, fileName);
  if (!result.ok) throw new Error(`${fileName}: refused with ${result.code} (${result.detail})`);
  return result.invoice;
}

export function readSample(path: string): EInvoiceData {
  return invoiceOf(sample(path), path.split('/').pop());
}
