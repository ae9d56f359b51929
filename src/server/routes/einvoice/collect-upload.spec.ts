import { Readable } from 'node:stream';
import { describe, expect, it } from 'vitest';
import { collectUpload } from './collect-upload';

const chunksOf = (sizes: number[]) => sizes.map((size, i) => new Uint8Array(size).fill(i + 1));
const streamOf = (chunks: Uint8Array[], truncated = false) =>
  Object.assign(Readable.from(chunks), { truncated }) as Readable & { truncated: boolean };
const joined = (chunks: Uint8Array[]) => Buffer.concat(chunks);

describe('collectUpload', () => {
  it('gathers the chunks in order into a buffer of its own, with or without a length hint', async () => {
    const chunks = chunksOf([70_000, 1, 65_536, 12_345]);
    const total = chunks.reduce((sum, chunk) => sum + chunk.length, 0);
    for (const hint of [total + 300, Number.NaN, 10]) {
      const bytes = await collectUpload(streamOf(chunks), hint, 1_000_000);
      expect(bytes).toBeInstanceOf(Uint8Array);
      expect(Buffer.from(bytes as Uint8Array).equals(joined(chunks))).toBe(true);
      // owns its memory from offset 0 (the pool may take it over without a copy)
      expect((bytes as Uint8Array).byteOffset).toBe(0);
    }
  });

  it('answers tooLarge for a stream cut at its limit, and for more bytes than the maximum', async () => {
    expect(await collectUpload(streamOf(chunksOf([10, 10]), true), 100, 1_000)).toBe('tooLarge');
    expect(await collectUpload(streamOf(chunksOf([600, 600])), 2_000, 1_000)).toBe('tooLarge');
    const exact = await collectUpload(streamOf(chunksOf([500, 500])), Number.NaN, 1_000);
    expect((exact as Uint8Array).length).toBe(1_000);
  });

  it('gathers into a reused buffer: the answer is exactly the new bytes, not what an earlier file left behind', async () => {
    const into = new Uint8Array(1_000).fill(0xee);
    const chunks = chunksOf([300, 200]);
    const bytes = (await collectUpload(streamOf(chunks), 900, 1_000, into)) as Uint8Array;
    expect(bytes.buffer).toBe(into.buffer);
    expect(bytes.byteOffset).toBe(0);
    expect(bytes.length).toBe(500);
    expect(Buffer.from(bytes).equals(joined(chunks))).toBe(true);
    // the earlier file's bytes beyond the new length stay in the memory, outside the answer
    expect(into[500]).toBe(0xee);
  });

  it('answers tooLarge with a reused buffer too, and grows out of one too small into fresh memory', async () => {
    expect(await collectUpload(streamOf(chunksOf([600, 600])), 2_000, 1_000, new Uint8Array(1_000))).toBe('tooLarge');
    const small = new Uint8Array(100);
    const chunks = chunksOf([80, 80]);
    const bytes = (await collectUpload(streamOf(chunks), Number.NaN, 1_000, small)) as Uint8Array;
    expect(bytes.buffer).not.toBe(small.buffer);
    expect(Buffer.from(bytes).equals(joined(chunks))).toBe(true);
  });

  it('answers an empty file as no bytes', async () => {
    expect(((await collectUpload(streamOf([]), 500, 1_000)) as Uint8Array).length).toBe(0);
  });
});
