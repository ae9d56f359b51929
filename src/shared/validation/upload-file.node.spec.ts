import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { checkStoredUpload } from './upload-file.node';

const dir = mkdtempSync(join(tmpdir(), 'kontor-upload-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

const stored = (name: string, content: string | Buffer) => {
  const path = join(dir, name);
  writeFileSync(path, content);
  return path;
};

describe('checkStoredUpload', () => {
  it('accepts a stored PDF', async () => {
    const path = stored('ok.pdf', `%PDF-1.7\n${'x'.repeat(5000)}`);
    expect(await checkStoredUpload({ path, name: 'Rechnung.pdf', type: 'application/pdf' })).toBeNull();
  });

  it('reads only the head but judges the whole size', async () => {
    const path = stored('big.pdf', Buffer.alloc(10_485_761, 0x25));
    expect(await checkStoredUpload({ path, name: 'big.pdf', type: 'application/pdf' })).toEqual({
      key: 'validation.fileTooLarge',
      params: { max: '10' },
    });
  });

  it('rejects an empty file and a disguised one', async () => {
    expect((await checkStoredUpload({ path: stored('empty.pdf', ''), name: 'empty.pdf' }))?.key).toBe(
      'validation.fileEmpty',
    );
    expect((await checkStoredUpload({ path: stored('fake.pdf', 'GIF89a'), name: 'fake.pdf' }))?.key).toBe(
      'validation.fileTypeNotAllowed',
    );
  });

  it('accepts XML when the caller allows it', async () => {
    const path = stored('x.xml', '<?xml version="1.0"?><Invoice/>');
    expect(
      await checkStoredUpload({ path, name: 'x.xml', type: 'text/xml' }, { accept: ['pdf', 'xml'] }),
    ).toBeNull();
  });
});
