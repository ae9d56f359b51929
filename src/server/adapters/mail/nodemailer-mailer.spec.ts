import { mkdtemp, readdir, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { createMailer, outboxFileName } from './nodemailer-mailer';
import { parseEml } from './testing/read-eml';

const dirs: string[] = [];
afterEach(async () => {
  for (const dir of dirs.splice(0)) await rm(dir, { recursive: true, force: true });
});
const quiet = { info: () => {}, error: () => {} };

describe('file outbox mailer', () => {
  it('writes each message as an RFC 822 .eml file and says where', async () => {
    const dir = await mkdtemp(path.join(tmpdir(), 'kontor-mail-'));
    dirs.push(dir);
    const outbox = path.join(dir, 'outbox');
    const mailer = createMailer({ outboxDir: outbox, from: 'Kontor <no-reply@kontor.example>', log: quiet });
    const first = await mailer.send({
      to: 'a@example.com',
      subject: 'Grüße',
      text: 'Hallo Welt',
      html: '<p>Hallo Welt</p>',
    });
    const second = await mailer.send({ to: 'b@example.com', subject: 'Zweite', text: 'x', html: '<p>x</p>' });
    await mailer.close();

    expect(first.messageId).toMatch(/^<.+@.+>$/);
    const files = (await readdir(outbox)).sort();
    expect(files).toEqual([path.basename(first.location!), path.basename(second.location!)]);
    const raw = await readFile(first.location!, 'utf8');
    expect(raw).toContain('\r\n');
    expect(raw).toMatch(/^To: a@example\.com\r$/m);
    expect(raw).toMatch(/^From: Kontor <no-reply@kontor\.example>\r$/m);
    expect(raw).toMatch(/^Subject: =\?UTF-8\?/m); // non-ASCII subjects are encoded words
    expect(raw).toContain(`Message-ID: ${first.messageId}`);
    const read = parseEml(raw);
    expect(read.headers.subject).toBe('Grüße');
    expect(read.text.trim()).toBe('Hallo Welt');
    expect(read.html.trim()).toBe('<p>Hallo Welt</p>');
  });

  it('names files so that they sort by time', () => {
    const earlier = outboxFileName(new Date('2026-01-02T03:04:05.006Z'));
    const later = outboxFileName(new Date('2026-01-02T03:04:05.007Z'));
    expect(earlier).toMatch(/^2026-01-02T03-04-05-006Z-\d{4}-[0-9a-f]{6}\.eml$/);
    expect([later, earlier].sort()).toEqual([earlier, later]);
  });
});
