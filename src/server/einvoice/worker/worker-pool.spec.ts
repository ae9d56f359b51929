import { readdirSync, readFileSync } from 'node:fs';
import { afterAll, describe, expect, it } from 'vitest';
import { readEInvoice } from '../read-einvoice';
import { SAMPLES_DIR } from '../testing/samples';
import { EInvoiceReadPool } from './worker-pool';

const samples = (dir: string, ext: string) =>
  readdirSync(`${SAMPLES_DIR}${dir}`)
    .filter((name) => name.endsWith(ext))
    .sort()
    .slice(0, 4)
    .map((name) => ({ name, bytes: readFileSync(`${SAMPLES_DIR}${dir}/${name}`) }));

const pool = new EInvoiceReadPool({ size: 2 });
afterAll(() => pool.close());

describe('EInvoiceReadPool', () => {
  it('reads XML and PDF e-invoices in a worker with the same result as in-process', async () => {
    const files = [...samples('xrechnung', '.xml'), ...samples('zugferd', '.pdf')];
    expect(files.length).toBeGreaterThan(4);
    const inWorker = await Promise.all(files.map((file) => pool.read(file.bytes, file.name)));
    expect(inWorker).toEqual(files.map((file) => readEInvoice(file.bytes, file.name)));
    expect(inWorker.some((result) => result.ok)).toBe(true);
  });

  it('refuses what the reader refuses, with the same processing code, and leaves the caller its bytes', async () => {
    const bytes = Buffer.from('weder PDF noch XML');
    const result = await pool.read(bytes, 'notiz.txt');
    expect(result).toEqual(readEInvoice(bytes, 'notiz.txt'));
    expect(result).toMatchObject({ ok: false, code: 925 });
    expect(bytes.toString()).toBe('weder PDF noch XML');
  });

  it('takes a handed-over buffer without a copy: the same result, read from the view, the caller\'s memory detached', async () => {
    const [{ name, bytes: text }] = samples('xrechnung', '.xml') as [{ name: string; bytes: Buffer }];
    // a view that does not start at the buffer's beginning nor reach its end (collect-upload.ts's shape)
    const memory = new Uint8Array(text.length + 100);
    memory.set(text, 40);
    const view = memory.subarray(40, 40 + text.length);
    const result = await pool.read(view, name, '', { handOver: true });
    expect(result).toEqual(readEInvoice(text, name));
    expect(result.ok).toBe(true);
    expect(memory.buffer.byteLength).toBe(0);
  });

  it('hands a buffer back with `returnTo`, having read only the view: an earlier file\'s bytes beyond it are not read', async () => {
    const [{ name, bytes: text }] = samples('xrechnung', '.xml') as [{ name: string; bytes: Buffer }];
    const pdf = samples('zugferd', '.pdf').find((file) => readEInvoice(file.bytes, file.name).ok)!;
    for (const [fileName, whole] of [[name, text], [pdf.name, pdf.bytes]] as const) {
      // the memory holds the whole document (an earlier upload); the new file is its first half
      const memory = new Uint8Array(whole.length + 64);
      memory.set(whole);
      const half = memory.subarray(0, Math.floor(whole.length / 2));
      const expected = readEInvoice(Buffer.from(whole.subarray(0, half.length)), fileName);
      expect(expected.ok).toBe(false);
      let returned: ArrayBuffer | null | undefined;
      const result = await pool.read(half, fileName, '', { handOver: true, returnTo: (back) => (returned = back) });
      expect(result).toEqual(expected);
      // the same memory, whole and with its bytes, back to be used again
      expect(returned?.byteLength).toBe(whole.length + 64);
      expect(Buffer.from(returned!, 0, whole.length).equals(whole)).toBe(true);
    }
  });

  it('gives `returnTo` null when the memory is lost with a stopped worker, and the memory itself when it was never sent', async () => {
    const [file] = samples('xrechnung', '.xml');
    const strict = new EInvoiceReadPool({ size: 1, limits: { timeoutMs: 1 } });
    const lost: Array<ArrayBuffer | null> = [];
    await strict.read(new Uint8Array(file.bytes), file.name, '', { handOver: true, returnTo: (back) => lost.push(back) });
    expect(lost).toEqual([null]);
    await strict.close();
    const closing = new EInvoiceReadPool({ size: 1 });
    const back: Array<ArrayBuffer | null> = [];
    const reads = [0, 1].map(() =>
      closing.read(new Uint8Array(file.bytes), file.name, '', { handOver: true, returnTo: (memory) => back.push(memory) }),
    );
    await closing.close();
    expect(await Promise.all(reads)).toEqual([expect.objectContaining({ code: 925 }), expect.objectContaining({ code: 925 })]);
    // the first was in its worker when the pool closed (lost), the second still queued (its memory back, whole)
    expect(back).toHaveLength(2);
    expect(back).toContain(null);
    expect(back.find((memory) => memory !== null)?.byteLength).toBe(file.bytes.length);
  });

  it('refuses a document over the time limit with 925 and goes on with a fresh worker', async () => {
    const strict = new EInvoiceReadPool({ size: 1, limits: { timeoutMs: 1 } });
    try {
      const [file] = samples('xrechnung', '.xml');
      // 1 ms cannot even start a worker: the document is refused, not hung
      const result = await strict.read(file.bytes, file.name);
      expect(result).toMatchObject({ ok: false, code: 925 });
      expect(result.ok ? '' : result.detail).toMatch(/longer than 1 ms/);
    } finally {
      await strict.close();
    }
    const [file] = samples('xrechnung', '.xml');
    expect(await pool.read(file.bytes, file.name)).toEqual(readEInvoice(file.bytes, file.name));
  });

  it('refuses a document that needs more memory than the limit with 925', async () => {
    const tight = new EInvoiceReadPool({ size: 1, limits: { maxHeapMb: 8, timeoutMs: 60_000 } });
    try {
      const text = readFileSync(`${SAMPLES_DIR}xrechnung/01.01a-INVOICE_ubl.xml`, 'utf8');
      const line = /<cac:InvoiceLine>[\s\S]*?<\/cac:InvoiceLine>/.exec(text)![0];
      const big = Buffer.from(text.replace('</ubl:Invoice>', `${line.repeat(5000)}</ubl:Invoice>`));
      expect(readEInvoice(big, 'gross.xml').ok).toBe(true);
      const result = await tight.read(big, 'gross.xml');
      expect(result).toMatchObject({ ok: false, code: 925 });
      expect(result.ok ? '' : result.detail).toMatch(/worker/);
    } finally {
      await tight.close();
    }
  });
});

describe('fair turns between owners (issue 27)', () => {
  it('reads another creditor’s document after at most one more of a creditor with a long queue', async () => {
    const single = new EInvoiceReadPool({ size: 1 });
    try {
      const [file] = samples('xrechnung', '.xml');
      const order: string[] = [];
      const read = (owner: string, n: number) => single.read(file.bytes, file.name, owner).then(() => void order.push(`${owner}${n}`));
      const flood = Array.from({ length: 6 }, (_, n) => read('A', n));
      const other = read('B', 0);
      await Promise.all([...flood, other]);
      // A0 was taken at once; then the turn goes to B before A's next
      expect(order.indexOf('B0')).toBeLessThanOrEqual(2);
      expect(order.filter((o) => o.startsWith('A'))).toEqual(['A0', 'A1', 'A2', 'A3', 'A4', 'A5']);
    } finally {
      await single.close();
    }
  });
});
