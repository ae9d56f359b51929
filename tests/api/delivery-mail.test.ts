import { mkdtempSync, readdirSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createAdapters } from '../../src/server/adapters';
import type { Mailer } from '../../src/server/adapters/mail/mail';
import { dispatchMail, retryDelayMs } from '../../src/server/adapters/mail/mail-outbox';
import { createMailer } from '../../src/server/adapters/mail/nodemailer-mailer';
import { parseEml } from '../../src/server/adapters/mail/testing/read-eml';
import { processDueVouchers } from '../../src/server/processing/processing-runner';
import { type TestApp, buildTestApp, loginAs } from '../helpers/app';
import { plainPdf, upload } from './upload-helpers';

// Delivery by e-mail (issue 8): the mail to the debtor carries the uploaded invoice document as an
// attachment. The attachment is kept in the outbox row, so a send that fails and is retried later
// still carries it; the test reads it back from the .eml file of the file outbox.

let t: TestApp;
let token: string;
let clock = new Date('2026-03-02T09:00:00Z');
const adapters = createAdapters(process.env, { dataDir: mkdtempSync(join(tmpdir(), 'kontor-delivery-')) });
const outboxDir = mkdtempSync(join(tmpdir(), 'kontor-delivery-outbox-'));
const quiet = { info() {}, warn() {}, error() {} };

beforeAll(async () => {
  t = await buildTestApp({ adapters, clock: () => clock });
  token = await loginAs(t.app, 'creditor@example.com');
});
afterAll(() => t.close());

describe('delivery to the debtor by e-mail', () => {
  it('sends the invoice PDF as an attachment, also when the first attempt failed', async () => {
    const known = await t.db
      .selectFrom('debtor as d')
      .innerJoin('appUser as u', 'u.creditorId', 'd.creditorId')
      .select(['d.name'])
      .where('u.username', '=', 'creditor@example.com')
      .where('d.status', '=', 'active')
      .orderBy('d.availableLimit', 'desc')
      .executeTakeFirstOrThrow();
    const pdf = plainPdf(`Rechnung Nr. RE-MAIL-1\nRechnungsdatum: 01.03.2026\nRechnungsempfänger: ${known.name}\nGesamtbetrag: 238,00 EUR`);
    const answer = await upload(t, token, [{ name: 'Rechnung-RE-MAIL-1.pdf', bytes: pdf }], {
      deliveryType: 'email',
      email: 'debitor@kunde.example',
    });
    expect(answer.status).toBe(200);
    const id = answer.body.voucherId as number;

    clock = new Date(clock.getTime() + 4 * 60_000);
    await processDueVouchers(t.db, adapters, clock);
    const codes = await t.db.selectFrom('voucherHistory').select('value').where('voucherId', '=', id).where('type', '=', 'bnet_status').execute();
    expect(codes.map((c) => Number(c.value))).toContain(114);

    const row = await t.db.selectFrom('mailOutbox').selectAll().where('recipient', '=', 'debitor@kunde.example').executeTakeFirstOrThrow();
    const stored = (typeof row.attachments === 'string' ? JSON.parse(row.attachments) : row.attachments) as { filename: string }[];
    expect(stored.map((a) => a.filename)).toEqual(['Rechnung-RE-MAIL-1.pdf']);

    // the first attempt fails: the row stays unsent, with its attachment
    const failing: Mailer = {
      async send() {
        throw new Error('SMTP nicht erreichbar');
      },
      async close() {},
    };
    expect(await dispatchMail(t.db, failing, clock)).toMatchObject({ sent: 0 });
    const failed = await t.db.selectFrom('mailOutbox').selectAll().where('id', '=', row.id).executeTakeFirstOrThrow();
    expect(failed).toMatchObject({ sentAt: null, attempts: 1, lastError: 'SMTP nicht erreichbar' });

    // the retry writes the .eml file: the PDF is attached byte for byte
    clock = new Date(clock.getTime() + retryDelayMs(1) + 1000);
    const mailer = createMailer({ outboxDir, log: quiet });
    const result = await dispatchMail(t.db, mailer, clock);
    expect(result.sent).toBeGreaterThanOrEqual(1);
    const sent = await t.db.selectFrom('mailOutbox').selectAll().where('id', '=', row.id).executeTakeFirstOrThrow();
    expect(sent.sentAt).not.toBeNull();

    const mails = readdirSync(outboxDir)
      .map((f) => parseEml(readFileSync(join(outboxDir, f), 'utf8')))
      .filter((m) => m.headers.to === 'debitor@kunde.example');
    expect(mails).toHaveLength(1);
    const [mail] = mails;
    expect(mail.text).toContain('Anbei erhalten Sie die Rechnung RE-MAIL-1');
    expect(mail.attachments).toHaveLength(1);
    expect(mail.attachments[0]).toMatchObject({ filename: 'Rechnung-RE-MAIL-1.pdf', contentType: 'application/pdf' });
    expect(mail.attachments[0].content.equals(pdf)).toBe(true);
  });

  it('sends a mail without attachments as before (no empty attachment part)', async () => {
    const mailer = createMailer({ outboxDir: mkdtempSync(join(tmpdir(), 'kontor-plain-')), log: quiet });
    const sent = await mailer.send({ to: 'a@example.com', subject: 'Hallo', text: 'Hallo Welt', html: '<p>Hallo Welt</p>' });
    const mail = parseEml(readFileSync(sent.location!, 'utf8'));
    expect(mail.text).toContain('Hallo Welt');
    expect(mail.attachments).toEqual([]);
  });
});
