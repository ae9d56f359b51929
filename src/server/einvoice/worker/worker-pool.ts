import { availableParallelism } from 'node:os';
import { Worker } from 'node:worker_threads';
import { formatError } from '../einvoice-error';
import type { EInvoiceResult } from '../einvoice.types';
import type { ReadAnswer, ReadTask } from './einvoice-worker';
import { processingCodeMessage } from '../processing-code-message';
import { OwnerTurns } from './owner-turns';

/** Limits of one document in the pool: wall time and the worker's heap. */
export interface ReadLimits {
  timeoutMs: number;
  maxHeapMb: number;
}

export const DEFAULT_READ_LIMITS: ReadLimits = {
  timeoutMs: Number(process.env.EINVOICE_TIMEOUT_MS ?? 20_000),
  maxHeapMb: Number(process.env.EINVOICE_MAX_HEAP_MB ?? 512),
};

interface Job {
  id: number;
  /** whose document it is (the creditor): the queue is shared fairly between them */
  owner: string;
  bytes: Uint8Array;
  fileName: string;
  /** where the memory under `bytes` goes once read (the worker hands it back), null when lost with a stopped worker */
  returnTo?: (memory: ArrayBuffer | null) => void;
  resolve: (result: EInvoiceResult) => void;
}

/** How a caller hands its bytes to the pool (`read`). */
export interface HandOver {
  /** the caller gives up the memory under `bytes` (its own buffer, not Node's shared pool): no copy */
  handOver?: boolean;
  /** with `handOver`: the memory comes back here after the read (null when it was lost with a stopped worker) — a buffer used again */
  returnTo?: (memory: ArrayBuffer | null) => void;
}

interface Slot {
  worker: Worker;
  job: Job | null;
  timer: NodeJS.Timeout | null;
}

const refusal = (detail: string): EInvoiceResult => {
  const error = formatError(detail);
  return { ok: false, code: error.code, message: processingCodeMessage(error.code), detail: error.detail };
};

/**
 * A fixed pool of worker threads that read e-invoices (XML and PDF) off the event loop, one document
 * per worker at a time, the rest queued. A document that takes longer than `timeoutMs` or needs
 * more heap than `maxHeapMb` is refused with processing code 925 (its worker is replaced) — never a
 * hang, never a crash of the server.
 *
 * @example
 * const pool = new EInvoiceReadPool({ size: 2 });
 * const result = await pool.read(bytes, 'rechnung.xml'); // the same EInvoiceResult as readEInvoice
 * await pool.close();
 */
export class EInvoiceReadPool {
  readonly size: number;
  private readonly limits: ReadLimits;
  private readonly slots: Slot[] = [];
  /** waiting documents, owners in turn */
  private readonly queues = new OwnerTurns<Job>();
  private nextId = 1;
  private closed = false;

  constructor(options: { size?: number; limits?: Partial<ReadLimits> } = {}) {
    this.size = Math.max(1, options.size ?? defaultPoolSize());
    this.limits = { ...DEFAULT_READ_LIMITS, ...options.limits };
  }

  /**
   * Reads one file in a worker; resolves with the same result `readEInvoice` gives. Waiting documents
   * are taken from their owners in turn (round robin, issue 27): a creditor with ten files in the
   * queue delays another creditor's document by at most one read, not ten. `handOver`: the caller
   * gives up the memory under `bytes` (its own buffer, not Node's shared pool; see collect-upload.ts),
   * and with `returnTo` gets it back after the read (upload-buffers.ts); the worker reads only the
   * view `bytes`, never the memory beyond it.
   */
  read(bytes: Uint8Array, fileName: string, owner = '', { handOver = false, returnTo }: HandOver = {}): Promise<EInvoiceResult> {
    if (this.closed) return Promise.reject(new Error('the e-invoice pool is closed'));
    return new Promise((resolve) => {
      // transferred to the worker: by default a copy of its own, so the caller's buffer stays
      // untouched; with `handOver` the caller gives the pool the whole memory under `bytes` (no copy
      // of a 10 MB file on the event loop; the caller's buffer is detached afterwards)
      const job: Job = { id: this.nextId++, owner, bytes: handOver ? bytes : new Uint8Array(bytes), fileName, resolve };
      if (handOver && returnTo) job.returnTo = returnTo;
      this.queues.push(owner, job);
      this.dispatch();
    });
  }

  /** Workers reading a document right now. */
  get busy(): number {
    return this.slots.filter((slot) => slot.job !== null).length;
  }

  /** Documents waiting for a free worker. */
  get queued(): number {
    return this.queues.size;
  }

