import { parentPort } from 'node:worker_threads';
import type { EInvoiceResult } from '../einvoice.types';
import { readEInvoice } from '../read-einvoice';

/** One task of the pool: the file's bytes (transferred) and its name. */
export interface ReadTask {
  id: number;
  bytes: Uint8Array;
  fileName: string;
  /** send the memory under `bytes` back with the answer (the pool's caller uses it again) */
  handBack: boolean;
}

/** The worker's answer: the result, and with `handBack` the same bytes, their memory transferred back. */
export interface ReadAnswer {
  id: number;
  result: EInvoiceResult;
  bytes?: Uint8Array<ArrayBuffer>;
}

// Reads e-invoices for the pool (worker-pool.ts), one message per document, never throws.
parentPort?.on('message', (task: ReadTask) => {
  const answer: ReadAnswer = { id: task.id, result: readEInvoice(task.bytes, task.fileName) };
  if (!task.handBack) return parentPort?.postMessage(answer);
  answer.bytes = task.bytes as Uint8Array<ArrayBuffer>;
  parentPort?.postMessage(answer, [answer.bytes.buffer]);
});
