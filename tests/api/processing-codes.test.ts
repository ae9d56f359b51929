import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Adapters, createAdapters } from '../../src/server/adapters';
import { buildPdf } from '../../src/server/einvoice/testing/build-pdf';
import { crafted, type Edit, hybridPdf, UBL_CREDIT_NOTE } from '../../src/server/einvoice/testing/crafted';
import { JOB_MAX_ATTEMPTS } from '../../src/server/processing/processing-queue';
import { processDueVouchers } from '../../src/server/processing/processing-runner';
import { type TestApp, bearer, buildTestApp, loginAs } from '../helpers/app';
import { multipart, plainPdf, upload } from './upload-helpers';

// Every processing error code of document 2 §8 that a document can cause, one row each (XML and PDF
// where the code applies to both): a crafted document goes through POST /api/voucher/upload, the
// clock passes the editing pause and the workers' sweep runs processing to its end state — the code
// on the voucher and in its history, failed (processing error, main users told) or pending (the
// creditor decides). Nothing of it is bought: no purchase status, no official number, the creditor's
// available limit untouched. Codes no document can cause are listed in src/server/processing/README.md.
// One app and database for the whole file; the clock is moved, never slept.

let t: TestApp;
let token: string;
let clock = new Date('2016-04-05T09:00:00Z');
const base = createAdapters(process.env, { dataDir: mkdtempSync(join(tmpdir(), 'kontor-codes-')) });
// the credit agency is down for one buyer: a stage that keeps failing (code 901)
const adapters: Adapters = {
  ...base,
  creditAgency: {
    ...base.creditAgency,
    identCheck: async (input) => {
      if (input.name.includes('Ausfall')) throw new Error('Auskunftei nicht erreichbar');
      return base.creditAgency.identCheck(input);
    },
  },
};
const later = (ms: number) => {
  clock = new Date(clock.getTime() + ms);
};
const run = () => processDueVouchers(t.db, adapters, clock);
let chosen: { debtor: string; location: string };

beforeAll(async () => {
  t = await buildTestApp({ adapters, clock: () => clock });
  token = await loginAs(t.app, 'creditor@example.com');
  const own = await t.db
    .selectFrom('location as l')
    .innerJoin('debtor as d', 'd.id', 'l.debtorId')
    .innerJoin('appUser as u', 'u.creditorId', 'd.creditorId')
    .select(['d.id as debtorId', 'l.id as locationId'])
    .where('u.username', '=', 'creditor@example.com')
    .where('d.status', '=', 'active')
    .where('l.status', '=', 'active')
    .orderBy('d.availableLimit', 'desc')
    .executeTakeFirstOrThrow();
  chosen = { debtor: String(own.debtorId), location: String(own.locationId) };
});
afterAll(() => t.close());

type File = { name: string; bytes: Buffer };
interface Row {
  code: number;
  what: string;
  file: (n: string) => File;
  /** the upload names the customer (default) or leaves it to debtor identification */
  identify?: boolean;
  fields?: Record<string, string>;
  /** annexes added during the editing pause (POST /voucher/{id}/attachment) */
  annex?: File;
  /** before the pause ends (and undone after the row) */
  during?: (creditorId: number) => Promise<() => Promise<void>>;
  /** the sweep runs this often, the clock moved an hour in between (a stage retried) */
  sweeps?: number;
  pending?: string;
  /** the job waits parked for an admin's retry (the voucher not failed) */
  parked?: boolean;
}

const xml = (syntax: 'ubl' | 'cii', edits: Edit[] = []) => (n: string) => ({ name: `${n}.xml`, bytes: crafted(syntax, n, edits) });
const pdf = (syntax: 'ubl' | 'cii', edits: Edit[] = []) => (n: string) => ({ name: `${n}.pdf`, bytes: hybridPdf(crafted(syntax, n, edits)) });
const text = (body: (n: string) => string) => (n: string) => ({ name: `${n}.pdf`, bytes: plainPdf(body(n)) });
const plain = (n: string, more = '') =>
  `Rechnung Nr. ${n}\nRechnungsdatum: 04.04.2016\nRechnungsempfänger: Kunden AG Mitte\n${more}Gesamtbetrag: 1.190,00 EUR`;
