import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { FastifyInstance } from 'fastify';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { inject } from 'vitest';
import { type Adapters, createAdapters } from '../../src/server/adapters';
import { buildApp } from '../../src/server/app';
import { type DatabaseHandle, openDatabase } from '../../src/server/db/database';
import { processDueVouchers } from '../../src/server/processing/processing-runner';
import { type TestApp, bearer, buildTestApp, loginAs } from '../helpers/app';
import { withDatabase } from '../helpers/test-database';
import { plainPdf, upload } from './upload-helpers';

// Durability of document processing: a stage that fails half-way (a crash: its transaction is rolled
// back) is retried and finishes once; on PostgreSQL two server processes on one database serve each
// other's files and run each job once.

const template = inject('kontorTemplate');
let t: TestApp;
let token: string;
let clock = new Date('2024-11-16T09:00:00Z');
let failNext = 0;
const real = createAdapters(process.env, { dataDir: mkdtempSync(join(tmpdir(), 'kontor-multi-')) });
// the credit agency fails while failNext > 0: the debtor stage breaks off in the middle
const adapters: Adapters = {
  ...real,
  creditAgency: {
    identCheck: async (request) => {
      if (failNext > 0) {
        failNext--;
        throw new Error('credit agency down');
      }
      return real.creditAgency.identCheck(request);
    },
    solvencyCheck: (request) => real.creditAgency.solvencyCheck(request),
  },
};

beforeAll(async () => {
  t = await buildTestApp({ adapters, clock: () => clock });
  token = await loginAs(t.app, 'creditor@example.com');
});
afterAll(() => t.close());

const later = (ms: number) => {
  clock = new Date(clock.getTime() + ms);
};
const codes = async (db: TestApp['db'], id: number) =>
  (await db.selectFrom('voucherHistory').select('value').where('voucherId', '=', id).where('type', '=', 'bnet_status').orderBy('id').execute()).map((h) =>
    Number(h.value),
  );
const pdf = (n: string, buyer: string) =>
  plainPdf(`Rechnung Nr. ${n}\nRechnungsdatum: 15.11.2024\nRechnungsempfänger: ${buyer}\nGesamtbetrag: 10,00 EUR`);

describe('durable processing', () => {
  it('a stage that breaks off is retried later and the voucher is processed once', async () => {
    const answer = await upload(t, token, [{ name: 'neu.pdf', bytes: pdf('RE-CRASH-1', 'Neukunde Crash GmbH') }]);
    const id = answer.body.voucherId as number;
    // plain PDF without address: no credit-agency check possible → the case goes to the admins
    failNext = 1;
    later(4 * 60_000);
    await processDueVouchers(t.db, adapters, clock);
    const job = await t.db.selectFrom('processingJob').selectAll().where('voucherId', '=', id).executeTakeFirstOrThrow();
    expect(job.stage).toBe('waitDebtorAssignment');
    const assignment = await t.db.selectFrom('debtorAssignment').selectAll().where('voucherId', '=', id).executeTakeFirstOrThrow();
    expect(assignment.status).toBe('open');

    // the admins accept the case (the admin command's contract): processing resumes on its own
    const target = await t.db
      .selectFrom('location as l')
      .innerJoin('debtor as d', 'd.id', 'l.debtorId')
      .select(['d.id as debtorId', 'l.id as locationId'])
      .where('d.creditorId', '=', assignment.creditorId)
      .where('d.status', '=', 'active')
      .orderBy('d.availableLimit', 'desc')
      .executeTakeFirstOrThrow();
    const admin = await t.db.selectFrom('appUser').select('id').where('username', '=', 'admin@example.com').executeTakeFirstOrThrow();
    await t.db
      .updateTable('debtorAssignment')
      .set({ status: 'accepted', assignedDebtorId: target.debtorId, assignedLocationId: target.locationId, decidedByUserId: admin.id, decidedAt: clock })
      .where('id', '=', assignment.id)
      .execute();
    later(61_000);
    await processDueVouchers(t.db, adapters, clock);
    const done = await t.db.selectFrom('voucher').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
    expect(done).toMatchObject({ debtorId: target.debtorId, locationId: target.locationId });
    expect(done.officialVoucherNumber).toBeTruthy();
    const list = await codes(t.db, id);
    expect(list.filter((c) => c === 200)).toHaveLength(1);
  });

  it('a failing back office rolls the stage back; the retry finishes it once', async () => {
    const answer = await upload(t, token, [{ name: 'x.xml', bytes: Buffer.from(ZUGFERD_LIKE_XML) }]);
    const id = answer.body.voucherId as number;
    failNext = 1;
    later(4 * 60_000);
    await processDueVouchers(t.db, adapters, clock);
    let job = await t.db.selectFrom('processingJob').selectAll().where('voucherId', '=', id).executeTakeFirstOrThrow();
    expect(job.stage).toBe('debtor');
    expect(job.attempts).toBe(1);
    expect(job.lastError).toMatch(/credit agency down/);
    expect(await codes(t.db, id)).toEqual([101, 102, 108]);
    expect(await t.db.selectFrom('debtor').select('id').where('name', '=', 'Neukunde Retry AG').execute()).toHaveLength(0);
    later(2 * 60_000);
    await processDueVouchers(t.db, adapters, clock);
    job = await t.db.selectFrom('processingJob').selectAll().where('voucherId', '=', id).executeTakeFirstOrThrow();
    expect(job.stage).toBe('done');
    expect(await t.db.selectFrom('debtor').select('id').where('name', '=', 'Neukunde Retry AG').execute()).toHaveLength(1);
    const list = await codes(t.db, id);
    expect(new Set(list).size).toBe(list.length);
  });
});

