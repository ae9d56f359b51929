import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type TestApp, bearer, buildTestApp, loginAs } from '../helpers/app';
import { call, fingerprint } from '../helpers/commands';
import { plainPdf, sample, upload } from './upload-helpers';

// POST /api/voucher/upload (schema/commands/uploads.yaml) and GET /api/files/… : each file becomes an
// unprocessed voucher with its document stored in the database; hostile files, forbidden callers and
// another tenant's files are refused with nothing changed. Runs on PGlite and on PostgreSQL.

let t: TestApp;
const tokens: Record<string, string> = {};
const USERS = ['creditor', 'creditor2', 'observer', 'assistant', 'blocked', 'terminated', 'creditor-tpf', 'admin'];

beforeAll(async () => {
  t = await buildTestApp();
  for (const user of USERS) tokens[user] = await loginAs(t.app, `${user}@example.com`);
});
afterAll(() => t.close());

const XML = { name: '01.01a-INVOICE_ubl.xml', bytes: sample('xrechnung/01.01a-INVOICE_ubl.xml') };
const ZUGFERD = { name: 'EN16931_Einfach.pdf', bytes: sample('zugferd/EN16931_Einfach.pdf') };

async function download(path: string, user = 'creditor') {
  const response = await t.app.inject({ method: 'GET', url: `/api${path}`, headers: bearer(tokens[user]) });
  return response;
}

async function refused(run: () => Promise<{ status: number; body: any }>) {
  const before = await fingerprint(t);
  const answer = await run();
  expect(await fingerprint(t)).toEqual(before);
  return answer;
}

