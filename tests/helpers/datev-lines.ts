/* Reading a DATEV EXTF file in tests (tests/api/datev-export.test.ts, tests/api/einvoice-vat.test.ts). */

/** Splits a DATEV line into fields (quoted fields may hold `;`). */
export function fields(line: string): string[] {
  const out: string[] = [];
  let field = '';
  let quoted = false;
  for (let i = 0; i < line.length; i++) {
    const c = line[i];
    if (quoted) {
      if (c === '"' && line[i + 1] === '"') {
        field += '""';
        i++;
      } else if (c === '"') {
        quoted = false;
        field += c;
      } else field += c;
    } else if (c === '"') {
      quoted = true;
      field += c;
    } else if (c === ';') {
      out.push(field);
      field = '';
    } else field += c;
  }
  out.push(field);
  return out;
}

/** A field's text without its quotes. */
export const unquote = (f: string) => (f.startsWith('"') ? f.slice(1, -1).replace(/""/g, '"') : f);
