import { EInvoiceError, formatError, ProcessingCode } from './einvoice-error';
import type { EInvoiceData, EInvoiceResult } from './einvoice.types';
import { PdfError } from './pdf/pdf-objects';
import { processingCodeMessage } from './processing-code-message';
import { readPdfInvoice } from './read-pdf';
import { readInvoiceXml } from './read-xml';

/** The upload limit of the spec (document 1, section 9): 10,485,760 bytes. */
export const MAX_EINVOICE_BYTES = 10_485_760;

/**
 * Reads an uploaded invoice file: UBL Invoice/CreditNote or CII (ZUGFeRD 1.0, 2.x, Factur-X,
 * XRechnung) as bare XML or embedded in a PDF. Never throws: a file it refuses comes back with its
 * processing code (document 2, section 8) and the code's German text. The container is told from
 * the content; the file name only explains a refusal in the log.
 *
 * @example
 * const result = readEInvoice(bytes, 'rechnung.pdf');
 * if (result.ok) console.log(result.invoice.number, result.invoice.amountDue);
 * else console.log(result.code, result.message); // 925 'Datei oder Format fehlerhaft'
 */
export function readEInvoice(bytes: Uint8Array, fileName: string): EInvoiceResult {
  try {
    return { ok: true, invoice: read(bytes, fileName) };
  } catch (error) {
    const refusal =
      error instanceof EInvoiceError
        ? error
        : // PdfError: a structural fault; anything else (e.g. a RangeError) also comes from the file.
          formatError(
            `${error instanceof PdfError ? 'damaged PDF' : 'unreadable file'}: ${(error as Error)?.message}`,
          );
    return {
      ok: false,
      code: refusal.code,
      message: processingCodeMessage(refusal.code),
      detail: refusal.detail,
    };
  }
}

function read(bytes: Uint8Array, fileName: string): EInvoiceData {
  if (bytes.length === 0) throw formatError('empty file');
  if (bytes.length > MAX_EINVOICE_BYTES) throw formatError(`file larger than ${MAX_EINVOICE_BYTES} bytes`);
  const container = sniffContainer(bytes);
  if (container === 'pdf')
    return readPdfInvoice(Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength));
  if (container === 'xml') return readInvoiceXml(bytes, 'xml');
  throw new EInvoiceError(ProcessingCode.fileOrFormatFaulty, `"${fileName}" is neither PDF nor XML`);
}

/**
 * Tells PDF from XML by content: XML starts (after a byte order mark and white space) with `<`,
 * a PDF has `%PDF-` within its first KB.
 *
 * @example
 * sniffContainer(new TextEncoder().encode('%PDF-1.7')) // 'pdf'
 */
export function sniffContainer(bytes: Uint8Array): 'pdf' | 'xml' | null {
  if ((bytes[0] === 0xfe && bytes[1] === 0xff) || (bytes[0] === 0xff && bytes[1] === 0xfe)) return 'xml';
  let i = bytes[0] === 0xef && bytes[1] === 0xbb && bytes[2] === 0xbf ? 3 : 0;
  while (
    i < bytes.length &&
    (bytes[i] === 0x20 || bytes[i] === 0x09 || bytes[i] === 0x0a || bytes[i] === 0x0d)
  )
    i++;
  // UTF-16 without a byte order mark: "<" followed or preceded by a zero byte.
  if (bytes[i] === 0x3c || (bytes[i] === 0 && bytes[i + 1] === 0x3c)) return 'xml';
  const head = Buffer.from(bytes.buffer, bytes.byteOffset, Math.min(bytes.byteLength, 1024)).toString(
    'latin1',
  );
  return head.includes('%PDF-') ? 'pdf' : null;
}
