import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { XMLParser } from 'fast-xml-parser';
import { buildApp } from '../../src/server/app';
import { runDunningSchedule } from '../../src/server/domain/dunning';
import { openDatabase } from '../../src/server/db/database';
import { addTargetDays, earliestCollectionDate, targetDayOnOrAfter } from '../../src/server/domain/sepa-debits/target-calendar';
import { todayIso } from '../../src/shared/validation';
import { addDays } from '../../src/shared/validation/german-input.parse';
import { bearer, buildTestApp, loginAs, type TestApp } from '../helpers/app';
import { call, refusedUnchanged } from '../helpers/commands';
import { newDebtor, newOpenInvoice, newSepaCreditor, validateIso20022, validatePain008 } from '../helpers/sepa-fixtures';
import { withDatabase } from '../helpers/test-database';
import { multipart } from './upload-helpers';

// SEPA direct-debit files (issue 30, schema/commands/sepaDebits.yaml): the due debits, the
// pain.008.001.08 file per creditor account and collection date — every file validated against the
// official XSD — its download, idempotence and the claim across two processes, and the returns
// (camt.054, pain.002). PGlite and PostgreSQL.

let t: TestApp;
const tokens: Record<string, string> = {};

beforeAll(async () => {
  t = await buildTestApp();
  for (const user of ['admin', 'support', 'productadmin', 'productadmin-tpf', 'creditor']) {
    tokens[user] = await loginAs(t.app, `${user}@example.com`);
  }
});
afterAll(() => t.close());

const today = () => todayIso();
const post = (path: string, body: unknown, user = 'admin') => call(t, path, { token: tokens[user], method: 'POST', body });
const createFile = (creditorIdentifier: number, collectionDate: string, user = 'admin') =>
  post('/sepa-debit/file/create', { creditorIdentifier, collectionDate }, user);
const fileContent = async (fileId: number) =>
  (await t.db.selectFrom('sepaDebitFile').select('content').where('id', '=', fileId).executeTakeFirstOrThrow()).content;
const debitsOf = (voucherId: number) => t.db.selectFrom('sepaDebit').selectAll().where('voucherId', '=', voucherId).execute();
const parser = new XMLParser({
  ignoreAttributes: false,
  attributeNamePrefix: '@_',
  parseTagValue: false,
  isArray: (name) => ['PmtInf', 'DrctDbtTxInf'].includes(name),
});
const parse = (xml: string) => parser.parse(xml).Document.CstmrDrctDbtInitn;
const cents = (euros: string) => Math.round(Number(euros) * 100);
const VALID_CI = 'DE98ZZZ09999999999';

async function importReturns(xml: string, user = 'admin') {
  const { body, contentType } = multipart([
    { name: 'files', file: { name: 'camt054.xml', type: 'application/xml', bytes: Buffer.from(xml, 'utf8') } },
  ]);
  const response = await t.app.inject({
    method: 'POST',
    url: '/api/sepa-debit/returns/import',
    headers: { ...bearer(tokens[user]), 'content-type': contentType },
    payload: body,
  });
  return { status: response.statusCode, body: response.body ? response.json() : null };
}

const camt054 = (returns: { endToEndId: string; code: string; cents: number }[]) => `<?xml version="1.0" encoding="UTF-8"?>
<Document xmlns="urn:iso:std:iso:20022:tech:xsd:camt.054.001.08">
  <BkToCstmrDbtCdtNtfctn>
    <GrpHdr><MsgId>CAMT-1</MsgId><CreDtTm>2026-12-03T08:00:00</CreDtTm></GrpHdr>
    <Ntfctn>
      <Id>N1</Id>
      <CreDtTm>2026-12-03T08:00:00</CreDtTm>
      <Acct><Id><IBAN>DE89370400440532013000</IBAN></Id></Acct>
      ${returns
        .map(
          (r) => `<Ntry>
        <Amt Ccy="EUR">${(r.cents / 100).toFixed(2)}</Amt>
        <CdtDbtInd>DBIT</CdtDbtInd>
        <RvslInd>true</RvslInd>
        <Sts><Cd>BOOK</Cd></Sts>
        <BkTxCd><Domn><Cd>PMNT</Cd><Fmly><Cd>RDDT</Cd><SubFmlyCd>UPDD</SubFmlyCd></Fmly></Domn></BkTxCd>
        <NtryDtls><TxDtls>
          <Refs><EndToEndId>${r.endToEndId}</EndToEndId></Refs>
          <Amt Ccy="EUR">${(r.cents / 100).toFixed(2)}</Amt>
          <RtrInf><Rsn><Cd>${r.code}</Cd></Rsn></RtrInf>
        </TxDtls></NtryDtls>
      </Ntry>`,
        )
        .join('\n')}
    </Ntfctn>
  </BkToCstmrDbtCdtNtfctn>
</Document>`;

