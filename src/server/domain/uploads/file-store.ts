import { randomUUID } from 'node:crypto';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema';

/** A file decoded from the data URL the form schema has checked. */
export interface UploadedFile {
  name: string;
  mimeType: string;
  bytes: Buffer;
}

const DATA_URL = /^data:([^;,]*)((?:;[^;,=]+=[^;,]*)*);base64,([A-Za-z0-9+/=]*)$/;

/**
 * The bytes, name and type of a data URL (`data:application/pdf;name=r.pdf;base64,…`).
 * @example decodeDataUrl('data:application/pdf;name=r.pdf;base64,JVBERi0=').name // 'r.pdf'
 */
export function decodeDataUrl(value: string): UploadedFile {
  const match = DATA_URL.exec(value);
  if (!match) throw new Error('not a data URL');
  const rawName = /;name=([^;,]*)/.exec(match[2])?.[1] ?? '';
  let name = rawName;
  try {
    name = decodeURIComponent(rawName);
  } catch {
    // a malformed escape keeps the raw name
  }
  // no path parts and no control characters in a stored name (it is shown and sent as a header)
  name =
    [...name.replace(/[\\/"]/g, '_')]
      .filter((c) => c.charCodeAt(0) >= 0x20 && c.charCodeAt(0) !== 0x7f)
      .join('')
      .trim() || 'Beleg';
  return {
    name: name.slice(0, 200),
    mimeType: match[1] || 'application/octet-stream',
    bytes: Buffer.from(match[3], 'base64'),
  };
}

/** The MIME type a stored file is served with: only what the content check let in. */
export function servedMimeType(fileName: string, bytes: Buffer): string {
  const head = bytes.subarray(0, 1024).toString('latin1');
  if (head.includes('%PDF-')) return 'application/pdf';
  if (/\.xml$/i.test(fileName)) return 'application/xml';
  return 'application/octet-stream';
}

/**
 * Stores a file in the database (stored_file, migration 0050 says why) in the caller's transaction
 * and returns its path `/files/<creditor identifier>/<kind>/<uuid>-<name>`, served by GET /api/files/…
 * to that creditor only.
 */
export async function storeFile(
  trx: Kysely<Database>,
  owner: { creditorId: number; creditorIdentifier: string },
  kind: 'uploads' | 'attachments',
  file: UploadedFile,
  now: Date,
): Promise<string> {
  const safe = file.name.replace(/[^\w.-]+/g, '_').slice(-80);
  const path = `/files/${encodeURIComponent(owner.creditorIdentifier)}/${kind}/${randomUUID()}-${safe}`;
  await trx
    .insertInto('storedFile')
    .values({
      creditorId: owner.creditorId,
      path,
      fileName: file.name,
      mimeType: servedMimeType(file.name, file.bytes),
      sizeBytes: file.bytes.length,
      content: file.bytes,
      createdAt: now,
    })
    .execute();
  return path;
}

/** A stored file's bytes (processing reads the document it works on). */
export async function readStoredFile(
  db: Kysely<Database>,
  creditorId: number,
  path: string,
): Promise<Buffer | null> {
  const row = await db
    .selectFrom('storedFile')
    .select('content')
    .where('creditorId', '=', creditorId)
    .where('path', '=', path)
    .executeTakeFirst();
  return row ? Buffer.from(row.content) : null;
}
