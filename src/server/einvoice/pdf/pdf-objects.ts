/** The PDF object model (ISO 32000-1, 7.3) as far as reading embedded files needs it. */

export class PdfName {
  constructor(readonly name: string) {}
}

export class PdfRef {
  constructor(
    readonly num: number,
    readonly gen: number,
  ) {}
}

/** A literal or hex string; bytes, since only some strings are text. */
export class PdfString {
  constructor(readonly bytes: Uint8Array) {}
}

export class PdfDict {
  constructor(readonly entries: Map<string, PdfValue>) {}

  get(key: string): PdfValue | undefined {
    return this.entries.get(key);
  }
}

/** A stream: its dictionary and its still-encoded data. */
export class PdfStream {
  constructor(
    readonly dict: PdfDict,
    readonly raw: Buffer,
  ) {}
}

export type PdfValue =
  | null
  | boolean
  | number
  | PdfName
  | PdfRef
  | PdfString
  | PdfDict
  | PdfStream
  | PdfValue[];

/** A structural fault in the file; the reader turns it into processing code 925. */
export class PdfError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'PdfError';
  }
}

export function nameOf(value: PdfValue | undefined): string | null {
  return value instanceof PdfName ? value.name : null;
}

/**
 * Decodes a PDF text string (7.9.2.2): UTF-16BE or UTF-8 with their byte order marks, otherwise
 * PDFDocEncoding, which matches Latin-1 for the characters file names use.
 *
 * @example
 * textString(new PdfString(new Uint8Array([0xfe, 0xff, 0, 0x41]))) // 'A'
 */
export function textString(value: PdfValue | undefined): string | null {
  if (!(value instanceof PdfString)) return null;
  const b = value.bytes;
  if (b[0] === 0xfe && b[1] === 0xff) return new TextDecoder('utf-16be').decode(b.subarray(2));
  if (b[0] === 0xef && b[1] === 0xbb && b[2] === 0xbf) return new TextDecoder('utf-8').decode(b.subarray(3));
  return new TextDecoder('latin1').decode(b);
}
