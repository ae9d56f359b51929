import zlib from 'node:zlib';

export interface TestAttachment {
  name: string;
  data: Buffer | string;
  /** Flate-compress the embedded stream (default true) */
  compress?: boolean;
  /** write the file name as UTF-16BE with byte order mark */
  utf16Name?: boolean;
}

export interface TestPdfOptions {
  attachments?: TestAttachment[];
  /** put the EmbeddedFiles names into a child node (/Kids) instead of the root node */
  nameTreeKids?: boolean;
  /** list the file specs in the catalog's /AF (default true) */
  associatedFiles?: boolean;
  /** add an /Encrypt dictionary to the trailer */
  encrypt?: boolean;
  /** shift every cross-reference offset so that a reader must rebuild the table */
  breakXref?: boolean;
}

const pdfString = (name: string, utf16: boolean): string =>
  utf16
    ? `<feff${Buffer.from(name, 'utf16le').swap16().toString('hex')}>`
    : `(${name.replace(/[()\\]/g, '\\$&')})`;

/**
 * Writes a small, valid PDF 1.7 (classic cross-reference table) with the given embedded files, for
 * tests of the reader's PDF paths that the sample files do not cover.
 */
export function buildPdf(options: TestPdfOptions = {}): Buffer {
  const objects: Buffer[] = [];
  const add = (body: string | Buffer): number => {
    objects.push(typeof body === 'string' ? Buffer.from(body, 'latin1') : body);
    return objects.length;
  };
  const specs: { name: string; ref: number; utf16: boolean }[] = [];
  for (const file of options.attachments ?? []) {
    const raw = Buffer.isBuffer(file.data) ? file.data : Buffer.from(file.data, 'utf8');
    const compress = file.compress ?? true;
    const data = compress ? zlib.deflateSync(raw) : raw;
    const filter = compress ? '/Filter /FlateDecode ' : '';
    const head = `<< /Type /EmbeddedFile /Subtype /text#2Fxml ${filter}/Length ${data.length} >>\nstream\n`;
    const stream = add(
      Buffer.concat([Buffer.from(head, 'latin1'), data, Buffer.from('\nendstream', 'latin1')]),
    );
    const name = pdfString(file.name, file.utf16Name ?? false);
    const spec = add(
      `<< /Type /Filespec /F ${name} /UF ${name} /AFRelationship /Alternative /EF << /F ${stream} 0 R >> >>`,
    );
    specs.push({ name, ref: spec, utf16: file.utf16Name ?? false });
  }
  const namesArray = `[${specs.map((s) => `${s.name} ${s.ref} 0 R`).join(' ')}]`;
  const tree = options.nameTreeKids
    ? `<< /Kids [${add(`<< /Names ${namesArray} /Limits [(a) (z)] >>`)} 0 R] >>`
    : `<< /Names ${namesArray} >>`;
  const embedded = add(tree);
  const page = add('<< /Type /Page /Parent 0 0 R /MediaBox [0 0 595 842] >>');
  const pages = add(`<< /Type /Pages /Kids [${page} 0 R] /Count 1 >>`);
  objects[page - 1] = Buffer.from(`<< /Type /Page /Parent ${pages} 0 R /MediaBox [0 0 595 842] >>`, 'latin1');
  const af = options.associatedFiles === false ? '' : ` /AF [${specs.map((s) => `${s.ref} 0 R`).join(' ')}]`;
  const catalog = add(
    `<< /Type /Catalog /Pages ${pages} 0 R /Names << /EmbeddedFiles ${embedded} 0 R >>${af} >>`,
  );
  const encrypt = options.encrypt
    ? add('<< /Filter /Standard /V 2 /R 3 /Length 128 /P -3904 /O <00> /U <00> >>')
    : null;

  const parts: Buffer[] = [Buffer.from('%PDF-1.7\n%\xe2\xe3\xcf\xd3\n', 'latin1')];
  let length = parts[0].length;
  const offsets: number[] = [];
  objects.forEach((body, i) => {
    offsets.push(length);
    const chunk = Buffer.concat([
      Buffer.from(`${i + 1} 0 obj\n`, 'latin1'),
      body,
      Buffer.from('\nendobj\n', 'latin1'),
    ]);
    parts.push(chunk);
    length += chunk.length;
  });
  const shift = options.breakXref ? 7 : 0;
  const rows = offsets.map((o) => `${String(o + shift).padStart(10, '0')} 00000 n \n`).join('');
  const encryptEntry = encrypt ? ` /Encrypt ${encrypt} 0 R /ID [<01> <01>]` : '';
  const trailer = `trailer\n<< /Size ${objects.length + 1} /Root ${catalog} 0 R${encryptEntry} >>\n`;
  parts.push(
    Buffer.from(
      `xref\n0 ${objects.length + 1}\n0000000000 65535 f \n${rows}${trailer}startxref\n${length}\n%%EOF\n`,
      'latin1',
    ),
  );
  return Buffer.concat(parts);
}
