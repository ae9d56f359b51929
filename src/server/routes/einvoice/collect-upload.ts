/**
 * The bytes of an uploaded file, gathered into one buffer chunk by chunk as they arrive (issue 13:
 * the event loop stays responsive during large uploads). Collecting the chunks and joining them at
 * the end (`toBuffer`) copied the whole file in one go — and the pool copied it once more before
 * handing it to its worker: for 16 parallel 10 MB uploads on two cores that blocked the event loop
 * for up to a second (bench/README.md, "Health during uploads"). Here each chunk is copied as it
 * arrives into a buffer sized by the request's length (the file is at most that long), grown by
 * doubling when no length was sent; the result owns its memory from offset 0, so the e-invoice pool
 * can take it over without a copy. `into`: a buffer to gather into instead (one of the reused upload
 * buffers, upload-buffers.ts); the answer is then a view of its first bytes — what lies beyond them
 * (an earlier file's bytes) is not part of it.
 *
 * Returns `'tooLarge'` when the stream was cut at its size limit (`truncated`, as @fastify/multipart
 * marks it); the stream is read to its end either way.
 *
 * @example const bytes = await collectUpload(file.file, Number(request.headers['content-length']), MAX_EINVOICE_BYTES);
 */
export async function collectUpload(
  stream: AsyncIterable<Uint8Array> & { truncated?: boolean },
  lengthHint: number,
  maxBytes: number,
  into: Uint8Array | null = null,
): Promise<Uint8Array | 'tooLarge'> {
  let buffer =
    into ?? new Uint8Array(Number.isFinite(lengthHint) && lengthHint > 0 ? Math.min(lengthHint, maxBytes) : 64 * 1024);
  let length = 0;
  let tooLarge = false;
  for await (const chunk of stream) {
    if (tooLarge || stream.truncated || length + chunk.length > maxBytes) {
      tooLarge = true;
      continue;
    }
    if (length + chunk.length > buffer.length) {
      const grown = new Uint8Array(Math.min(maxBytes, Math.max(buffer.length * 2, length + chunk.length)));
      grown.set(buffer.subarray(0, length));
      buffer = grown;
    }
    buffer.set(chunk, length);
    length += chunk.length;
  }
  if (tooLarge || stream.truncated) return 'tooLarge';
  return buffer.subarray(0, length);
}
