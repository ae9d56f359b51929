import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { TestApp } from '../helpers/app';
import { bearer } from '../helpers/app';

/** The third-party e-invoice samples (not copied into the project). */
export const SAMPLES = join(process.cwd(), '..', 'shared', 'einvoice-samples');
export const sample = (path: string) => readFileSync(join(SAMPLES, path));

export interface Part {
  name: string;
  value?: string;
  file?: { name: string; type: string; bytes: Buffer };
}

/** A multipart/form-data body as a browser sends it. */
export function multipart(parts: Part[]): { body: Buffer; contentType: string } {
  const boundary = `----kontor${Math.random().toString(16).slice(2)}`;
  const chunks: Buffer[] = [];
  for (const part of parts) {
    chunks.push(Buffer.from(`--${boundary}\r\n`));
    if (part.file) {
      chunks.push(
        Buffer.from(
          `Content-Disposition: form-data; name="${part.name}"; filename="${part.file.name}"\r\nContent-Type: ${part.file.type}\r\n\r\n`,
        ),
      );
      chunks.push(part.file.bytes, Buffer.from('\r\n'));
    } else {
      chunks.push(Buffer.from(`Content-Disposition: form-data; name="${part.name}"\r\n\r\n${part.value ?? ''}\r\n`));
    }
  }
  chunks.push(Buffer.from(`--${boundary}--\r\n`));
  return { body: Buffer.concat(chunks), contentType: `multipart/form-data; boundary=${boundary}` };
}

/** POST /api/voucher/upload with the given fields and files (field `invoiceFiles` unless named). */
export async function upload(
  t: TestApp,
  token: string,
  files: { name: string; type?: string; bytes: Buffer; field?: string }[],
  fields: Record<string, string> = {},
) {
  const parts: Part[] = [
    ...Object.entries({ voucherType: 'invoice', deliveryType: 'post', ...fields }).map(([name, value]) => ({ name, value })),
    ...files.map((f) => ({
      name: f.field ?? 'invoiceFiles',
      file: { name: f.name, type: f.type ?? (f.name.endsWith('.xml') ? 'application/xml' : 'application/pdf'), bytes: f.bytes },
    })),
  ];
  const { body, contentType } = multipart(parts);
  const response = await t.app.inject({
    method: 'POST',
    url: '/api/voucher/upload',
    headers: { ...bearer(token), 'content-type': contentType },
    payload: body,
  });
  return { status: response.statusCode, body: response.body ? response.json() : null };
}

/** A minimal valid PDF with some text (a "plain PDF": no e-invoice inside). */
export function plainPdf(text: string): Buffer {
  const stream = `BT /F1 12 Tf 50 750 Td (${text.replace(/[()\\]/g, '')}) Tj ET`;
  const objects = [
    '<< /Type /Catalog /Pages 2 0 R >>',
    '<< /Type /Pages /Kids [3 0 R] /Count 1 >>',
    '<< /Type /Page /Parent 2 0 R /MediaBox [0 0 595 842] /Contents 4 0 R /Resources << /Font << /F1 5 0 R >> >> >>',
    `<< /Length ${stream.length} >>\nstream\n${stream}\nendstream`,
    '<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica >>',
  ];
  let out = '%PDF-1.4\n';
  const offsets: number[] = [];
  objects.forEach((body, i) => {
    offsets.push(out.length);
    out += `${i + 1} 0 obj\n${body}\nendobj\n`;
  });
  const xref = out.length;
  out += `xref\n0 ${objects.length + 1}\n0000000000 65535 f \n`;
  for (const offset of offsets) out += `${String(offset).padStart(10, '0')} 00000 n \n`;
  out += `trailer\n<< /Size ${objects.length + 1} /Root 1 0 R >>\nstartxref\n${xref}\n%%EOF\n`;
  return Buffer.from(out, 'latin1');
}