describe.skipIf(template.kind !== 'postgres')('two server processes on one PostgreSQL', () => {
  let second: { app: FastifyInstance; handle: DatabaseHandle };
  beforeAll(async () => {
    if (template.kind !== 'postgres') return;
    const { rows } = await sql<{ name: string }>`select current_database() as name`.execute(t.db);
    const handle = await openDatabase({ databaseUrl: withDatabase(template.adminUrl, rows[0].name) });
    const app = await buildApp({ db: handle.db, adapters, clock: () => clock });
    await app.ready();
    second = { app, handle };
  });
  afterAll(async () => {
    await second?.app.close();
    await second?.handle.close();
  });

  it('serves a file uploaded through the other and runs each job once', async () => {
    const known = await t.db
      .selectFrom('debtor as d')
      .innerJoin('appUser as u', 'u.creditorId', 'd.creditorId')
      .select('d.name')
      .where('u.username', '=', 'creditor@example.com')
      .where('d.status', '=', 'active')
      .orderBy('d.availableLimit', 'desc')
      .executeTakeFirstOrThrow();
    const buyer = known.name;
    const answer = await upload(t, token, [
      { name: 'p1.pdf', bytes: pdf('RE-PAR-1', buyer) },
      { name: 'p2.pdf', bytes: pdf('RE-PAR-2', buyer) },
      { name: 'p3.pdf', bytes: pdf('RE-PAR-3', buyer) },
    ]);
    const first = answer.body.voucherId as number;
    const path = (await t.db.selectFrom('voucherAttachment').select('path').where('voucherId', '=', first).executeTakeFirstOrThrow()).path;
    const otherToken = await loginAs(second.app, 'creditor@example.com');
    const served = await second.app.inject({ url: `/api${path}`, headers: bearer(otherToken) });
    expect(served.statusCode).toBe(200);
    expect(served.rawPayload.equals(pdf('RE-PAR-1', buyer))).toBe(true);

    later(4 * 60_000);
    await Promise.all([processDueVouchers(t.db, adapters, clock), processDueVouchers(second.handle.db, adapters, clock)]);
    for (const id of [first, first + 1, first + 2]) {
      const list = await codes(t.db, id);
      expect(new Set(list).size, `voucher ${id}: ${list}`).toBe(list.length);
      expect(list.slice(-2)).toEqual([200, 201]);
    }
  });
});

// A CII invoice of a buyer the creditor does not know yet (address given: the credit agency is asked).
const ZUGFERD_LIKE_XML = `<?xml version="1.0" encoding="UTF-8"?>
<rsm:CrossIndustryInvoice xmlns:rsm="urn:un:unece:uncefact:data:standard:CrossIndustryInvoice:100" xmlns:ram="urn:un:unece:uncefact:data:standard:ReusableAggregateBusinessInformationEntity:100" xmlns:udt="urn:un:unece:uncefact:data:standard:UnqualifiedDataType:100">
<rsm:ExchangedDocumentContext><ram:GuidelineSpecifiedDocumentContextParameter><ram:ID>urn:cen.eu:en16931:2017</ram:ID></ram:GuidelineSpecifiedDocumentContextParameter></rsm:ExchangedDocumentContext>
<rsm:ExchangedDocument><ram:ID>RE-RETRY-1</ram:ID><ram:TypeCode>380</ram:TypeCode><ram:IssueDateTime><udt:DateTimeString format="102">20241115</udt:DateTimeString></ram:IssueDateTime></rsm:ExchangedDocument>
<rsm:SupplyChainTradeTransaction>
<ram:ApplicableHeaderTradeAgreement><ram:SellerTradeParty><ram:Name>Muster Lieferant GmbH</ram:Name><ram:PostalTradeAddress><ram:CountryID>DE</ram:CountryID></ram:PostalTradeAddress></ram:SellerTradeParty>
<ram:BuyerTradeParty><ram:Name>Neukunde Retry AG</ram:Name><ram:PostalTradeAddress><ram:PostcodeCode>20095</ram:PostcodeCode><ram:LineOne>Hauptstraße 5</ram:LineOne><ram:CityName>Hamburg</ram:CityName><ram:CountryID>DE</ram:CountryID></ram:PostalTradeAddress></ram:BuyerTradeParty></ram:ApplicableHeaderTradeAgreement>
<ram:ApplicableHeaderTradeDelivery/>
<ram:ApplicableHeaderTradeSettlement><ram:InvoiceCurrencyCode>EUR</ram:InvoiceCurrencyCode>
<ram:SpecifiedTradePaymentTerms><ram:DueDateDateTime><udt:DateTimeString format="102">20241215</udt:DateTimeString></ram:DueDateDateTime></ram:SpecifiedTradePaymentTerms>
<ram:SpecifiedTradeSettlementHeaderMonetarySummation><ram:LineTotalAmount>100.00</ram:LineTotalAmount><ram:TaxBasisTotalAmount>100.00</ram:TaxBasisTotalAmount><ram:TaxTotalAmount currencyID="EUR">19.00</ram:TaxTotalAmount><ram:GrandTotalAmount>119.00</ram:GrandTotalAmount><ram:DuePayableAmount>119.00</ram:DuePayableAmount></ram:SpecifiedTradeSettlementHeaderMonetarySummation>
</ram:ApplicableHeaderTradeSettlement></rsm:SupplyChainTradeTransaction></rsm:CrossIndustryInvoice>`;