  async close(): Promise<void> {
    this.closed = true;
    for (const job of this.queues.drain()) {
      // never sent: the memory is still the caller's to reuse
      job.returnTo?.(job.bytes.buffer as ArrayBuffer);
      job.resolve(refusal('server shutting down'));
    }
    await Promise.all(this.slots.splice(0).map((slot) => this.stop(slot, 'server shutting down')));
  }

  private dispatch(): void {
    while (this.queues.size > 0) {
      let slot = this.slots.find((candidate) => candidate.job === null);
      if (!slot && this.slots.length < this.size) slot = this.spawn();
      if (!slot) return;
      const job = this.queues.shift();
      if (!job) return;
      slot.job = job;
      slot.worker.ref();
      slot.timer = setTimeout(() => {
        void this.replace(slot!, `reading took longer than ${this.limits.timeoutMs} ms`);
      }, this.limits.timeoutMs);
      const task: ReadTask = { id: job.id, bytes: job.bytes, fileName: job.fileName, handBack: job.returnTo !== undefined };
      slot.worker.postMessage(task, [job.bytes.buffer as ArrayBuffer]);
    }
  }

  private spawn(): Slot {
    const worker = new Worker(new URL('./bootstrap.mjs', import.meta.url), {
      resourceLimits: { maxOldGenerationSizeMb: this.limits.maxHeapMb },
    });
    const slot: Slot = { worker, job: null, timer: null };
    worker.on('message', (message: ReadAnswer) => {
      if (slot.job?.id !== message.id) return;
      this.finish(slot, message.result, message.bytes?.buffer ?? null);
    });
    worker.on('error', (error) => {
      // out of memory (ERR_WORKER_OUT_OF_MEMORY) or a crash: the document is refused, the worker replaced
      void this.replace(slot, `worker failed: ${error.message}`);
    });
    worker.on('exit', () => {
      if (this.slots.includes(slot)) void this.replace(slot, 'worker exited');
    });
    worker.unref();
    this.slots.push(slot);
    return slot;
  }

  private finish(slot: Slot, result: EInvoiceResult, memory: ArrayBuffer | null): void {
    const job = slot.job;
    if (slot.timer) clearTimeout(slot.timer);
    slot.job = null;
    slot.timer = null;
    slot.worker.unref();
    job?.returnTo?.(memory);
    job?.resolve(result);
    this.dispatch();
  }

  private async replace(slot: Slot, detail: string): Promise<void> {
    const index = this.slots.indexOf(slot);
    if (index === -1) return;
    this.slots.splice(index, 1);
    await this.stop(slot, detail);
    if (!this.closed) this.dispatch();
  }

  private async stop(slot: Slot, detail: string): Promise<void> {
    if (slot.timer) clearTimeout(slot.timer);
    const job = slot.job;
    slot.job = null;
    // the memory was transferred to this worker and ends with it
    job?.returnTo?.(null);
    job?.resolve(refusal(detail));
    slot.worker.removeAllListeners('exit');
    await slot.worker.terminate();
  }
}

/** Leaves one core to the event loop: 1 worker on 2 cores, at most 4 (EINVOICE_WORKERS overrides). */
export function defaultPoolSize(): number {
  const configured = Number(process.env.EINVOICE_WORKERS);
  if (configured > 0) return configured;
  return Math.min(4, Math.max(1, availableParallelism() - 1));
}

let shared: EInvoiceReadPool | null = null;

/**
 * Reads an uploaded e-invoice off the event loop, in the process-wide pool (created on first use;
 * its idle workers do not keep the process alive). Same result as `readEInvoice`, plus a 925
 * refusal for a document over the time or memory limit. `owner` (the creditor) shares the queue
 * fairly.
 *
 * @example const result = await readEInvoiceInWorker(bytes, file.filename, `creditor:${creditorId}`);
 */
export function readEInvoiceInWorker(
  bytes: Uint8Array,
  fileName: string,
  owner = '',
  options: HandOver = {},
): Promise<EInvoiceResult> {
  shared ??= new EInvoiceReadPool();
  return shared.read(bytes, fileName, owner, options);
}

/** The shared pool's load (metrics): workers reading, its size, documents waiting. */
export function einvoicePoolStats(): { busy: number; size: number; queued: number } {
  return { busy: shared?.busy ?? 0, size: shared?.size ?? defaultPoolSize(), queued: shared?.queued ?? 0 };
}

/** Stops the shared pool's workers (tests, shutdown). */
export async function closeEInvoicePool(): Promise<void> {
  const pool = shared;
  shared = null;
  await pool?.close();
}
