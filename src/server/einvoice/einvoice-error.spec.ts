import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import { ProcessingCode } from './einvoice-error';
import { processingCodeMessage } from './processing-code-message';

const yaml = parse(
  readFileSync(new URL('../../../schema/enums/processingCode.yaml', import.meta.url), 'utf8'),
) as {
  values: { value: number; label: { de: string; en: string } }[];
};

describe('processing codes', () => {
  it('every code the reader answers with is in schema/enums/processingCode.yaml', () => {
    const known = new Set(yaml.values.map((v) => v.value));
    for (const code of Object.values(ProcessingCode)) expect(known, `code ${code}`).toContain(code);
  });

  it('has the German text of each code', () => {
    expect(processingCodeMessage(925)).toBe('Datei oder Format fehlerhaft');
    expect(processingCodeMessage(934)).toBe('Dokument ist passwortgeschützt');
    for (const code of Object.values(ProcessingCode)) {
      expect(processingCodeMessage(code)).toBe(yaml.values.find((v) => v.value === code)?.label.de);
    }
  });
});
