import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createAdapters } from '../../src/server/adapters';
import { buildDemoXRechnung } from '../../src/server/processing/demo-einvoice';
import { processDueVouchers } from '../../src/server/processing/processing-runner';
import { type TestApp, bearer, buildTestApp, loginAs } from '../helpers/app';
import { call, refusedUnchanged } from '../helpers/commands';
import { multipart, type Part, plainPdf } from './upload-helpers';

// The voucher action "upload subsequent invoice" (document 1 §4; schema/commands/uploads.yaml
// uploadSubsequentInvoice): a multipart upload that hands over a new invoice whose parent is the
// voucher, for its debtor and location, through the upload pipeline — shown at once among the
// parent's children and in the unprocessed list, processed after the editing pause into a voucher
// of the list, recorded in the parent's history and the action log. Every guard (another tenant,
// observer, freight variant without uploads, blocked and terminated creditors, an upload still in
// processing, a voucher that is no invoice, bad files) is refused with nothing changed, and the
// voucher's `permissions` flag says the same. Runs on PGlite and on PostgreSQL.

let t: TestApp;
const tokens: Record<string, string> = {};
const USERS = ['creditor', 'creditor2', 'observer', 'assistant', 'blocked', 'terminated', 'creditor-tpf'];
let clock = new Date();
const adapters = createAdapters(process.env, { dataDir: mkdtempSync(join(tmpdir(), 'kontor-subsequent-')) });

beforeAll(async () => {
  t = await buildTestApp({ adapters, clock: () => clock });
  for (const user of USERS) tokens[user] = await loginAs(t.app, `${user}@example.com`);
});
afterAll(() => t.close());

const get = (path: string, user = 'creditor') => call(t, path, { token: tokens[user] });
const later = (ms: number) => {
  clock = new Date(clock.getTime() + ms);
};

async function subsequent(
  id: number,
  files: Part['file'][],
  fields: Record<string, string> = { deliveryType: 'post' },
  user = 'creditor',
) {
  const { body, contentType } = multipart([
    ...Object.entries(fields).map(([name, value]) => ({ name, value })),
    ...files.map((file) => ({ name: 'files', file })),
  ]);
  const response = await t.app.inject({
    method: 'POST',
    url: `/api/voucher/${id}/subsequent-invoice`,
    headers: { ...bearer(tokens[user]), 'content-type': contentType },
    payload: body,
  });
  return { status: response.statusCode, body: response.json() };
}

/** A processed, open invoice of the user's creditor (one of the demo data). */
async function processedInvoice(user: string, types = ['invoice']) {
  const row = await t.db
    .selectFrom('voucher as v')
    .innerJoin('appUser as u', 'u.creditorId', 'v.creditorId')
    .select(['v.id', 'v.debtorId', 'v.locationId', 'v.creditorId'])
    .where('u.username', '=', `${user}@example.com`)
    .where('v.officialVoucherNumber', 'is not', null)
    .where('v.type', 'in', types)
    .where('v.debtorId', 'is not', null)
    .where('v.locationId', 'is not', null)
    .orderBy('v.id')
    .executeTakeFirstOrThrow();
  return row;
}

const flag = async (id: number, user = 'creditor') =>
  (await get(`/voucher/${id}/permissions`, user)).body.uploadSubsequentInvoice as boolean;

let serial = 0;
function xrechnung() {
  const number = `FOLGE-${Date.now() % 1_000_000}-${++serial}`;
  const xml = buildDemoXRechnung(clock, number, {
    name: 'Irgendein Name',
    street: 'Weg 1',
    zip: '12345',
    city: 'Ort',
  });
  return { number, file: { name: `${number}.xml`, type: 'application/xml', bytes: Buffer.from(xml) } };
}

