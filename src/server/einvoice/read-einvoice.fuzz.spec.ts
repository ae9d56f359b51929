import { describe, expect, it } from 'vitest';
import { ProcessingCode } from './einvoice-error';
import { readEInvoice } from './read-einvoice';
import { sample } from './testing/samples';

// Damaged variants of the samples (deterministic pseudo-random byte flips, cuts and splices):
// the reader must always answer, never throw, and stay fast.
const FILES = [
  'zugferd/EN16931_Einfach.pdf',
  'zugferd/zugferd_invoice.pdf',
  'zugferd/corruptedV2PDF.pdf',
  'zugferd/EmptyPDFA1.pdf',
  'xrechnung/01.05a-INVOICE_uncefact.xml',
  'xrechnung/01.06a-INVOICE_ubl.xml',
];
const CODES = new Set<number>(Object.values(ProcessingCode));

function random(seed: number): () => number {
  let state = seed;
  return () => {
    state = (state * 1103515245 + 12345) & 0x7fffffff;
    return state / 0x7fffffff;
  };
}

function mutate(original: Buffer, next: () => number): Buffer {
  const bytes = Buffer.from(original);
  const kind = Math.floor(next() * 3);
  if (kind === 0) {
    for (let i = 0; i < 1 + next() * 20; i++)
      bytes[Math.floor(next() * bytes.length)] = Math.floor(next() * 256);
    return bytes;
  }
  if (kind === 1) {
    // cut out a piece but keep the end, so %%EOF and the trailer survive
    const from = Math.floor(next() * bytes.length);
    return Buffer.concat([
      bytes.subarray(0, from),
      bytes.subarray(Math.min(bytes.length, from + 1 + next() * 2000)),
    ]);
  }
  const from = Math.floor(next() * bytes.length);
  const piece = bytes.subarray(from, from + Math.floor(next() * 500));
  const at = Math.floor(next() * bytes.length);
  return Buffer.concat([bytes.subarray(0, at), piece, bytes.subarray(at)]);
}

describe('readEInvoice on damaged files', () => {
  for (const file of FILES) {
    it(`answers every damaged variant of ${file}`, () => {
      const next = random(file.length * 7919);
      const original = sample(file);
      let slowest = 0;
      for (let round = 0; round < 150; round++) {
        const started = performance.now();
        const result = readEInvoice(mutate(original, next), file);
        slowest = Math.max(slowest, performance.now() - started);
        if (!result.ok) expect(CODES).toContain(result.code);
      }
      expect(slowest).toBeLessThan(1000);
    });
  }
});