const USD: Edit[] = [['EUR', 'USD']];
const AUSTRIA: Edit[] = [
  [/(<cac:AccountingCustomerParty>[\s\S]*?<cbc:IdentificationCode>)DE/, '$1AT'],
];
const NO_BUYER_NAME: Edit[] = [['<cbc:RegistrationName>[Buyer name]</cbc:RegistrationName>', '']];
const DELIVERED = (date: string): Edit[] => [
  ['<cac:PaymentMeans>', `<cac:Delivery><cbc:ActualDeliveryDate>${date}</cbc:ActualDeliveryDate></cac:Delivery><cac:PaymentMeans>`],
];

const ROWS: Row[] = [
  { code: 220, what: 'performance date in the future', file: xml('ubl', DELIVERED('2016-05-20')), pending: 'in_future_performance_date' },
  { code: 221, what: 'voucher number already exists', file: () => xml('ubl')('DUP-221'), pending: 'duplicate' },
  { code: 222, what: 'voucher date in the future', file: xml('ubl', [['<cbc:IssueDate>2016-04-04', '<cbc:IssueDate>2016-04-20']]), pending: 'in_future_factoring' },
  {
    code: 801,
    what: 'creditor blocked before the pause ended',
    file: xml('ubl'),
    during: async (creditorId) => {
      await t.db.updateTable('creditor').set({ status: 'blocked' }).where('id', '=', creditorId).execute();
      return async () => {
        await t.db.updateTable('creditor').set({ status: 'active' }).where('id', '=', creditorId).execute();
      };
    },
  },
  {
    code: 901,
    what: 'a stage failing again and again (credit agency down): parked for an admin',
    file: xml('ubl', [['[Buyer name]', 'Ausfall GmbH'], ['[Buyer address line 1]', 'Hafenstraße 5'], ['[Buyer city]', 'Hamburg']]),
    identify: true,
    sweeps: JOB_MAX_ATTEMPTS,
    parked: true,
  },
  { code: 920, what: 'text without words (glyph numbers, PDF)', file: text(() => '\x01\x02\x03 \x04\x05 17 4 0,00') },
  { code: 921, what: 'no buyer (XML)', file: xml('ubl', NO_BUYER_NAME), identify: true },
  { code: 921, what: 'no buyer (PDF)', file: text((n) => `Rechnung Nr. ${n}\nRechnungsdatum: 04.04.2016\nGesamtbetrag: 1.190,00 EUR`), identify: true },
  { code: 922, what: 'issue date missing (XML)', file: xml('ubl', [[/<cbc:IssueDate>[^<]*<\/cbc:IssueDate>/, '']]) },
  { code: 922, what: 'issue date missing (PDF)', file: text((n) => `Rechnung Nr. ${n}\nGesamtbetrag: 1.190,00 EUR`) },
  { code: 923, what: 'invoice number missing (XML)', file: () => xml('ubl', [['<cbc:ID>NONUMBER</cbc:ID>', '']])('NONUMBER') },
  { code: 923, what: 'invoice number missing (PDF)', file: text(() => 'Rechnung\nRechnungsdatum: 04.04.2016\nGesamtbetrag: 1.190,00 EUR') },
  { code: 925, what: 'XML not well-formed', file: xml('ubl', [['</ubl:Invoice>', '</ubl:Invoic>']]) },
  { code: 925, what: 'PDF cut short', file: (n) => ({ name: `${n}.pdf`, bytes: plainPdf(plain(n)).subarray(0, 400) }) },
  { code: 926, what: 'UBL CreditNote', file: xml('ubl', UBL_CREDIT_NOTE) },
  { code: 926, what: 'CII credit note (type code 381)', file: xml('cii', [['<ram:TypeCode>380</ram:TypeCode>', '<ram:TypeCode>381</ram:TypeCode>']]) },
  { code: 926, what: 'credit note in a ZUGFeRD PDF', file: pdf('cii', [['<ram:TypeCode>380</ram:TypeCode>', '<ram:TypeCode>381</ram:TypeCode>']]) },
  { code: 926, what: 'credit note as plain PDF ("Gutschrift")', file: text((n) => `Gutschrift zu Rechnung Nr. ${n}\nRechnungsdatum: 04.04.2016\nGesamtbetrag: 1.190,00 EUR`) },
  { code: 928, what: 'delivery date not a date (XML)', file: xml('ubl', DELIVERED('2016-13-45')) },
  { code: 928, what: 'performance date unreadable (PDF)', file: text((n) => plain(n, 'Leistungsdatum: folgt\n')) },
  { code: 929, what: 'PDF without text (a scan)', file: text(() => '') },
  { code: 930, what: 'neither due date nor payment terms (XML)', file: xml('ubl', [[/<cac:PaymentTerms>[\s\S]*?<\/cac:PaymentTerms>/, '']]) },
  { code: 931, what: 'amount not a decimal (XML)', file: xml('ubl', [['<cbc:PayableAmount currencyID="EUR">336.9<', '<cbc:PayableAmount currencyID="EUR">336,90<']]) },
  { code: 931, what: 'no amount (PDF)', file: text((n) => `Rechnung Nr. ${n}\nRechnungsdatum: 04.04.2016\nRechnungsempfänger: Kunden AG Mitte`) },
  { code: 932, what: 'all amounts in USD (XML)', file: xml('ubl', USD) },
  { code: 932, what: 'all amounts in USD (CII)', file: xml('cii', USD) },
  { code: 932, what: 'all amounts in USD (ZUGFeRD PDF)', file: pdf('cii', USD) },
  { code: 932, what: 'amount in USD (plain PDF)', file: text((n) => plain(n).replace('EUR', 'USD')) },
  { code: 932, what: 'currency not ISO 4217 (XML)', file: xml('ubl', [['EUR', 'EUX']]) },
  { code: 933, what: 'buyer in Austria (XML)', file: xml('ubl', AUSTRIA) },
  { code: 933, what: 'buyer in Austria (ZUGFeRD PDF)', file: pdf('cii', [[/(<ram:BuyerTradeParty>[\s\S]*?<ram:CountryID>)DE/, '$1AT']]) },
  { code: 933, what: 'buyer country not ISO 3166 (XML)', file: xml('ubl', [[/(<cac:AccountingCustomerParty>[\s\S]*?<cbc:IdentificationCode>)DE/, '$1XX']]) },
  { code: 934, what: 'password-protected PDF', file: (n) => ({ name: `${n}.pdf`, bytes: buildPdf({ attachments: [{ name: 'factur-x.xml', data: crafted('cii', n) }], encrypt: true }) }) },
  { code: 935, what: 'direct encashment of an invoice not yet due', file: xml('ubl'), fields: { voucherType: 'invoice_encashment_direct' }, pending: 'encashment_direct' },
  { code: 936, what: 'two invoices in one PDF', file: (n) => ({ name: `${n}.pdf`, bytes: hybridPdf(crafted('cii', n), crafted('ubl', `${n}-2`)) }) },
  { code: 936, what: 'two invoice numbers in a plain PDF', file: text((n) => `${plain(n)}\nRechnung Nr. ${n}-2\nGesamtbetrag: 10,00 EUR`) },
  { code: 937, what: 'password-protected annex', file: xml('ubl'), annex: { name: 'anlage.pdf', bytes: buildPdf({ encrypt: true }) } },
  { code: 938, what: 'damaged annex', file: xml('ubl'), annex: { name: 'anlage.pdf', bytes: buildPdf({ breakXref: true }).subarray(0, 200) } },
  { code: 939, what: 'amount due zero (XML)', file: xml('ubl', [['<cbc:PayableAmount currencyID="EUR">336.9<', '<cbc:PayableAmount currencyID="EUR">0.00<']]) },
  { code: 939, what: 'amount due zero (PDF)', file: text((n) => plain(n).replace('1.190,00', '0,00')) },
];

