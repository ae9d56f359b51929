import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import fontkit from '@pdf-lib/fontkit';
import {
  beginText,
  endText,
  moveText,
  PDFDocument,
  PDFHexString,
  type PDFPage,
  setFillingRgbColor,
  setFontAndSize,
  showText,
} from 'pdf-lib';

/*
 * Why a template: PDF/A needs embedded fonts, and subsetting DejaVu Sans with fontkit takes
 * ~300 ms per document — six ZUGFeRD PDFs a second. So the fonts are subset ONCE per process to a
 * fixed character set (Latin-1, €, German quotes and dashes) into a one-page template PDF, kept as
 * bytes; every invoice loads that template (a few ms) and writes its text as glyph ids of the
 * embedded subset (Identity-H), measured with the widths recorded when the template was made.
 * Characters outside the set are written as "?".
 */

const require = createRequire(import.meta.url);
const FONT_FILES = {
  regular: 'dejavu-fonts-ttf/ttf/DejaVuSans.ttf',
  bold: 'dejavu-fonts-ttf/ttf/DejaVuSans-Bold.ttf',
} as const;
type Weight = keyof typeof FONT_FILES;

const CHARSET = [
  ...Array.from({ length: 0x7f - 0x20 }, (_, i) => String.fromCharCode(0x20 + i)),
  ...Array.from({ length: 0x100 - 0xa1 }, (_, i) => String.fromCharCode(0xa1 + i)),
  ...'€–—„“”‚‘’…•',
];

export const A4: [number, number] = [595.28, 841.89];

interface Glyph {
  hex: string;
  /** advance width at size 1 */
  width: number;
}

interface Template {
  bytes: Uint8Array;
  glyphs: Record<Weight, Map<string, Glyph>>;
  fontKeys: Record<Weight, string>;
}

let template: Promise<Template> | null = null;

async function makeTemplate(): Promise<Template> {
  const pdf = await PDFDocument.create({ updateMetadata: false });
  pdf.registerFontkit(fontkit);
  const page = pdf.addPage(A4);
  const glyphs = {} as Template['glyphs'];
  const fontKeys = {} as Template['fontKeys'];
  for (const weight of Object.keys(FONT_FILES) as Weight[]) {
    const font = await pdf.embedFont(readFileSync(require.resolve(FONT_FILES[weight])), { subset: true });
    const map = new Map<string, Glyph>();
    // one character at a time: no ligatures, each character keeps its own glyph
    for (const ch of CHARSET) map.set(ch, { hex: font.encodeText(ch).asString(), width: font.widthOfTextAtSize(ch, 1) });
    glyphs[weight] = map;
    fontKeys[weight] = page.node.newFontDictionary(weight === 'bold' ? 'FB' : 'FR', font.ref).asString().slice(1);
  }
  return { bytes: await pdf.save({ useObjectStreams: false }), glyphs, fontKeys };
}

/** Writes text on a page of a document loaded from the template. */
export interface PageWriter {
  page: PDFPage;
  text(value: string, x: number, y: number, size: number, bold?: boolean): void;
  width(value: string, size: number, bold?: boolean): number;
}

/**
 * A new document with one empty A4 page whose resources hold the embedded fonts.
 *
 * @example const { pdf, writer } = await documentFromTemplate(); writer.text('Rechnung', 50, 800, 14, true)
 */
export async function documentFromTemplate(): Promise<{ pdf: PDFDocument; writer: PageWriter }> {
  template ??= makeTemplate();
  const t = await template;
  const pdf = await PDFDocument.load(t.bytes, { updateMetadata: false });
  const page = pdf.getPage(0);
  const glyphOf = (ch: string, bold: boolean) => t.glyphs[bold ? 'bold' : 'regular'].get(ch) ?? t.glyphs[bold ? 'bold' : 'regular'].get('?');
  const writer: PageWriter = {
    page,
    width(value, size, bold = false) {
      let w = 0;
      for (const ch of value) w += glyphOf(ch, bold)?.width ?? 0;
      return w * size;
    },
    text(value, x, y, size, bold = false) {
      let hex = '';
      for (const ch of value) hex += glyphOf(ch, bold)?.hex ?? '';
      page.pushOperators(
        beginText(),
        setFillingRgbColor(0, 0, 0),
        setFontAndSize(t.fontKeys[bold ? 'bold' : 'regular'], size),
        moveText(x, y),
        showText(PDFHexString.of(hex)),
        endText(),
      );
    },
  };
  return { pdf, writer };
}