describe('upload', () => {
  it('turns each file into an unprocessed voucher with its stored document, history and queued job', async () => {
    const countBefore = (await call(t, '/unprocessed-voucher/count', { token: tokens.creditor })).body.countUnprocessedVouchers;
    const answer = await upload(t, tokens.creditor, [XML, ZUGFERD, { name: 'Rechnung.pdf', bytes: plainPdf('Rechnung Nr. 4711') }], {
      customisedLabel: 'Eilig',
    });
    expect(answer.status).toBe(200);
    expect(answer.body).toMatchObject({ success: true, count: 3, message: 'Der Beleg wurde hochgeladen und wird verarbeitet.' });
    const countAfter = (await call(t, '/unprocessed-voucher/count', { token: tokens.creditor })).body.countUnprocessedVouchers;
    expect(countAfter).toBe(countBefore + 3);
    // every voucher created is answered, in the order of the files (voucherId: the first, as before)
    expect(answer.body.voucherIds).toHaveLength(3);
    expect(answer.body.voucherId).toBe(answer.body.voucherIds[0]);
    for (const [i, id] of (answer.body.voucherIds as number[]).entries()) {
      const each = await call(t, `/unprocessed-voucher/show/${id}`, { token: tokens.creditor });
      expect(each.body.originalFileName).toBe([XML.name, ZUGFERD.name, 'Rechnung.pdf'][i]);
    }

    const shown = await call(t, `/unprocessed-voucher/show/${answer.body.voucherId}`, { token: tokens.creditor });
    expect(shown.status).toBe(200);
    expect(shown.body).toMatchObject({ originalFileName: XML.name, customisedLabel: 'Eilig', deliveryType: 'post' });
    expect(shown.body.pauseRemainingMinutes).toBeGreaterThan(0);
    expect(shown.body.attachments).toHaveLength(1);

    // the stored document comes back byte for byte, to the own creditor only
    const path = shown.body.attachments[0].path as string;
    const own = await download(path);
    expect(own.statusCode).toBe(200);
    expect(own.headers['content-type']).toContain('application/xml');
    expect(own.rawPayload.equals(XML.bytes)).toBe(true);
    expect((await download(path, 'creditor2')).statusCode).toBe(404);
    expect((await download(path, 'admin')).statusCode).toBe(404);
    expect((await download('/files/nothing/here.pdf')).statusCode).toBe(404);

    const history = await t.db.selectFrom('voucherHistory').selectAll().where('voucherId', '=', answer.body.voucherId).execute();
    expect(history.map((h) => [h.type, h.value])).toEqual([['bnet_status', '101']]);
    const job = await t.db.selectFrom('processingJob').selectAll().where('voucherId', '=', answer.body.voucherId).executeTakeFirstOrThrow();
    expect(job.stage).toBe('pause');
    const log = await t.db.selectFrom('actionLogEntry').selectAll().where('actionType', '=', 'voucher_upload').orderBy('id', 'desc').executeTakeFirstOrThrow();
    expect(JSON.stringify(log.payload)).not.toContain('base64');
  });

  it('accepts a debtor and location of the own creditor, and refuses another creditor’s debtor (404)', async () => {
    const own = await t.db
      .selectFrom('location as l')
      .innerJoin('debtor as d', 'd.id', 'l.debtorId')
      .innerJoin('appUser as u', 'u.creditorId', 'd.creditorId')
      .select(['d.id as debtorId', 'l.id as locationId'])
      .where('u.username', '=', 'creditor@example.com')
      .where('d.status', '=', 'active')
      .where('l.status', '=', 'active')
      .executeTakeFirstOrThrow();
    const ok = await upload(t, tokens.creditor, [XML], { debtor: String(own.debtorId), location: String(own.locationId) });
    expect(ok.status).toBe(200);
    const voucher = await t.db.selectFrom('voucher').selectAll().where('id', '=', ok.body.voucherId).executeTakeFirstOrThrow();
    expect([voucher.debtorId, voucher.locationId]).toEqual([own.debtorId, own.locationId]);
    const other = await refused(() => upload(t, tokens.creditor2, [XML], { debtor: String(own.debtorId) }));
    expect(other.status).toBe(404);
    // a location must be the chosen debtor's: another own debtor's location, or another creditor's, is 404
    const otherOwn = await t.db
      .selectFrom('location as l')
      .innerJoin('debtor as d', 'd.id', 'l.debtorId')
      .select('l.id')
      .where('d.creditorId', '=', voucher.creditorId)
      .where('l.debtorId', '!=', own.debtorId)
      .where('l.status', '=', 'active')
      .executeTakeFirstOrThrow();
    const foreign = await t.db
      .selectFrom('location')
      .select('id')
      .where('creditorId', '!=', voucher.creditorId)
      .executeTakeFirstOrThrow();
    for (const location of [otherOwn.id, foreign.id]) {
      const wrong = await refused(() =>
        upload(t, tokens.creditor, [XML], { debtor: String(own.debtorId), location: String(location) }),
      );
      expect(wrong.status, `location ${location}`).toBe(404);
    }
    // a location alone names no debtor
    const alone = await refused(() => upload(t, tokens.creditor, [XML], { location: String(own.locationId) }));
    expect(alone.status).toBe(400);
  });

  it('refuses hostile and wrong files with 400 and the German text, storing nothing', async () => {
    const cases: [string, Parameters<typeof upload>[2], Record<string, string>, RegExp][] = [
      ['empty file', [{ name: 'leer.pdf', bytes: Buffer.alloc(0) }], {}, /leer/i],
      ['executable named .pdf', [{ name: 'virus.pdf', bytes: Buffer.from('MZ\x90\x00 not a pdf') }], {}, /Dateityp|nicht erlaubt/],
      ['PDF named .exe', [{ name: 'r.exe', type: 'application/x-msdownload', bytes: plainPdf('x') }], {}, /Dateityp|nicht erlaubt/],
      ['XML for a credit note (PDF only)', [{ name: 'r.xml', bytes: XML.bytes, field: 'files' }], { voucherType: 'credit_advice' }, /Dateityp|nicht erlaubt/],
      ['no file', [], {}, /Pflichtfeld/],
      ['eleven files', Array.from({ length: 11 }, (_, i) => ({ name: `r${i}.pdf`, bytes: plainPdf('x') })), {}, /höchstens 10/],
      ['over 10 MB', [{ name: 'gross.pdf', bytes: Buffer.concat([Buffer.from('%PDF-1.4\n'), Buffer.alloc(10_485_761)]) }], {}, /zu groß/],
    ];
    for (const [what, files, fields, text] of cases) {
      const answer = await refused(() => upload(t, tokens.creditor, files, fields));
      expect(answer.status, what).toBe(400);
      expect(answer.body.message, what).toMatch(text);
    }
  });

  it('refuses observer, blocked and terminated creditors, the freight variant and admins without impersonation', async () => {
    for (const [user, status] of [
      ['observer', 403],
      ['blocked', 403],
      ['terminated', 403],
      ['creditor-tpf', 403],
      ['admin', 403],
    ] as const) {
      const answer = await refused(() => upload(t, tokens[user], [XML]));
      expect(answer.status, user).toBe(status);
      expect(answer.body.message, user).toBeTruthy();
    }
  });

  it('lets the assistant upload', async () => {
    expect((await upload(t, tokens.assistant, [XML])).status).toBe(200);
  });
});
