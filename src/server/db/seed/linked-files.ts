import { textPdf } from '../../routes/statements/statement-archive';
import type { NewRow } from '../schema';
import type { RowSink } from './seed-context';

const LINK = /\/files\/[^"\\\s]+/g;

/**
 * Every file the seeded rows link (`/files/<creditor identifier>/…`: voucher documents and
 * attachments, permanent-debt documents and attachments, work-queue letters, …) as a stored file of
 * that creditor, so each link answers its owner with a real file (GET /api/files/…) instead of 404.
 * The links are found in the rows themselves, so a factory that adds a link cannot forget its file.
 * Each is a one-page PDF naming what it stands for (an `.xml` link: a small XML document).
 *
 * @example addAll(sink, 'storedFile', linkedFiles(sink, now))
 */
export function linkedFiles(sink: RowSink, now: string): NewRow<'storedFile'>[] {
  const creditors = new Map((sink.creditor ?? []).map((c) => [c.identifier, { id: c.id!, name: c.name }]));
  const files = new Map<string, NewRow<'storedFile'>>();
  for (const [table, rows] of Object.entries(sink)) {
    if (table === 'storedFile') continue;
    for (const row of rows ?? []) {
      for (const [path] of JSON.stringify(row).matchAll(LINK)) {
        if (files.has(path)) continue;
        const [identifier, kind] = path.split('/').slice(2, 4).map(decodeURIComponent);
        const owner = creditors.get(identifier);
        if (!owner) throw new Error(`seed: ${table} links ${path} of no seeded creditor`);
        const fileName = decodeURIComponent(path.slice(path.lastIndexOf('/') + 1));
        const xml = /\.xml$/i.test(fileName);
        const content = xml
          ? Buffer.from(`<?xml version="1.0" encoding="UTF-8"?>\n<Demo creditor="${identifier}" file="${fileName}"/>\n`, 'utf8')
          : textPdf([`${owner.name}`, `Demo-Dokument (${kind}): ${fileName}`]);
        files.set(path, {
          creditorId: owner.id,
          path,
          fileName,
          mimeType: xml ? 'application/xml' : 'application/pdf',
          sizeBytes: content.length,
          content,
          createdAt: now,
        });
      }
    }
  }
  return [...files.values()];
}
