import { describe, expect, it } from 'vitest';
import { type UploadLease, UploadBuffers } from './upload-buffers';

const SIZE = 1024;
const settled = async <T>(promise: Promise<T>) => {
  let done = false;
  void promise.then(() => (done = true));
  await new Promise((resolve) => setImmediate(resolve));
  return done;
};
/** gives a lease's memory back as the reader does: the memory itself */
const giveBack = (lease: UploadLease) => lease.giveBack(lease.memory!.buffer);

describe('UploadBuffers', () => {
  it('lends at most `count` buffers; a later upload waits and gets the first one given back, bytes and all', async () => {
    const buffers = new UploadBuffers({ count: 2, size: SIZE, waitMs: 60_000 });
    const [first, second] = [await buffers.lend('A'), await buffers.lend('A')];
    expect(first.memory).toHaveLength(SIZE);
    expect(second.memory!.buffer).not.toBe(first.memory!.buffer);
    first.memory!.fill(7);
    const third = buffers.lend('A');
    expect(await settled(third)).toBe(false);
    expect(buffers.stats).toEqual({ made: 2, lent: 2, waiting: 1 });
    giveBack(first);
    const reused = await third;
    expect(reused.memory!.buffer).toBe(first.memory!.buffer);
    // the earlier file's bytes are still there: only ever read through the new file's view (collectUpload)
    expect(reused.memory![SIZE - 1]).toBe(7);
    expect(buffers.stats).toEqual({ made: 2, lent: 2, waiting: 0 });
  });

  it('serves the uploads waiting for a buffer owners in turn', async () => {
    const buffers = new UploadBuffers({ count: 1, size: SIZE, waitMs: 60_000 });
    const held = await buffers.lend('A');
    const order: string[] = [];
    // each upload, once it has the buffer, is read and gives it back
    const upload = (owner: string, n: number) =>
      buffers.lend(owner).then((lease) => {
        order.push(`${owner}${n}`);
        setImmediate(() => giveBack(lease));
      });
    const uploads = [upload('A', 1), upload('A', 2), upload('A', 3), upload('B', 1)];
    expect(buffers.stats.waiting).toBe(4);
    giveBack(held);
    await Promise.all(uploads);
    expect(order).toEqual(['A1', 'B1', 'A2', 'A3']);
  });

  it('lets an upload that waited `waitMs` gather into fresh memory; giving that back changes nothing', async () => {
    const buffers = new UploadBuffers({ count: 1, size: SIZE, waitMs: 20 });
    const held = await buffers.lend('A');
    const late = await buffers.lend('B');
    expect(late.memory).toBeNull();
    expect(buffers.stats).toEqual({ made: 1, lent: 1, waiting: 0 });
    late.giveBack(new ArrayBuffer(SIZE));
    expect(buffers.stats).toEqual({ made: 1, lent: 1, waiting: 0 });
    giveBack(held);
    expect(buffers.stats).toEqual({ made: 1, lent: 0, waiting: 0 });
  });

  it('replaces a buffer lost with a stopped worker (or given back detached), never holding more than `count`', async () => {
    const buffers = new UploadBuffers({ count: 2, size: SIZE, waitMs: 60_000 });
    const lost = await buffers.lend('A');
    const kept = await buffers.lend('A');
    const waiting = buffers.lend('A');
    lost.giveBack(null);
    const made = await waiting;
    expect(made.memory!.buffer).not.toBe(lost.memory!.buffer);
    expect(buffers.stats).toEqual({ made: 2, lent: 2, waiting: 0 });
    // transferred away: the lease's own view is detached
    const detached = structuredClone(kept.memory!.buffer, { transfer: [kept.memory!.buffer] });
    expect(detached.byteLength).toBe(SIZE);
    kept.giveBack(kept.memory!.buffer);
    expect(buffers.stats).toEqual({ made: 1, lent: 1, waiting: 0 });
  });

  it('counts only the first give-back of a lease: two later uploads never share one buffer', async () => {
    const buffers = new UploadBuffers({ count: 2, size: SIZE, waitMs: 60_000 });
    const lease = await buffers.lend('A');
    giveBack(lease);
    giveBack(lease);
    lease.giveBack(null);
    const [one, two] = [await buffers.lend('A'), await buffers.lend('B')];
    expect(one.memory!.buffer).not.toBe(two.memory!.buffer);
    expect(buffers.stats).toEqual({ made: 2, lent: 2, waiting: 0 });
  });

  it('with no buffers (count 0) every upload takes fresh memory at once', async () => {
    const buffers = new UploadBuffers({ count: 0, size: SIZE, waitMs: 60_000 });
    expect((await buffers.lend('A')).memory).toBeNull();
    expect(buffers.stats).toEqual({ made: 0, lent: 0, waiting: 0 });
  });
});