describe('due debits and the first file', () => {
  let creditor: { id: number; name: string };
  let umlaut: Awaited<ReturnType<typeof newDebtor>>;
  let first: { id: number; officialVoucherNumber: string | null; amount: number }[];
  let collectionDate: string;

  beforeAll(async () => {
    creditor = await newSepaCreditor(t);
    umlaut = await newDebtor(t, creditor.id, { name: 'Jürgen Müller-Lüdenscheidt & Söhne' });
    const second = await newDebtor(t, creditor.id);
    const transfer = await newDebtor(t, creditor.id, { mandate: null });
    first = [
      await newOpenInvoice(t, creditor.id, umlaut, { amount: 10_050 }),
      await newOpenInvoice(t, creditor.id, umlaut, { amount: 1 }),
      await newOpenInvoice(t, creditor.id, second, { amount: 99_999 }),
    ];
    // not due: a debtor paying by transfer, a disputed invoice, a closed one, one due after the date
    await newOpenInvoice(t, creditor.id, transfer);
    await newOpenInvoice(t, creditor.id, second, { subStatus: 'customer_complaint' });
    await newOpenInvoice(t, creditor.id, second, { status: 'closed', leftoverAmount: 0 });
    collectionDate = addTargetDays(today(), 3);
    await newOpenInvoice(t, creditor.id, second, { paymentDeadline: addDays(collectionDate, 30) });
  });

  it('lists the due debits per creditor and collection date, FRST for unused mandates', async () => {
    const answer = await call(t, '/sepa-debit/due', { token: tokens.admin });
    expect(answer.status).toBe(200);
    const mine = answer.body.groups.filter((g: { creditorId: number }) => g.creditorId === creditor.id);
    expect(mine).toHaveLength(2);
    expect(mine[0]).toMatchObject({
      creditorName: creditor.name,
      sepaCreditorIdentifier: null,
      hasAccount: true,
      collectionDate: earliestCollectionDate(today(), 'FRST'),
      count: 3,
      amount: 10_050 + 1 + 99_999,
      frst: 3,
      rcur: 0,
      fnal: 0,
    });
    expect(mine[1].collectionDate).toBe(targetDayOnOrAfter(addDays(collectionDate, 30)));
  });

  it('needs the admin permission sepa_direct_debits (support, creditor users: 403)', async () => {
    for (const user of ['support', 'creditor']) {
      expect((await call(t, '/sepa-debit/due', { token: tokens[user] })).status).toBe(403);
      const refused = await refusedUnchanged(t, () => createFile(creditor.id, collectionDate, user));
      expect(refused.status).toBe(403);
      expect(refused.unchanged).toBe(true);
    }
  });

  it('refuses a file without Gläubiger-ID, then stores a checked one', async () => {
    const refused = await refusedUnchanged(t, () => createFile(creditor.id, collectionDate));
    expect(refused.status).toBe(409);
    expect(refused.body.reason).toBe('sepaDebits.creditorIdentifierMissing');
    expect(refused.unchanged).toBe(true);

    const wrongCheckDigits = await refusedUnchanged(t, () =>
      post('/sepa-debit/creditor-identifier', { creditorIdentifier: creditor.id, sepaCreditorIdentifier: 'DE99ZZZ09999999999' }),
    );
    expect(wrongCheckDigits.status).toBe(400);
    expect(wrongCheckDigits.unchanged).toBe(true);
    const badBic = await refusedUnchanged(t, () =>
      post('/sepa-debit/creditor-identifier', { creditorIdentifier: creditor.id, sepaCreditorIdentifier: VALID_CI, sepaBic: 'NOBIC' }),
    );
    expect(badBic.status).toBe(400);
    expect(badBic.body.reason).toBe('sepaDebits.bicInvalid');
    expect(badBic.unchanged).toBe(true);

    const saved = await post('/sepa-debit/creditor-identifier', {
      creditorIdentifier: creditor.id,
      sepaCreditorIdentifier: 'de98 zzz0 9999 9999 99',
    });
    expect(saved.status, JSON.stringify(saved.body)).toBe(200);
    const row = await t.db.selectFrom('creditor').select('sepaCreditorIdentifier').where('id', '=', creditor.id).executeTakeFirstOrThrow();
    expect(row.sepaCreditorIdentifier).toBe(VALID_CI);
  });

  it('refuses a date that is no TARGET day or too early, changing nothing', async () => {
    let saturday = addDays(today(), 7);
    while (new Date(`${saturday}T00:00:00Z`).getUTCDay() !== 6) saturday = addDays(saturday, 1);
    const weekend = await refusedUnchanged(t, () => createFile(creditor.id, saturday));
    expect(weekend.status).toBe(409);
    expect(weekend.body.reason).toBe('sepaDebits.notTargetDay');
    expect(weekend.unchanged).toBe(true);

    const early = await refusedUnchanged(t, () => createFile(creditor.id, targetDayOnOrAfter(today())));
    expect(early.status).toBe(409);
    expect(early.body.reason).toBe('sepaDebits.tooEarly');
    expect(early.unchanged).toBe(true);
  });

  it('creates one pain.008.001.08 file that passes the XSD and marks each debit submitted', async () => {
    const answer = await createFile(creditor.id, collectionDate);
    expect(answer.status, JSON.stringify(answer.body)).toBe(200);
    expect(answer.body).toMatchObject({ numberOfTransactions: 3, controlSum: 110_050 });
    const xml = await fileContent(answer.body.fileId);
    expect(await validatePain008(xml)).toEqual([]);

    const doc = parse(xml);
    expect(doc.GrpHdr.NbOfTxs).toBe('3');
    expect(cents(doc.GrpHdr.CtrlSum)).toBe(110_050);
    expect(doc.PmtInf).toHaveLength(1);
    const block = doc.PmtInf[0];
    expect(block.PmtTpInf).toEqual({ SvcLvl: { Cd: 'SEPA' }, LclInstrm: { Cd: 'CORE' }, SeqTp: 'FRST' });
    expect(block.ReqdColltnDt).toBe(collectionDate);
    expect(block.Cdtr.Nm).toBe('Saege + Soehne GmbH');
    expect(block.CdtrSchmeId.Id.PrvtId.Othr).toEqual({ Id: VALID_CI, SchmeNm: { Prtry: 'SEPA' } });
    const sum = block.DrctDbtTxInf.reduce((total: number, tx: { InstdAmt: { '#text': string } }) => total + cents(tx.InstdAmt['#text']), 0);
    expect(sum).toBe(cents(block.CtrlSum));
    const forUmlaut = block.DrctDbtTxInf.filter((tx: { Dbtr: { Nm: string } }) => tx.Dbtr.Nm === 'Juergen Mueller-Luedenscheidt + Soehne');
    expect(forUmlaut).toHaveLength(2);
    expect(forUmlaut[0].DrctDbtTx.MndtRltdInf).toEqual({ MndtId: umlaut.sepaReferenceNumber, DtOfSgntr: '2025-03-14' });
    expect(block.DrctDbtTxInf.map((tx: { RmtInf: { Ustrd: string } }) => tx.RmtInf.Ustrd).sort()).toEqual(
      first.map((v) => `Rechnung ${v.officialVoucherNumber}`).sort(),
    );

    for (const voucher of first) {
      const debits = await debitsOf(voucher.id);
      expect(debits).toHaveLength(1);
      expect(debits[0]).toMatchObject({ fileId: answer.body.fileId, status: 'submitted', sequenceType: 'FRST', amount: voucher.amount });
      const entries = await t.db.selectFrom('voucherHistory').selectAll().where('voucherId', '=', voucher.id).execute();
      expect(entries.map((e) => e.title)).toContain('Lastschrift eingereicht');
    }
    const log = await t.db
      .selectFrom('actionLogEntry')
      .selectAll()
      .where('actionType', '=', 'sepa_debit_file_create')
      .where('creditorId', '=', creditor.id)
      .execute();
    expect(log).toHaveLength(1);
  });

  it('does not create a file twice for the same debits (409 nothingDue, nothing written)', async () => {
    const again = await refusedUnchanged(t, () => createFile(creditor.id, collectionDate));
    expect(again.status).toBe(409);
    expect(again.body.reason).toBe('sepaDebits.nothingDue');
    expect(again.unchanged).toBe(true);
  });

  it('serves the file again to the admin (same bytes, logged); another product is 404, a creditor 403', async () => {
    const file = await t.db.selectFrom('sepaDebitFile').selectAll().where('creditorId', '=', creditor.id).executeTakeFirstOrThrow();
    const download = (user: string) =>
      t.app.inject({ url: `/api/sepa-debit/file/${file.id}/download`, headers: bearer(tokens[user]) });
    const answer = await download('admin');
    expect(answer.statusCode).toBe(200);
    expect(answer.headers['content-type']).toContain('application/xml');
    expect(answer.headers['content-disposition']).toContain(`${file.messageId}.xml`);
    expect(answer.body).toBe(file.content);
    const logged = await t.db
      .selectFrom('actionLogEntry')
      .select(['creditorId', 'payload'])
      .where('actionType', '=', 'sepa_debit_file_download')
      .execute();
    expect(logged.some((row) => row.creditorId === creditor.id)).toBe(true);

    expect((await download('productadmin')).statusCode).toBe(200); // SMAFA's product administrator
    expect((await download('productadmin-tpf')).statusCode).toBe(404);
    expect((await download('creditor')).statusCode).toBe(403);
    const list = await call(t, '/sepa-debit/file/list', { token: tokens['productadmin-tpf'] });
    expect(list.body.files.some((f: { id: number }) => f.id === file.id)).toBe(false);
  });

  it('keeps a product administrator of another product away from the creditor (404, nothing written)', async () => {
    const other = addTargetDays(collectionDate, 40);
    const refused = await refusedUnchanged(t, () => createFile(creditor.id, other, 'productadmin-tpf'));
    expect(refused.status).toBe(404);
    expect(refused.unchanged).toBe(true);
  });
});

