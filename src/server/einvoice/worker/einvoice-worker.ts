import { parentPort } from 'node:worker_threads';
import { readEInvoice } from '../read-einvoice';

/** One task of the pool: the file's bytes (transferred) and its name. */
export interface ReadTask {
  id: number;
  bytes: Uint8Array;
  fileName: string;
}

// Reads e-invoices for the pool (worker-pool.ts), one message per document, never throws.
parentPort?.on('message', (task: ReadTask) => {
  parentPort?.postMessage({ id: task.id, result: readEInvoice(task.bytes, task.fileName) });
});
