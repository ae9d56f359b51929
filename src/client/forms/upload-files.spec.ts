import { describe, expect, it } from 'vitest';
import { parseDataUrl } from '../../shared/validation';
import { acceptAttribute, acceptFiles, describeDataUrl, fileFieldRules } from './upload-files';

const pdf = (name = 'rechnung.pdf') => new File(['%PDF-1.7\n…'], name, { type: 'application/pdf' });
const xml = new File(['<?xml version="1.0"?><Invoice/>'], 'x.xml', { type: 'text/xml' });
const rules = { accept: ['pdf' as const], maxBytes: 1000, maxCount: 2 };

describe('acceptFiles (checked before upload)', () => {
  it('takes a fine file as a data URL with its name', async () => {
    const { added, problem } = await acceptFiles([pdf('März 1.pdf')], 0, rules);
    expect(problem).toBeNull();
    expect(parseDataUrl(added[0])).toMatchObject({ name: 'März 1.pdf', type: 'application/pdf' });
    expect(describeDataUrl(added[0]).name).toBe('März 1.pdf');
  });

  it('refuses a wrong type, an empty or too large file and too many files', async () => {
    expect((await acceptFiles([xml], 0, rules)).problem?.key).toBe('validation.fileTypeNotAllowed');
    const empty = new File([], 'leer.pdf', { type: 'application/pdf' });
    expect((await acceptFiles([empty], 0, rules)).problem?.key).toBe('validation.fileEmpty');
    const large = new File([`%PDF-${'x'.repeat(2000)}`], 'gross.pdf', { type: 'application/pdf' });
    expect((await acceptFiles([large], 0, rules)).problem?.key).toBe('validation.fileTooLarge');
    const result = await acceptFiles([pdf(), pdf()], 1, rules);
    expect(result.added).toHaveLength(1);
    expect(result.problem?.key).toBe('validation.fileCountMax');
  });

  it('refuses a file whose content is not what its name says', async () => {
    const fake = new File(['hello'], 'fake.pdf', { type: 'application/pdf' });
    expect((await acceptFiles([fake], 0, rules)).problem?.key).toBe('validation.fileTypeNotAllowed');
  });
});

describe('file field rules', () => {
  it('reads the rules from the schema', () => {
    const schema = { type: 'array', items: { fileTypes: ['pdf', 'xml'], fileMaxBytes: 5 }, fileCountMax: 10 };
    expect(fileFieldRules(schema)).toEqual({ accept: ['pdf', 'xml'], maxBytes: 5, maxCount: 10 });
    expect(acceptAttribute(fileFieldRules(schema))).toBe('.pdf,.xml');
  });
});
