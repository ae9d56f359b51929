import { crc32 } from 'node:zlib';
import de from '../../../../generated/i18n/de.json' with { type: 'json' };
import type { CreditorVoucher } from '../../../../generated/types';
import { formatDate, formatMoney } from '../../../shared/format';

/**
 * The archive of creditor statements as a download. No archive store exists yet (the seed only
 * records `archiveSourceFile` paths), so each statement's PDF is rendered on the fly from its
 * record: a one-page document with type, numbers, date and amount. A real archive replaces
 * {@link statementPdf}; the zip stays.
 */

const typeLabels = (de as { enums: Record<string, Record<string, string>> }).enums.creditorVoucherType ?? {};

// WinAnsi differs from Latin-1 in the 0x80–0x9f range, where the euro sign and dashes live.
const WIN_ANSI: Record<string, string> = { '€': '\x80', '–': '\x96', '—': '\x97', '„': '\x84', '“': '\x93' };

/** PDF string literal in WinAnsi (written as Latin-1 bytes); ( ) \ escaped. */
const pdfText = (text: string) =>
  `(${text.replace(/[\\()]/g, (c) => `\\${c}`).replace(/[€–—„“]/g, (c) => WIN_ANSI[c])})`;

/**
 * A minimal one-page PDF 1.4 listing the statement's data.
 *
 * @example statementPdf(statement, 'Müller Haustechnik GmbH') // Buffer starting with %PDF-1.4
 */
export function statementPdf(statement: CreditorVoucher, creditorName: string): Buffer {
  const lines = [
    typeLabels[statement.type] ?? statement.type,
    creditorName,
    '',
    `Belegnummer (SAP): ${statement.sapNumber ?? '–'}`,
    `Referenznummer (SAP): ${statement.sapReferenceNumber ?? '–'}`,
    `Belegdatum: ${formatDate(statement.voucherDate) || '–'}`,
    `Betrag: ${formatMoney(statement.amount)}`,
  ];
  return textPdf(lines);
}

/**
 * A minimal one-page PDF 1.4 of text lines, the first as a heading (WinAnsi: German umlauts, €).
 *
 * @example textPdf(['Allgemeine Geschäftsbedingungen', 'Fassung 2025.2']) // Buffer starting with %PDF-1.4
 */
export function textPdf(lines: string[]): Buffer {
  const content = [
    'BT /F1 16 Tf 56 780 Td 22 TL',
    ...lines.map((line, i) => `${i === 1 ? '/F1 11 Tf ' : ''}${pdfText(line)} '`),
    'ET',
  ].join('\n');
  const objects = [
    '<< /Type /Catalog /Pages 2 0 R >>',
    '<< /Type /Pages /Kids [3 0 R] /Count 1 >>',
    '<< /Type /Page /Parent 2 0 R /MediaBox [0 0 595 842] /Resources << /Font << /F1 4 0 R >> >> /Contents 5 0 R >>',
    '<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica /Encoding /WinAnsiEncoding >>',
    `<< /Length ${Buffer.byteLength(content, 'latin1')} >>\nstream\n${content}\nendstream`,
  ];
  let body = '%PDF-1.4\n';
  const offsets: number[] = [];
  objects.forEach((object, i) => {
    offsets.push(Buffer.byteLength(body, 'latin1'));
    body += `${i + 1} 0 obj\n${object}\nendobj\n`;
  });
  const xref = Buffer.byteLength(body, 'latin1');
  body += `xref\n0 ${objects.length + 1}\n0000000000 65535 f \n`;
  body += offsets.map((offset) => `${String(offset).padStart(10, '0')} 00000 n \n`).join('');
  body += `trailer\n<< /Size ${objects.length + 1} /Root 1 0 R >>\nstartxref\n${xref}\n%%EOF\n`;
  return Buffer.from(body, 'latin1');
}

/** DOS date and time fields of a zip entry. */
function dosDateTime(date: Date): [time: number, day: number] {
  const time = (date.getHours() << 11) | (date.getMinutes() << 5) | Math.floor(date.getSeconds() / 2);
  const day = ((date.getFullYear() - 1980) << 9) | ((date.getMonth() + 1) << 5) | date.getDate();
  return [time, day];
}

/**
 * A zip archive (stored, no compression — PDFs barely shrink) of named files; names are UTF-8.
 *
 * @example buildZip([{ name: 'a.pdf', data: pdf }])
 */
export function buildZip(files: { name: string; data: Buffer }[], now = new Date()): Buffer {
  const [time, day] = dosDateTime(now);
  const locals: Buffer[] = [];
  const centrals: Buffer[] = [];
  let offset = 0;
  for (const file of files) {
    const name = Buffer.from(file.name, 'utf8');
    const crc = crc32(file.data);
    const local = Buffer.alloc(30);
    local.writeUInt32LE(0x04034b50, 0);
    local.writeUInt16LE(20, 4);
    local.writeUInt16LE(0x0800, 6); // UTF-8 names
    local.writeUInt16LE(0, 8); // stored
    local.writeUInt16LE(time, 10);
    local.writeUInt16LE(day, 12);
    local.writeUInt32LE(crc, 14);
    local.writeUInt32LE(file.data.length, 18);
    local.writeUInt32LE(file.data.length, 22);
    local.writeUInt16LE(name.length, 26);
    local.writeUInt16LE(0, 28);
    const central = Buffer.alloc(46);
    central.writeUInt32LE(0x02014b50, 0);
    central.writeUInt16LE(20, 4);
    central.writeUInt16LE(20, 6);
    central.writeUInt16LE(0x0800, 8);
    central.writeUInt16LE(0, 10);
    central.writeUInt16LE(time, 12);
    central.writeUInt16LE(day, 14);
    central.writeUInt32LE(crc, 16);
    central.writeUInt32LE(file.data.length, 20);
    central.writeUInt32LE(file.data.length, 24);
    central.writeUInt16LE(name.length, 28);
    central.writeUInt32LE(offset, 42);
    locals.push(local, name, file.data);
    centrals.push(central, name);
    offset += local.length + name.length + file.data.length;
  }
  const directory = Buffer.concat(centrals);
  const end = Buffer.alloc(22);
  end.writeUInt32LE(0x06054b50, 0);
  end.writeUInt16LE(files.length, 8);
  end.writeUInt16LE(files.length, 10);
  end.writeUInt32LE(directory.length, 12);
  end.writeUInt32LE(offset, 16);
  return Buffer.concat([...locals, directory, end]);
}

/** The file name of a statement in the zip: the archive file's name, else type and SAP number. */
export function statementFileName(statement: CreditorVoucher): string {
  const fromArchive = statement.archiveSourceFile?.split('/').pop();
  return fromArchive || `${statement.type}-${statement.sapNumber ?? statement.identifier}.pdf`;
}
