/*
 * A small RFC 822 reader for tests: enough of MIME to read back what nodemailer writes (encoded-word
 * headers, multipart/alternative, quoted-printable and base64 bodies). Not for mail from elsewhere.
 */

export interface ReadMail {
  /** header names in lower case, values unfolded and decoded */
  headers: Record<string, string>;
  text: string;
  html: string;
  /** parts sent as attachments (Content-Disposition: attachment), content decoded */
  attachments: { filename: string; contentType: string; content: Buffer }[];
}

const decodeQuotedPrintable = (text: string): string => {
  const bytes: number[] = [];
  const s = text.replace(/=\r?\n/g, '');
  for (let i = 0; i < s.length; i++) {
    if (s[i] === '=' && /^[0-9A-F]{2}$/i.test(s.slice(i + 1, i + 3))) {
      bytes.push(Number.parseInt(s.slice(i + 1, i + 3), 16));
      i += 2;
    } else bytes.push(...Buffer.from(s[i], 'utf8'));
  }
  return Buffer.from(bytes).toString('utf8');
};

// adjacent encoded words are joined without the blank between them (RFC 2047 §6.2)
const decodeWords = (value: string): string =>
  value
    .replace(/\?=\s+=\?/g, '?==?')
    .replace(/=\?UTF-8\?([QB])\?([^?]*)\?=/gi, (_, kind: string, data: string) =>
      kind.toUpperCase() === 'B'
        ? Buffer.from(data, 'base64').toString('utf8')
        : decodeQuotedPrintable(data.replace(/_/g, ' ')),
    );

function splitPart(raw: string): { headers: Record<string, string>; body: string } {
  const [head, ...rest] = raw.split(/\r?\n\r?\n/);
  const headers: Record<string, string> = {};
  for (const line of head.replace(/\r?\n[ \t]+/g, ' ').split(/\r?\n/)) {
    const colon = line.indexOf(':');
    if (colon > 0) headers[line.slice(0, colon).toLowerCase()] = decodeWords(line.slice(colon + 1).trim());
  }
  return { headers, body: rest.join('\r\n\r\n') };
}

function decodeBody(part: { headers: Record<string, string>; body: string }): string {
  const encoding = part.headers['content-transfer-encoding']?.toLowerCase();
  if (encoding === 'quoted-printable') return decodeQuotedPrintable(part.body);
  if (encoding === 'base64') return Buffer.from(part.body.replace(/\s+/g, ''), 'base64').toString('utf8');
  return part.body;
}

/**
 * Reads a raw message (an outbox `.eml` file, or what an SMTP server received).
 *
 * @example parseEml(await readFile(file, 'utf8')).headers.subject // 'Limiterhöhung für Muster GmbH genehmigt'
 */
export function parseEml(raw: string): ReadMail {
  const message = splitPart(raw);
  const boundary = /boundary="?([^";]+)"?/.exec(message.headers['content-type'] ?? '')?.[1];
  const parts = boundary
    ? message.body
        .split(`--${boundary}`)
        .slice(1, -1)
        .map((p) => splitPart(p.replace(/^\r?\n/, '')))
    : [message];
  // nodemailer nests multipart/alternative inside multipart/mixed when there are attachments
  const flat = parts.flatMap((p) => {
    const inner = /^multipart\/[^;]+;\s*boundary="?([^";]+)"?/.exec(p.headers['content-type'] ?? '')?.[1];
    return inner
      ? p.body
          .split(`--${inner}`)
          .slice(1, -1)
          .map((q) => splitPart(q.replace(/^\r?\n/, '')))
      : [p];
  });
  const of = (type: string) =>
    decodeBody(
      flat.find((p) => p.headers['content-type']?.startsWith(type) && !p.headers['content-disposition']?.startsWith('attachment')) ?? {
        headers: {},
        body: '',
      },
    );
  const attachments = flat
    .filter((p) => p.headers['content-disposition']?.startsWith('attachment'))
    .map((p) => ({
      filename: /filename="?([^";]+)"?/.exec(p.headers['content-disposition'])?.[1] ?? '',
      contentType: (p.headers['content-type'] ?? '').split(';')[0],
      content:
        p.headers['content-transfer-encoding']?.toLowerCase() === 'base64'
          ? Buffer.from(p.body.replace(/\s+/g, ''), 'base64')
          : Buffer.from(decodeBody(p), 'utf8'),
    }));
  return { headers: message.headers, text: of('text/plain'), html: of('text/html'), attachments };
}
