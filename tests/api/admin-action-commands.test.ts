import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, buildTestApp, loginAs, type TestApp } from '../helpers/app';
import { call, refusedUnchanged } from '../helpers/commands';
import { multipart, plainPdf } from './upload-helpers';

// The admin functions (schema/commands/adminActions.yaml): the state-of-affairs import (preview,
// all-or-nothing import, clean-up) and the external voucher through the booking-system adapter.

let t: TestApp;
const tokens: Record<string, string> = {};

beforeAll(async () => {
  t = await buildTestApp();
  for (const user of ['admin', 'superadmin', 'productadmin', 'productadmin-tpf', 'creditor']) {
    tokens[user] = await loginAs(t.app, `${user}@example.com`);
  }
});
afterAll(() => t.close());

const HEADER =
  'code;title;text;followUpAction;rejectAction;acceptFileRequired;rejectFileRequired;optionType;optionCode;optionText;fullAmount;noteRequired';
const csv = (...rows: string[]) => Buffer.from(`\uFEFF${[HEADER, ...rows].join('\r\n')}\r\n`, 'utf8');

async function send(
  path: string,
  token: string,
  file: { name: string; type: string; bytes: Buffer },
  fields: Record<string, string> = {},
) {
  const { body, contentType } = multipart([
    ...Object.entries(fields).map(([name, value]) => ({ name, value })),
    { name: 'files', file },
  ]);
  const response = await t.app.inject({
    method: 'POST',
    url: `/api${path}`,
    headers: { ...bearer(token), 'content-type': contentType },
    payload: body,
  });
  return { status: response.statusCode, body: response.body ? response.json() : null };
}
const csvFile = (bytes: Buffer, name = 'sachstaende.csv') => ({ name, type: 'text/csv', bytes });
const preview = (bytes: Buffer, token = tokens.admin) =>
  send('/state-of-affairs/import/preview', token, csvFile(bytes));
const importFile = (bytes: Buffer, token = tokens.admin) =>
  send('/state-of-affairs/import', token, csvFile(bytes));

const catalogue = async () => {
  const states = await t.db
    .selectFrom('stateOfAffairs')
    .select(['code', 'title', 'followUpAction'])
    .orderBy('code')
    .execute();
  const options = await t.db
    .selectFrom('stateOfAffairsOption')
    .select(['stateCode', 'code', 'accepted', 'text'])
    .orderBy('stateCode')
    .orderBy('code')
    .execute();
  return { states, options };
};

