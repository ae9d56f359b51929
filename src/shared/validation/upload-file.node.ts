import { open } from 'node:fs/promises';
import { checkUploadFile, FILE_HEAD_BYTES, type UploadRules } from './file.rules';
import type { ValidationMessage } from './rule.types';

/**
 * Checks an upload the server has stored in a temporary file (`request.saveRequestFiles()` of
 * @fastify/multipart) by reading only its size and first bytes.
 * @example
 * for (const part of await request.saveRequestFiles()) {
 *   const problem = await checkStoredUpload(
 *     { path: part.filepath, name: part.filename, type: part.mimetype }, { accept: ['pdf'] });
 *   if (problem) throw new ApiError(400, problem.key);
 * }
 */
export async function checkStoredUpload(
  file: { path: string; name: string; type?: string },
  rules: UploadRules = {},
): Promise<ValidationMessage | null> {
  const handle = await open(file.path, 'r');
  try {
    const { size } = await handle.stat();
    const head = new Uint8Array(Math.min(size, FILE_HEAD_BYTES));
    await handle.read(head, 0, head.length, 0);
    return checkUploadFile({ name: file.name, type: file.type, size, head }, rules);
  } finally {
    await handle.close();
  }
}
