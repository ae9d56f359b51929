import { MAX_EINVOICE_BYTES } from '../read-einvoice';
import { OwnerTurns } from './owner-turns';

/** How many buffers, how large, how long an upload waits for one before it takes fresh memory. */
export interface UploadBuffersOptions {
  count: number;
  size: number;
  waitMs: number;
}

export const DEFAULT_UPLOAD_BUFFERS: UploadBuffersOptions = {
  count: Number(process.env.EINVOICE_UPLOAD_BUFFERS ?? 4),
  size: MAX_EINVOICE_BYTES,
  waitMs: Number(process.env.EINVOICE_UPLOAD_WAIT_MS ?? 5_000),
};

/**
 * One upload's memory. `memory`: a reused buffer to gather the file into, or null when none came
 * free in time (the upload then gathers into fresh memory, as without the set). `giveBack` returns
 * it — the memory itself once the reader's worker handed it back, null when it was lost (a worker
 * stopped with it); only the first call counts.
 */
export interface UploadLease {
  readonly memory: Uint8Array<ArrayBuffer> | null;
  giveBack(memory: ArrayBuffer | null): void;
}

interface Waiter {
  resolve: (lease: UploadLease) => void;
  timer: NodeJS.Timeout;
}

const FRESH: UploadLease = { memory: null, giveBack: () => {} };

/**
 * A bounded set of upload buffers that are used again (issue 13: `/api/healthy` during 16 hostile
 * 10 MB uploads). Every upload gathered into fresh memory: 16 × 10 MB of page faults on the event
 * loop (~0.7 s on the VMs of 2026-11-28), and V8 answering that much new external memory with full
 * garbage collections. A buffer of the set has its pages already; it travels to the reader's worker
 * and back without a copy (worker-pool.ts, `returnTo`).
 *
 * At most `count` buffers ever exist (made on first need, kept, LIFO). When all are lent, an upload
 * waits — its body stays in the socket, so the event loop is not reading sixteen files at once —
 * with owners taking turns (as in the reader's queue); after `waitMs` it gathers into fresh memory
 * instead, so that slow senders holding every buffer cannot hold up everyone else's upload.
 * A reused buffer keeps the bytes of an earlier file beyond the new one's length: it is only ever
 * read through the view of the new file's length (collectUpload's answer).
 *
 * @example
 * const buffers = new UploadBuffers({ count: 4 });
 * const lease = await buffers.lend(`creditor:${creditorId}`);
 * const bytes = await collectUpload(stream, length, MAX_EINVOICE_BYTES, lease.memory);
 * await pool.read(bytes, name, owner, { handOver: true, returnTo: lease.giveBack });
 */
export class UploadBuffers {
  readonly count: number;
  readonly size: number;
  readonly waitMs: number;
  private readonly shelf: ArrayBuffer[] = [];
  private made = 0;
  private readonly waiting = new OwnerTurns<Waiter>();

  constructor(options: Partial<UploadBuffersOptions> = {}) {
    const { count, size, waitMs } = { ...DEFAULT_UPLOAD_BUFFERS, ...options };
    this.count = count;
    this.size = size;
    this.waitMs = waitMs;
  }

  /** A buffer of the set for one upload of `owner`, when one is free or comes free within `waitMs`. */
  lend(owner: string): Promise<UploadLease> {
    const memory = this.free();
    if (memory) return Promise.resolve(this.lease(memory));
    if (this.count <= 0 || this.waitMs <= 0) return Promise.resolve(FRESH);
    return new Promise((resolve) => {
      const waiter: Waiter = {
        resolve,
        timer: setTimeout(() => {
          this.waiting.remove(owner, waiter);
          resolve(FRESH);
        }, this.waitMs),
      };
      this.waiting.push(owner, waiter);
    });
  }

  /** Buffers made (at most `count`), lent out now, uploads waiting for one. */
  get stats(): { made: number; lent: number; waiting: number } {
    return { made: this.made, lent: this.made - this.shelf.length, waiting: this.waiting.size };
  }

  /** The most recently returned buffer (its pages the likeliest still resident), else a new one while fewer than `count` exist. */
  private free(): ArrayBuffer | null {
    const kept = this.shelf.pop();
    if (kept) return kept;
    if (this.made >= this.count) return null;
    this.made++;
    return new ArrayBuffer(this.size);
  }

  private lease(memory: ArrayBuffer): UploadLease {
    let returned = false;
    return {
      memory: new Uint8Array(memory),
      giveBack: (back) => {
        if (returned) return;
        returned = true;
        // a buffer lost with its worker (or given back detached) is made anew when needed
        if (back && back.byteLength === this.size) this.shelf.push(back);
        else this.made--;
        this.serveWaiting();
      },
    };
  }

  private serveWaiting(): void {
    while (this.waiting.size > 0) {
      const memory = this.free();
      if (!memory) return;
      const waiter = this.waiting.shift()!;
      clearTimeout(waiter.timer);
      waiter.resolve(this.lease(memory));
    }
  }
}

let shared: UploadBuffers | null = null;

/**
 * A buffer of the process-wide set for one e-invoice upload (see `UploadBuffers`); its lease's
 * `giveBack` goes to the reader as `returnTo`.
 *
 * @example const lease = await lendUploadBuffer(owner);
 */
export function lendUploadBuffer(owner: string): Promise<UploadLease> {
  shared ??= new UploadBuffers();
  return shared.lend(owner);
}

/** The process-wide set's state (tests, metrics). */
export function uploadBufferStats(): { made: number; lent: number; waiting: number } {
  return shared?.stats ?? { made: 0, lent: 0, waiting: 0 };
}