async function addAnnex(id: number, annex: File) {
  const { body, contentType } = multipart([{ name: 'files', file: { name: annex.name, type: 'application/pdf', bytes: annex.bytes } }]);
  const response = await t.app.inject({ method: 'POST', url: `/api/voucher/${id}/attachment`, headers: { ...bearer(token), 'content-type': contentType }, payload: body });
  expect(response.statusCode, response.body).toBe(200);
}

const creditorLimit = (creditorId: number) =>
  t.db.selectFrom('creditor').select('availableLimit').where('id', '=', creditorId).executeTakeFirstOrThrow();

describe('every processing code a document can cause, from the upload to its end state', () => {
  it('a valid voucher number is processed first (the duplicate row needs it)', async () => {
    const first = await upload(t, token, [xml('ubl')('DUP-221')], chosen);
    expect(first.status, JSON.stringify(first.body)).toBe(200);
    later(4 * 60_000);
    await run();
    const v = await t.db.selectFrom('voucher').select(['status', 'officialVoucherNumber']).where('id', '=', first.body.voucherId).executeTakeFirstOrThrow();
    expect(v.officialVoucherNumber).toBeTruthy();
  });

  it.each(ROWS.map((row, i) => [row.code, row.what, i] as const))('%i: %s', async (code, _what, i) => {
    const row = ROWS[i];
    clock = new Date('2016-04-05T09:00:00Z');
    const file = row.file(`C${code}-${i}`);
    const answer = await upload(t, token, [file], { ...(row.identify ? {} : chosen), ...row.fields });
    expect(answer.status, JSON.stringify(answer.body)).toBe(200);
    const id = answer.body.voucherId as number;
    const { creditorId } = await t.db.selectFrom('voucher').select('creditorId').where('id', '=', id).executeTakeFirstOrThrow();
    const limitBefore = await creditorLimit(creditorId);
    if (row.annex) await addAnnex(id, row.annex);
    const undo = row.during ? await row.during(creditorId) : null;
    try {
      later(4 * 60_000);
      for (let sweep = 0; sweep < (row.sweeps ?? 1); sweep++) {
        await run();
        later(60 * 60_000);
      }
    } finally {
      await undo?.();
    }
    const v = await t.db.selectFrom('voucher').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
    const history = await t.db.selectFrom('voucherHistory').select('value').where('voucherId', '=', id).where('type', '=', 'bnet_status').execute();
    expect(v.bnetStatus, `history ${history.map((h) => h.value)}`).toBe(code);
    expect(history.map((h) => Number(h.value))).toContain(code);
    // nothing bought, nothing numbered, no limit used
    expect(v.purchaseStatus).not.toBe('GEKAUFT');
    expect(v.officialVoucherNumber).toBeNull();
    expect(await creditorLimit(creditorId)).toEqual(limitBefore);
    const notes = (await t.db.selectFrom('notification').select('type').where('voucherId', '=', id).execute()).map((n) => n.type);
    if (row.parked) {
      expect(notes).toContain('processingError');
      const job = await t.db.selectFrom('processingJob').select(['stage', 'parkedAt']).where('voucherId', '=', id).executeTakeFirstOrThrow();
      expect(job.parkedAt).not.toBeNull();
    } else if (row.pending) {
      expect(v).toMatchObject({ status: 'pending', pendingStatus: row.pending });
      expect(notes).toContain('decisionNeeded');
    } else {
      expect(v.status).toBe('failed');
      expect(notes).toContain('processingError');
      const job = await t.db.selectFrom('processingJob').select('stage').where('voucherId', '=', id).executeTakeFirstOrThrow();
      expect(job.stage).toBe('done');
    }
  });
});