describe('upload subsequent invoice', () => {
  it('hands over a new invoice as a child of the voucher, for its debtor and location, processed after the pause', async () => {
    const parent = await processedInvoice('creditor');
    expect(await flag(parent.id)).toBe(true);
    const { number, file } = xrechnung();
    const unprocessedBefore = (await get('/unprocessed-voucher/count')).body
      .countUnprocessedVouchers as number;

    const answer = await subsequent(parent.id, [file], {
      deliveryType: 'post',
      customisedLabel: 'Nachtrag Mai',
    });
    expect(answer.status, JSON.stringify(answer.body)).toBe(200);
    expect(answer.body.message).toContain('Folgerechnung wurde hochgeladen');
    const childId = answer.body.voucherId as number;

    // at once: a child of the parent, in the unprocessed list with its document and label
    const detail = (await get(`/voucher/show/${parent.id}`)).body;
    expect(detail.children.map((c: { id: number }) => c.id)).toContain(childId);
    expect((await get('/unprocessed-voucher/count')).body.countUnprocessedVouchers).toBe(
      unprocessedBefore + 1,
    );
    const shown = (await get(`/unprocessed-voucher/show/${childId}`)).body;
    expect(shown).toMatchObject({
      originalFileName: file.name,
      customisedLabel: 'Nachtrag Mai',
      deliveryType: 'post',
    });
    const row = await t.db
      .selectFrom('voucher')
      .selectAll()
      .where('id', '=', childId)
      .executeTakeFirstOrThrow();
    expect(row).toMatchObject({
      parentId: parent.id,
      debtorId: parent.debtorId,
      locationId: parent.locationId,
      type: 'invoice',
      requiresProcessing: true,
    });
    const job = await t.db
      .selectFrom('processingJob')
      .select('stage')
      .where('voucherId', '=', childId)
      .executeTakeFirstOrThrow();
    expect(job.stage).toBe('pause');

    // the parent's history and the action log name the new voucher
    const history = (await get(`/voucher/${parent.id}/history/list`)).body.entries as {
      title: string;
      text: string | null;
    }[];
    const entry = history.find((h) => h.title === 'Folgerechnung hochgeladen');
    expect(entry?.text).toContain(`Beleg ${childId}`);
    const log = await t.db
      .selectFrom('actionLogEntry')
      .selectAll()
      .where('actionType', '=', 'voucher_subsequent_invoice')
      .orderBy('id', 'desc')
      .executeTakeFirstOrThrow();
    expect(log.payload).toMatchObject({ parentVoucherId: parent.id, voucherId: childId, file: file.name });
    expect(log.userEmail).toBe('creditor@example.com');

    // after the editing pause: processed (the customer was preset, not identified) into a voucher of the list
    later(3 * 60_000 + 1000);
    await processDueVouchers(t.db, adapters, clock);
    const processed = await t.db
      .selectFrom('voucher')
      .selectAll()
      .where('id', '=', childId)
      .executeTakeFirstOrThrow();
    expect(processed.officialVoucherNumber, JSON.stringify(processed)).not.toBeNull();
    expect(processed).toMatchObject({
      status: 'open',
      customNumber: number,
      parentId: parent.id,
      amount: 119_000,
    });
    const codes = await t.db
      .selectFrom('voucherHistory')
      .select(['value', 'text'])
      .where('voucherId', '=', childId)
      .where('type', '=', 'bnet_status')
      .execute();
    expect(codes.some((c) => c.value === '109' && /beim Hochladen/.test(c.text ?? ''))).toBe(true);
    expect(codes.some((c) => c.value === '101' && /Folgerechnung zu Beleg/.test(c.text ?? ''))).toBe(true);
    const after = (await get(`/voucher/show/${parent.id}`)).body;
    const child = after.children.find((c: { id: number }) => c.id === childId);
    expect(child).toMatchObject({
      officialVoucherNumber: processed.officialVoucherNumber,
      requiresProcessing: true,
    });
    expect((await get(`/voucher/show/${childId}`)).body.permissions.uploadSubsequentInvoice).toBe(true);
  });

  it('refuses another tenant, the observer, the freight variant, blocked and terminated creditors — nothing changed', async () => {
    const parent = await processedInvoice('creditor');
    const { file } = xrechnung();
    const foreign = await refusedUnchanged(t, () => subsequent(parent.id, [file], undefined, 'creditor2'));
    expect(foreign).toMatchObject({ status: 404, unchanged: true });
    const observer = await refusedUnchanged(t, () => subsequent(parent.id, [file], undefined, 'observer'));
    expect(observer).toMatchObject({ status: 403, unchanged: true });
    expect(await flag(parent.id, 'observer')).toBe(false);
    // the assistant may hand over vouchers, so the action is offered and taken
    expect(await flag(parent.id, 'assistant')).toBe(true);

    for (const user of ['creditor-tpf', 'blocked', 'terminated']) {
      const own = await processedInvoice(user, [
        'invoice',
        'permanent_debt',
        'epod',
        'invoice_encashment_direct',
      ]);
      expect(await flag(own.id, user), user).toBe(false);
      const refused = await refusedUnchanged(t, () => subsequent(own.id, [file], undefined, user));
      expect(refused.unchanged, user).toBe(true);
      // the freight variant has no uploads (403); a blocked or terminated creditor's permissions or status refuse it
      if (user === 'creditor-tpf') expect(refused.status, user).toBe(403);
      else expect([403, 409], user).toContain(refused.status);
      expect(refused.body.message, user).toMatch(/[äöüß]|nicht/);
    }
  });

  it('refuses an upload still in processing, a voucher that is no invoice and bad files — nothing changed', async () => {
    const parent = await processedInvoice('creditor');
    const { file } = xrechnung();
    const first = await subsequent(parent.id, [file]);
    expect(first.status).toBe(200);
    const unprocessed = first.body.voucherId as number;
    expect(await flag(unprocessed)).toBe(false);
    const onUpload = await refusedUnchanged(t, () => subsequent(unprocessed, [xrechnung().file]));
    expect(onUpload).toMatchObject({
      status: 409,
      unchanged: true,
      body: { reason: 'vouchers.requiresProcessing' },
    });

    const credit = await processedInvoice('creditor', [
      'credit_advice',
      'direct_payment',
      'abandonment',
      'annulation',
      'deposit',
    ]);
    expect(await flag(credit.id)).toBe(false);
    const notInvoice = await refusedUnchanged(t, () => subsequent(credit.id, [xrechnung().file]));
    expect(notInvoice).toMatchObject({
      status: 409,
      unchanged: true,
      body: { reason: 'vouchers.notAnInvoice' },
    });

    const bad: [string, () => ReturnType<typeof subsequent>][] = [
      ['no file', () => subsequent(parent.id, [])],
      [
        'empty file',
        () => subsequent(parent.id, [{ name: 'leer.pdf', type: 'application/pdf', bytes: Buffer.alloc(0) }]),
      ],
      [
        'not a PDF',
        () =>
          subsequent(parent.id, [
            { name: 'bild.pdf', type: 'application/pdf', bytes: Buffer.from('GIF89a……') },
          ]),
      ],
      [
        'two files',
        () =>
          subsequent(parent.id, [
            xrechnung().file,
            { name: 'b.pdf', type: 'application/pdf', bytes: plainPdf('Rechnung Nr. 2') },
          ]),
      ],
      ['e-mail without address', () => subsequent(parent.id, [xrechnung().file], { deliveryType: 'email' })],
    ];
    for (const [what, run] of bad) {
      const refused = await refusedUnchanged(t, run);
      expect(refused.status, what).toBe(400);
      expect(refused.unchanged, what).toBe(true);
    }
  });
});