describe('state-of-affairs import', () => {
  it('previews every row with its German errors and writes nothing to the catalogue', async () => {
    const before = await catalogue();
    const file = csv(
      'SV-900;Neue Frage;Bitte prüfen.;credit_advice;default;nein;nein;accepted;OK;Ja, Gutschrift;ja;nein',
      'SV-900;Neue Frage;Bitte prüfen.;credit_advice;default;nein;nein;rejected;NO;Nein;ja;vielleicht',
      'SV-901;;;wrong_action;default;nein;nein;accepted;A B;Text;ja;nein',
      'SV-900;Andere Frage;Bitte prüfen.;credit_advice;default;nein;nein;rejected;OK;Doppelt;ja;nein',
      'SV-902;Zu wenige Spalten;x',
    );
    const answer = await preview(file);
    expect(answer.status, JSON.stringify(answer.body)).toBe(200);
    const { rows, valid, errorRows } = answer.body;
    expect(valid).toBe(false);
    expect(errorRows).toBe(4);
    expect(rows.map((r: any) => r.line)).toEqual([2, 3, 4, 5, 6]);
    expect(rows[0].errors).toEqual([]);
    expect(rows[1].errors).toEqual([
      'noteRequired: „vielleicht“ ist kein Ja/Nein-Wert (ja, nein, true, false, 1, 0).',
    ]);
    expect(rows[2].errors).toEqual(
      expect.arrayContaining([
        'title: Pflichtangabe fehlt.',
        expect.stringContaining('followUpAction: „wrong_action“ ist nicht erlaubt'),
        'optionCode: nur Buchstaben, Ziffern, Binde- und Unterstrich.',
        'Sachstand SV-901 braucht mindestens eine angenommene und eine abgelehnte Antwort.',
      ]),
    );
    expect(rows[3].errors).toEqual([
      'title weicht von Zeile 2 desselben Sachstands ab.',
      'Antwortcode OK kommt im Sachstand bereits in Zeile 2 vor.',
    ]);
    expect(rows[4].errors[0]).toBe('Die Zeile hat 3 statt 12 Spalten.');
    expect(await catalogue()).toEqual(before);
    const log = await t.db
      .selectFrom('actionLogEntry')
      .select(['adminEmail', 'payload'])
      .where('actionType', '=', 'state_of_affairs_import_preview')
      .executeTakeFirstOrThrow();
    expect(log.adminEmail).toBe('admin@example.com');
  });

  it('names file errors: missing columns, no rows, not a CSV', async () => {
    const noColumns = await preview(Buffer.from('code;title\r\nSV-1;Frage\r\n'));
    expect(noColumns.body.fileErrors).toEqual([
      'In der Kopfzeile fehlen die Spalten followUpAction, optionType, optionCode, optionText.',
    ]);
    const empty = await preview(csv());
    expect(empty.body).toMatchObject({ valid: false, fileErrors: ['Die Datei enthält keine Datenzeilen.'] });
    const pdf = await send('/state-of-affairs/import/preview', tokens.admin, {
      name: 'x.pdf',
      type: 'application/pdf',
      bytes: plainPdf('x'),
    });
    expect(pdf.status).toBe(400);
  });

  it('refuses a file with one bad row as a whole: 422, nothing written', async () => {
    const file = csv(
      'SV-910;Gute Frage;;default;default;nein;nein;accepted;A;Ja;ja;nein',
      'SV-910;Gute Frage;;default;default;nein;nein;rejected;B;Nein;ja;nein',
      'SV-911;Schlechte Frage;;default;default;nein;nein;accepted;A;Ja;ja;kaputt',
      'SV-911;Schlechte Frage;;default;default;nein;nein;rejected;B;Nein;ja;nein',
    );
    const refused = await refusedUnchanged(t, () => importFile(file));
    expect(refused).toMatchObject({
      status: 422,
      unchanged: true,
      body: {
        code: 'stateOfAffairsImport.failed',
        reason: 'stateOfAffairsImport.rowErrors',
        message: 'Die Datei enthält 1 fehlerhafte Zeile(n). Es wurde nichts importiert.',
      },
    });
    expect((await catalogue()).states.some((s) => s.code === 'SV-910')).toBe(false);
  });

  it('only administrators and super administrators import; guards change nothing', async () => {
    const file = csv(
      'SV-920;Frage;;default;default;nein;nein;accepted;A;Ja;ja;nein',
      'SV-920;Frage;;default;default;nein;nein;rejected;B;Nein;ja;nein',
    );
    for (const who of ['productadmin', 'creditor']) {
      const refused = await refusedUnchanged(t, () => importFile(file, tokens[who]));
      expect(refused, who).toMatchObject({ status: 403, unchanged: true });
    }
  });

  it('imports all-or-nothing, replaces options, and reports a failed clean-up for states still in use', async () => {
    // the example download is the current catalogue in the import format
    const example = await t.app.inject({
      method: 'GET',
      url: '/api/state-of-affairs/import/example',
      headers: bearer(tokens.admin),
    });
    expect(example.statusCode).toBe(200);
    expect(example.headers['content-type']).toContain('text/csv');
    const lines = example.body
      .replace(/^\uFEFF/, '')
      .trim()
      .split('\r\n');
    expect(lines[0]).toBe(HEADER);
    const before = await catalogue();
    expect(lines).toHaveLength(before.options.length + 1);

    // re-importing the example changes nothing and cleans up nothing
    const same = await importFile(Buffer.from(example.body, 'utf8'));
    expect(same.status, JSON.stringify(same.body)).toBe(200);
    expect(same.body).toMatchObject({
      result: 'succeeded',
      removed: 0,
      notRemoved: 0,
      message: 'Die Sachstände wurden erfolgreich importiert.',
    });
    expect(await catalogue()).toEqual(before);

    // a file with SV-101 changed, a new SV-930, and without the rest of the catalogue
    const used = await t.db
      .selectFrom('workQueueItem')
      .select('stateOfAffairsCode')
      .distinct()
      .where('stateOfAffairsCode', 'is not', null)
      .execute();
    const usedCodes = used
      .map((u) => u.stateOfAffairsCode!)
      .filter((code) => code !== 'SV-101')
      .sort();
    const file = csv(
      'SV-101;Zahlung eingegangen?;Neu formuliert.;direct_payment;default;nein;nein;accepted;DP-FULL;Ja, voll;ja;nein',
      'SV-101;Zahlung eingegangen?;Neu formuliert.;direct_payment;default;nein;nein;rejected;DP-NONE;Nein;ja;ja',
      'SV-930;Neue Frage;;annulation;default;ja;nein;angenommen;AN-Y;Stornieren;ja;nein',
      'SV-930;Neue Frage;;annulation;default;ja;nein;abgelehnt;AN-N;Nicht stornieren;ja;ja',
    );
    const shown = await preview(file);
    expect(shown.body).toMatchObject({
      valid: true,
      states: 2,
      options: 4,
      newStates: ['SV-930'],
      keptStates: usedCodes,
    });
    const done = await importFile(file);
    expect(done.status, JSON.stringify(done.body)).toBe(200);
    const after = await catalogue();
    expect(after.options.filter((o) => o.stateCode === 'SV-101').map((o) => o.code)).toEqual([
      'DP-FULL',
      'DP-NONE',
    ]);
    expect(after.states.find((s) => s.code === 'SV-930')).toMatchObject({
      title: 'Neue Frage',
      followUpAction: 'annulation',
    });
    expect(after.states.map((s) => s.code).sort()).toEqual(['SV-101', 'SV-930', ...usedCodes].sort());
    if (usedCodes.length) {
      expect(done.body).toMatchObject({ result: 'succeededCleanupFailed', notRemoved: usedCodes.length });
      expect(done.body.message).toContain(usedCodes.join(', '));
    } else expect(done.body.result).toBe('succeeded');
    expect(done.body.removed).toBe(before.states.length - 1 - usedCodes.length);
    const log = await t.db
      .selectFrom('actionLogEntry')
      .select(['adminEmail', 'payload'])
      .where('actionType', '=', 'state_of_affairs_import')
      .orderBy('id', 'desc')
      .executeTakeFirstOrThrow();
    expect(log.adminEmail).toBe('admin@example.com');
    expect((log.payload as any).kept).toEqual(usedCodes);
  });
});