describe('sequence types, many debits, several dates', () => {
  it('puts RCUR after a submitted FRST and FNAL for the last invoice of a stopped permanent debt', async () => {
    const creditor = await newSepaCreditor(t, { sepaCreditorIdentifier: VALID_CI });
    const regular = await newDebtor(t, creditor.id);
    const ending = await newDebtor(t, creditor.id, { name: 'Öztürk Ärztebedarf' });
    const debt = await t.db
      .insertInto('permanentDebt')
      .values({
        creditorId: creditor.id,
        debtorId: ending.id,
        locationId: ending.locationId,
        customNumber: `DS-${creditor.id}`,
        subject: 'Wartung',
        grossAmount: 11_900,
        netAmount: 10_000,
        period: 'monthly',
        startDate: '2026-01-01',
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    const periodInvoice = (period: string) =>
      newOpenInvoice(t, creditor.id, ending, {
        type: 'permanent_debt',
        permanentDebtId: debt.id,
        permanentDebtPeriod: period,
        officialVoucherNumber: null,
        customNumber: `DS-${creditor.id}-${period}`,
        amount: 11_900,
        voucherDate: period,
        paymentDeadline: period,
      });
    await newOpenInvoice(t, creditor.id, regular);
    await periodInvoice('2026-01-01');

    const firstDate = earliestCollectionDate(today(), 'FRST');
    const firstFile = await createFile(creditor.id, firstDate);
    expect(firstFile.status, JSON.stringify(firstFile.body)).toBe(200);
    expect(parse(await fileContent(firstFile.body.fileId)).PmtInf.map((p: { PmtTpInf: { SeqTp: string } }) => p.PmtTpInf.SeqTp)).toEqual(['FRST']);

    // the permanent debt ends; its last invoice is the mandate's last collection
    await t.db.updateTable('permanentDebt').set({ status: 'stopped' }).where('id', '=', debt.id).execute();
    const last = await periodInvoice('2026-02-01');
    const again = await newOpenInvoice(t, creditor.id, regular, { amount: 5_000 });
    const secondDate = addTargetDays(firstDate, 5);
    const secondFile = await createFile(creditor.id, secondDate);
    expect(secondFile.status, JSON.stringify(secondFile.body)).toBe(200);
    const xml = await fileContent(secondFile.body.fileId);
    expect(await validatePain008(xml)).toEqual([]);
    const doc = parse(xml);
    expect(doc.PmtInf.map((p: { PmtTpInf: { SeqTp: string }; ReqdColltnDt: string }) => [p.PmtTpInf.SeqTp, p.ReqdColltnDt])).toEqual([
      ['RCUR', secondDate],
      ['FNAL', secondDate],
    ]);
    const fnal = doc.PmtInf[1].DrctDbtTxInf[0];
    expect(fnal.Dbtr.Nm).toBe('Oeztuerk Aerztebedarf');
    expect(fnal.RmtInf.Ustrd).toBe(`Rechnung DS-${creditor.id}-2026-02-01`);
    expect((await debitsOf(last.id))[0].sequenceType).toBe('FNAL');
    expect((await debitsOf(again.id))[0].sequenceType).toBe('RCUR');
  });

  it('writes 260 debits of 120 debtors in one valid file whose amounts sum to the control sums', async () => {
    const creditor = await newSepaCreditor(t, { sepaCreditorIdentifier: VALID_CI });
    let expected = 0;
    for (let n = 0; n < 120; n++) {
      const debtor = await newDebtor(t, creditor.id, { name: `Bäckerei Nr. ${n} – „Zur Mühle“ @ Köln` });
      for (let k = 0; k < (n < 10 ? 4 : 2); k++) {
        const amount = 1 + ((n * 7919 + k * 104_729) % 999_999);
        expected += amount;
        await newOpenInvoice(t, creditor.id, debtor, { amount });
      }
    }
    const date = addTargetDays(today(), 4);
    const answer = await createFile(creditor.id, date);
    expect(answer.status, JSON.stringify(answer.body)).toBe(200);
    expect(answer.body).toMatchObject({ numberOfTransactions: 260, controlSum: expected });
    const xml = await fileContent(answer.body.fileId);
    expect(await validatePain008(xml)).toEqual([]);
    const doc = parse(xml);
    expect(cents(doc.GrpHdr.CtrlSum)).toBe(expected);
    const transactions = doc.PmtInf.flatMap((p: { DrctDbtTxInf: unknown[] }) => p.DrctDbtTxInf);
    expect(transactions).toHaveLength(260);
    expect(doc.PmtInf.reduce((total: number, p: { CtrlSum: string }) => total + cents(p.CtrlSum), 0)).toBe(expected);
    expect(new Set(transactions.map((tx: { PmtId: { EndToEndId: string } }) => tx.PmtId.EndToEndId)).size).toBe(260);
    expect(transactions[0].Dbtr.Nm).toMatch(/^Baeckerei Nr\. \d+ - 'Zur Muehle' \(at\) Koeln$/);
  });

  it('a broken document fails the XSD (the validator can fail)', async () => {
    const creditor = await t.db.selectFrom('sepaDebitFile').select('content').executeTakeFirstOrThrow();
    const broken = creditor.content.replace('<SeqTp>FRST</SeqTp>', '<SeqTp>OOPS</SeqTp>').replace(/<CtrlSum>[^<]*<\/CtrlSum>/, '<CtrlSum>1,00</CtrlSum>');
    expect((await validatePain008(broken)).length).toBeGreaterThan(0);
  });
});

describe('two server processes at once', () => {
  it('put each debit into one file only', async () => {
    const creditor = await newSepaCreditor(t, { sepaCreditorIdentifier: VALID_CI });
    const vouchers = [];
    for (let n = 0; n < 5; n++) vouchers.push(await newOpenInvoice(t, creditor.id, await newDebtor(t, creditor.id)));
    const template = inject('kontorTemplate');
    let second = t.app;
    let close = async () => undefined;
    if (template.kind === 'postgres') {
      const { rows } = await sql<{ name: string }>`select current_database() as name`.execute(t.db);
      const handle = await openDatabase({ databaseUrl: withDatabase(template.adminUrl, rows[0].name) });
      second = await buildApp({ db: handle.db });
      await second.ready();
      close = async () => {
        await second.close();
        await handle.close();
      };
    }
    try {
      const date = addTargetDays(today(), 3);
      const send = (app: typeof t.app) =>
        app.inject({
          method: 'POST',
          url: '/api/sepa-debit/file/create',
          headers: bearer(tokens.admin),
          payload: { creditorIdentifier: creditor.id, collectionDate: date },
        });
      const answers = await Promise.all([send(t.app), send(second), send(t.app)]);
      expect(answers.map((a) => a.statusCode).sort()).toEqual([200, 409, 409]);
    } finally {
      await close();
    }
    for (const voucher of vouchers) expect(await debitsOf(voucher.id)).toHaveLength(1);
    const files = await t.db.selectFrom('sepaDebitFile').selectAll().where('creditorId', '=', creditor.id).execute();
    expect(files).toHaveLength(1);
    expect(files[0].numberOfTransactions).toBe(5);
  });
});

describe('returns', () => {
  let creditor: { id: number };
  let debtors: Awaited<ReturnType<typeof newDebtor>>[];
  let vouchers: { id: number; amount: number }[];
  let e2e: string[];

  beforeAll(async () => {
    creditor = await newSepaCreditor(t, { sepaCreditorIdentifier: VALID_CI });
    debtors = [await newDebtor(t, creditor.id), await newDebtor(t, creditor.id), await newDebtor(t, creditor.id)];
    vouchers = [];
    for (const debtor of debtors) vouchers.push(await newOpenInvoice(t, creditor.id, debtor));
    const answer = await createFile(creditor.id, earliestCollectionDate(today(), 'FRST'));
    expect(answer.status).toBe(200);
    e2e = [];
    for (const voucher of vouchers) e2e.push((await debitsOf(voucher.id))[0].endToEndId);
  });

  it('marks camt.054 returns: reason in German in the history, a work-queue item, MD01 flags the mandate', async () => {
    const notification = camt054([
      { endToEndId: e2e[0], code: 'AM04', cents: vouchers[0].amount },
      { endToEndId: e2e[1], code: 'MD01', cents: vouchers[1].amount },
      { endToEndId: 'UNBEKANNT-1', code: 'AC04', cents: 100 },
    ]);
    // the bank's message as the official schema has it
    expect(await validateIso20022(notification, 'camt.054.001.08')).toEqual([]);
    const answer = await importReturns(notification);
    expect(answer.status, JSON.stringify(answer.body)).toBe(200);
    expect(answer.body).toMatchObject({ returned: 2, alreadyReturned: 0, unknown: 1 });

    const [am04] = await debitsOf(vouchers[0].id);
    expect(am04).toMatchObject({ status: 'returned', returnCode: 'AM04' });
    const history = await t.db.selectFrom('voucherHistory').selectAll().where('voucherId', '=', vouchers[0].id).execute();
    const entry = history.find((h) => h.title === 'Lastschrift zurückgegeben')!;
    expect(entry.text).toBe('Rückgabegrund AM04: Keine ausreichende Deckung. Die Rechnung ist wieder offen.');

    const items = await t.db
      .selectFrom('workQueueItem as w')
      .innerJoin('workQueueVoucher as wv', 'wv.workQueueItemId', 'w.id')
      .select(['w.title', 'w.text', 'w.status', 'wv.voucherId'])
      .where('w.creditorId', '=', creditor.id)
      .execute();
    expect(items).toHaveLength(2);
    expect(items.every((i) => i.status === 'open' && i.title.startsWith('Lastschrift zurückgegeben'))).toBe(true);
    expect(items.find((i) => i.voucherId === vouchers[1].id)!.text).toContain('Kein gültiges Mandat');

    const flagged = await t.db.selectFrom('debtor').select(['id', 'sepaMandateFlagCode']).where('id', 'in', debtors.map((d) => d.id)).execute();
    expect(Object.fromEntries(flagged.map((d) => [d.id, d.sepaMandateFlagCode]))).toEqual({
      [debtors[0].id]: null,
      [debtors[1].id]: 'MD01',
      [debtors[2].id]: null,
    });
    // a flagged mandate is not debited again; the AM04 voucher is not collected again by itself
    await newOpenInvoice(t, creditor.id, debtors[1]);
    const due = await call(t, '/sepa-debit/due', { token: tokens.admin });
    expect(due.body.groups.filter((g: { creditorId: number }) => g.creditorId === creditor.id)).toEqual([]);
  });

  it('keeps a submitted debit out of dunning; once returned, the invoice is dunned again', async () => {
    const debtor = await newDebtor(t, creditor.id);
    const overdue = await newOpenInvoice(t, creditor.id, debtor, { subStatus: 'purchased', dunningType: 'notDunned', paymentDeadline: addDays(today(), -60) });
    const answer = await createFile(creditor.id, earliestCollectionDate(today(), 'FRST'));
    expect(answer.status, JSON.stringify(answer.body)).toBe(200);
    await runDunningSchedule(t.db, new Date());
    const dunningTypeOf = async () =>
      (await t.db.selectFrom('voucher').select('dunningType').where('id', '=', overdue.id).executeTakeFirstOrThrow()).dunningType;
    expect(await dunningTypeOf()).toBe('notDunned');
    const [debit] = await debitsOf(overdue.id);
    expect((await importReturns(camt054([{ endToEndId: debit.endToEndId, code: 'AM04', cents: debit.amount }]))).body.returned).toBe(1);
    await runDunningSchedule(t.db, new Date());
    expect(await dunningTypeOf()).not.toBe('notDunned');
  });

  it('changes nothing when the same file comes again', async () => {
    const again = await refusedUnchanged(t, () =>
      importReturns(camt054([
        { endToEndId: e2e[0], code: 'AM04', cents: vouchers[0].amount },
        { endToEndId: e2e[1], code: 'MD01', cents: vouchers[1].amount },
      ])),
    );
    expect(again.status).toBe(200);
    expect(again.body).toMatchObject({ returned: 0, alreadyReturned: 2, unknown: 0 });
    expect(again.changed).toEqual(['action_log_entry']);
  });

  it('reads a pain.002 rejection; a product administrator of another product cannot touch the debit', async () => {
    const pain002 = `<?xml version="1.0" encoding="UTF-8"?>
<Document xmlns="urn:iso:std:iso:20022:tech:xsd:pain.002.001.10">
  <CstmrPmtStsRpt>
    <GrpHdr><MsgId>ST-1</MsgId><CreDtTm>2026-12-02T08:00:00</CreDtTm></GrpHdr>
    <OrgnlGrpInfAndSts><OrgnlMsgId>X</OrgnlMsgId><OrgnlMsgNmId>pain.008.001.08</OrgnlMsgNmId></OrgnlGrpInfAndSts>
    <OrgnlPmtInfAndSts>
      <OrgnlPmtInfId>X-FRST</OrgnlPmtInfId>
      <TxInfAndSts>
        <OrgnlEndToEndId>${e2e[2]}</OrgnlEndToEndId>
        <TxSts>RJCT</TxSts>
        <StsRsnInf><Rsn><Cd>AC04</Cd></Rsn></StsRsnInf>
      </TxInfAndSts>
    </OrgnlPmtInfAndSts>
  </CstmrPmtStsRpt>
</Document>`;
    const foreign = await importReturns(pain002, 'productadmin-tpf');
    expect(foreign.body).toMatchObject({ returned: 0, unknown: 1 });
    expect((await debitsOf(vouchers[2].id))[0].status).toBe('submitted');
    const answer = await importReturns(pain002);
    expect(answer.body).toMatchObject({ returned: 1, unknown: 0 });
    expect((await debitsOf(vouchers[2].id))[0]).toMatchObject({ status: 'returned', returnCode: 'AC04' });
  });

  it('refuses a file that is neither camt.054 nor pain.002 (400, nothing written)', async () => {
    const refused = await refusedUnchanged(t, () => importReturns('<?xml version="1.0"?><Document><Foo/></Document>'));
    expect(refused.status).toBe(400);
    expect(refused.body.reason).toBe('sepaDebits.returnFileUnreadable');
    expect(refused.unchanged).toBe(true);
  });
});