describe('external voucher', () => {
  const creditorOf = (email: string) =>
    t.db
      .selectFrom('appUser')
      .innerJoin('creditor', 'creditor.id', 'appUser.creditorId')
      .select(['creditor.id', 'creditor.sapNumber', 'creditor.product'])
      .where('appUser.username', '=', email)
      .executeTakeFirstOrThrow();
  const create = (
    token: string,
    fields: Record<string, string>,
    file = { name: 'beleg.pdf', type: 'application/pdf', bytes: plainPdf('Rechnung 4711') },
  ) => send('/research/external-voucher/create', token, file, { voucherType: 'invoice', ...fields });

  it('hands the file to bnet and queues its processing; the action log names the creditor', async () => {
    const creditor = await creditorOf('creditor@example.com');
    const created = await create(tokens.productadmin, {
      creditorSapNumber: creditor.sapNumber!,
      customNumber: 'EXT-1',
    });
    expect(created.status, JSON.stringify(created.body)).toBe(200);
    expect(created.body).toMatchObject({ success: true, message: 'Der externe Beleg wurde angelegt.' });
    const voucher = await t.db
      .selectFrom('voucher')
      .selectAll()
      .where('id', '=', created.body.voucherId)
      .executeTakeFirstOrThrow();
    expect(voucher).toMatchObject({
      creditorId: creditor.id,
      bnetId: created.body.bnetId,
      customNumber: 'EXT-1',
      requiresProcessing: true,
      originalName: 'beleg.pdf',
    });
    const job = await t.db
      .selectFrom('processingJob')
      .select('voucherId')
      .where('voucherId', '=', voucher.id)
      .executeTakeFirst();
    expect(job).toBeTruthy();
    const request = await t.db
      .selectFrom('bookingRequest')
      .select(['kind', 'status'])
      .where('creditorId', '=', creditor.id)
      .where('kind', '=', 'externalVoucher')
      .executeTakeFirstOrThrow();
    expect(request.status).toBe('approved');
    const log = await t.db
      .selectFrom('actionLogEntry')
      .selectAll()
      .where('actionType', '=', 'external_voucher_create')
      .executeTakeFirstOrThrow();
    expect(log).toMatchObject({
      creditorId: creditor.id,
      adminEmail: 'productadmin@example.com',
      voucherSapNumber: created.body.bnetId,
    });
    // the unprocessed list of the creditor shows it
    const list = await call(t, '/voucher/unprocessed/list', { token: tokens.creditor });
    if (list.status === 200) expect(JSON.stringify(list.body)).toContain('beleg.pdf');
  });

  it('refuses with the spec errors and changes nothing', async () => {
    const creditor = await creditorOf('creditor@example.com');
    const tpf = await creditorOf('creditor-tpf@example.com');
    const other = await creditorOf('creditor2@example.com');
    await t.db.updateTable('creditor').set({ webAppKey: null }).where('id', '=', other.id).execute();
    const brokenPdf = {
      name: 'kaputt.pdf',
      type: 'application/pdf',
      bytes: plainPdf('abgeschnitten').subarray(0, 60),
    };
    const brokenXml = {
      name: 'kaputt.xml',
      type: 'application/xml',
      bytes: Buffer.from('<?xml version="1.0"?><Invoice><ID>1</Invoice>'),
    };
    const cases: [string, Record<string, string>, typeof brokenPdf | undefined, number, string][] = [
      [
        'admin',
        { creditorSapNumber: other.sapNumber! },
        undefined,
        409,
        'externalVoucher.noValidInterfaceKey',
      ],
      [
        'admin',
        { creditorSapNumber: creditor.sapNumber! },
        brokenPdf,
        422,
        'externalVoucher.fileMissingOrFaulty',
      ],
      [
        'admin',
        { creditorSapNumber: creditor.sapNumber! },
        brokenXml,
        422,
        'externalVoucher.fileMissingOrFaulty',
      ],
      [
        'admin',
        { creditorSapNumber: creditor.sapNumber!, customNumber: 'EXT-1' },
        undefined,
        409,
        'externalVoucher.transferFailed',
      ],
      ['productadmin', { creditorSapNumber: tpf.sapNumber! }, undefined, 404, 'notFound'],
      ['admin', { creditorSapNumber: '9999999' }, undefined, 404, 'notFound'],
      ['creditor', { creditorSapNumber: creditor.sapNumber! }, undefined, 403, 'forbidden'],
    ];
    for (const [who, fields, file, status, reason] of cases) {
      const refused = await refusedUnchanged(t, () => create(tokens[who], fields, file));
      expect(refused, `${who} ${JSON.stringify(fields)} ${file?.name}`).toMatchObject({
        status,
        unchanged: true,
      });
      expect(refused.body.reason ?? refused.body.code).toBe(reason);
      if (reason.startsWith('externalVoucher'))
        expect(refused.body.code).toBe('externalVoucher.transferFailed');
    }
    const missing = await refusedUnchanged(t, async () => {
      const { body, contentType } = multipart([
        { name: 'voucherType', value: 'invoice' },
        { name: 'creditorSapNumber', value: creditor.sapNumber! },
      ]);
      const response = await t.app.inject({
        method: 'POST',
        url: '/api/research/external-voucher/create',
        headers: { ...bearer(tokens.admin), 'content-type': contentType },
        payload: body,
      });
      return { status: response.statusCode, body: response.json() };
    });
    expect(missing).toMatchObject({ status: 400, unchanged: true });
    // a blocked creditor hands over no new vouchers
    await t.db.updateTable('creditor').set({ status: 'blocked' }).where('id', '=', creditor.id).execute();
    const blocked = await refusedUnchanged(t, () =>
      create(tokens.admin, { creditorSapNumber: creditor.sapNumber! }),
    );
    expect(blocked).toMatchObject({
      status: 403,
      unchanged: true,
      body: { reason: 'creditorStatus.actionNotAllowed' },
    });
    await t.db.updateTable('creditor').set({ status: 'active' }).where('id', '=', creditor.id).execute();
  });
});
