import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createAdapters } from '../../src/server/adapters';
import { processDueVouchers } from '../../src/server/processing/processing-runner';
import { type TestApp, buildTestApp, loginAs } from '../helpers/app';
import { call } from '../helpers/commands';
import { plainPdf, sample, upload } from './upload-helpers';

// Document processing (src/server/processing): an upload becomes a processed voucher once the clock
// passes the editing pause — through read, debtor identification, checks, purchase decision, number
// and delivery, each a processing code in the history — or a pending decision, or a processing error.
// The clock is moved, never slept. Runs on PGlite and on PostgreSQL.

let t: TestApp;
let token: string;
let clock = new Date();
const adapters = createAdapters(process.env, { dataDir: mkdtempSync(join(tmpdir(), 'kontor-processing-')) });
const PAUSE_MS = 3 * 60_000;

beforeAll(async () => {
  t = await buildTestApp({ adapters, clock: () => clock });
  token = await loginAs(t.app, 'creditor@example.com');
});
afterAll(() => t.close());

const at = (iso: string) => {
  clock = new Date(iso);
};
const later = (ms: number) => {
  clock = new Date(clock.getTime() + ms);
};
const run = () => processDueVouchers(t.db, adapters, clock);
const voucher = (id: number) => t.db.selectFrom('voucher').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
const codes = async (id: number) =>
  (await t.db.selectFrom('voucherHistory').select(['value']).where('voucherId', '=', id).where('type', '=', 'bnet_status').orderBy('id').execute()).map(
    (h) => Number(h.value),
  );
const job = (id: number) => t.db.selectFrom('processingJob').selectAll().where('voucherId', '=', id).executeTakeFirstOrThrow();

async function creditorDebtor() {
  return t.db
    .selectFrom('location as l')
    .innerJoin('debtor as d', 'd.id', 'l.debtorId')
    .innerJoin('appUser as u', 'u.creditorId', 'd.creditorId')
    .select(['d.id as debtorId', 'l.id as locationId', 'd.name', 'l.zip'])
    .where('u.username', '=', 'creditor@example.com')
    .where('d.status', '=', 'active')
    .where('l.status', '=', 'active')
    .orderBy('d.availableLimit', 'desc')
    .executeTakeFirstOrThrow();
}

describe('document processing', () => {
  it('processes an XRechnung (XML) after the pause: read, new debtor by the credit agency, purchase, e-mail delivery', async () => {
    at('2016-04-05T09:00:00Z');
    const answer = await upload(t, token, [{ name: '01.01a-INVOICE_ubl.xml', bytes: sample('xrechnung/01.01a-INVOICE_ubl.xml') }], {
      deliveryType: 'email',
      email: 'buchhaltung@kunde.example',
    });
    expect(answer.status).toBe(200);
    const id = answer.body.voucherId as number;

    // within the pause nothing happens
    await run();
    expect(await codes(id)).toEqual([101]);
    later(PAUSE_MS - 1000);
    await run();
    expect((await job(id)).stage).toBe('pause');

    later(2000);
    await run();
    const done = await voucher(id);
    expect(done.officialVoucherNumber).toBeTruthy();
    expect(done).toMatchObject({ customNumber: '123456XX', voucherDate: '2016-04-04', amount: 33690, leftoverAmount: 33690, status: 'open' });
    expect(done.paymentDeadline).toBe('2016-05-04');
    expect(done.debtorId).not.toBeNull();
    expect(await codes(id)).toEqual([101, 102, 108, 109, 106, 110, 111, 113, 114, 200, 201]);
    expect(['GEKAUFT', 'NICHT_GEKAUFT']).toContain(done.purchaseStatus);
    expect((await job(id)).stage).toBe('done');

    const mail = await t.db.selectFrom('mailOutbox').selectAll().where('recipient', '=', 'buchhaltung@kunde.example').execute();
    expect(mail).toHaveLength(1);
    const notes = await t.db.selectFrom('notification').selectAll().where('voucherId', '=', id).execute();
    expect(notes.map((n) => n.type)).toContain('purchaseDecision');

    // it left the unprocessed list and is a voucher of the list "Belege"
    expect((await call(t, `/unprocessed-voucher/show/${id}`, { token })).status).toBe(404);
    const shown = await call(t, `/voucher/show/${id}`, { token });
    expect(shown.status).toBe(200);
    expect(shown.body.officialVoucherNumber).toBe(done.officialVoucherNumber);

    // running again changes nothing (a stage runs once in effect)
    await run();
    expect(await codes(id)).toEqual([101, 102, 108, 109, 106, 110, 111, 113, 114, 200, 201]);
  });

  it('processes a ZUGFeRD PDF and purchases it against the debtor’s and the creditor’s available limit', async () => {
    at('2024-11-16T09:00:00Z');
    const answer = await upload(t, token, [{ name: 'EN16931_Einfach.pdf', bytes: sample('zugferd/EN16931_Einfach.pdf') }]);
    const id = answer.body.voucherId as number;
    const creditorBefore = await t.db.selectFrom('creditor').select('availableLimit').innerJoin('voucher', 'voucher.creditorId', 'creditor.id').where('voucher.id', '=', id).executeTakeFirstOrThrow();
    later(PAUSE_MS + 1000);
    await run();
    const done = await voucher(id);
    expect(done).toMatchObject({ customNumber: '471102', voucherDate: '2024-11-15', amount: 52987 });
    expect(done.officialVoucherNumber).toBeTruthy();
    expect((await codes(id)).slice(-2)).toEqual([200, 201]);
    expect(await codes(id)).toContain(117); // by post
    const debtor = await t.db.selectFrom('debtor').selectAll().where('id', '=', done.debtorId!).executeTakeFirstOrThrow();
    expect(debtor.name).toBe('Kunden AG Mitte');
    const creditorAfter = await t.db.selectFrom('creditor').select('availableLimit').innerJoin('voucher', 'voucher.creditorId', 'creditor.id').where('voucher.id', '=', id).executeTakeFirstOrThrow();
    if (done.purchaseStatus === 'GEKAUFT') {
      expect(creditorAfter.availableLimit).toBe(creditorBefore.availableLimit - 52987);
      expect(debtor.availableLimit).toBe(debtor.approvedLimit - 52987);
    } else {
      expect(creditorAfter.availableLimit).toBe(creditorBefore.availableLimit);
    }
  });

  it('reads a plain PDF by its German wording and finds the known customer by name', async () => {
    at('2026-03-02T09:00:00Z');
    const known = await creditorDebtor();
    const text = `Rechnung Nr. RE-PLAIN-1\nRechnungsdatum: 01.03.2026\nRechnungsempfänger: ${known.name}\nGesamtbetrag: 1.190,00 EUR`;
    const answer = await upload(t, token, [{ name: 'Rechnung.pdf', bytes: plainPdf(text) }]);
    const id = answer.body.voucherId as number;
    later(PAUSE_MS + 1000);
    await run();
    const done = await voucher(id);
    expect(done).toMatchObject({ customNumber: 'RE-PLAIN-1', voucherDate: '2026-03-01', amount: 119000, debtorId: known.debtorId });
    expect(done.officialVoucherNumber).toBeTruthy();
  });

  it('answers an unreadable plain PDF with 929 and a processing-error notification', async () => {
    at('2026-03-02T09:00:00Z');
    const answer = await upload(t, token, [{ name: 'leer.pdf', bytes: plainPdf('') }]);
    const id = answer.body.voucherId as number;
    later(PAUSE_MS + 1000);
    await run();
    const failed = await voucher(id);
    expect(failed).toMatchObject({ status: 'failed', bnetStatus: 929, officialVoucherNumber: null });
    const notes = await t.db.selectFrom('notification').selectAll().where('voucherId', '=', id).execute();
    expect(notes.map((n) => n.type)).toContain('processingError');
    // still in the unprocessed list, with the code
    const shown = await call(t, `/unprocessed-voucher/show/${id}`, { token });
    expect(shown.body.bnetStatus).toBe(929);
  });

  it('asks the creditor about a duplicate number (221) and a voucher date in the future (222, processed on the day)', async () => {
    at('2016-04-05T09:00:00Z');
    const again = await upload(t, token, [{ name: 'nochmal.xml', bytes: sample('xrechnung/01.01a-INVOICE_ubl.xml') }]);
    const dup = again.body.voucherId as number;
    later(PAUSE_MS + 1000);
    await run();
    expect(await voucher(dup)).toMatchObject({ status: 'pending', pendingStatus: 'duplicate', bnetStatus: 221, purchaseStatusReason: 9 });
    expect((await job(dup)).stage).toBe('waitDecision');
    const shown = await call(t, `/unprocessed-voucher/show/${dup}`, { token });
    expect(shown.body.pendingExplanation).toMatch(/Belegnummer existiert bereits/);

    at('2019-06-01T09:00:00Z');
    const future = await upload(t, token, [{ name: 'validXRechnung.pdf', bytes: sample('zugferd/validXRechnung.pdf') }]);
    const id = future.body.voucherId as number;
    later(PAUSE_MS + 1000);
    await run();
    expect(await voucher(id)).toMatchObject({ status: 'pending', pendingStatus: 'in_future_factoring', bnetStatus: 222 });
    at('2019-06-10T06:00:00Z');
    await run();
    const done = await voucher(id);
    expect(done.status).toBe('open');
    expect(done.officialVoucherNumber).toBeTruthy();
  });

  it('runs each stage once when two workers run at the same time', async () => {
    at('2024-11-16T09:00:00Z');
    const answer = await upload(t, token, [
      { name: 'a.pdf', bytes: plainPdf('Rechnung Nr. RE-TWO-1\nRechnungsdatum: 15.11.2024\nRechnungsempfänger: Kunden AG Mitte\nGesamtbetrag: 10,00 EUR') },
      { name: 'b.pdf', bytes: plainPdf('Rechnung Nr. RE-TWO-2\nRechnungsdatum: 15.11.2024\nRechnungsempfänger: Kunden AG Mitte\nGesamtbetrag: 20,00 EUR') },
    ]);
    const first = answer.body.voucherId as number;
    later(PAUSE_MS + 1000);
    await Promise.all([run(), run(), run()]);
    for (const id of [first, first + 1]) {
      const list = await codes(id);
      expect(new Set(list).size, `voucher ${id}: ${list}`).toBe(list.length);
      expect(list.slice(-2)).toEqual([200, 201]);
    }
  });
});

/** The XRechnung sample with another number, buyer name and street, and the buyer's VAT id (BT-48). */
function xrechnungWithBuyerVatId(number: string, name: string, vatId: string, street: string): Buffer {
  const xml = sample('xrechnung/01.01a-INVOICE_ubl.xml')
    .toString('utf8')
    .replace('<cbc:ID>123456XX</cbc:ID>', `<cbc:ID>${number}</cbc:ID>`)
    .replace('[Buyer name]', name)
    .replace('[Buyer address line 1]', street)
    .replace(
      /(<cac:AccountingCustomerParty>[\s\S]*?<\/cac:PostalAddress>)/,
      `$1<cac:PartyTaxScheme><cbc:CompanyID>${vatId}</cbc:CompanyID><cac:TaxScheme><cbc:ID>VAT</cbc:ID></cac:TaxScheme></cac:PartyTaxScheme>`,
    );
  return Buffer.from(xml, 'utf8');
}

describe('matching the buyer by VAT id (USt-IdNr.)', () => {
  it('the upload dialog’s preview finds the own customer by VAT id first, whatever the name; another creditor’s never', async () => {
    const known = await creditorDebtor();
    await t.db.updateTable('debtor').set({ vatId: 'DE999888777' }).where('id', '=', known.debtorId).execute();
    const match = await call(t, '/voucher/upload/debtor-match', {
      token,
      method: 'POST',
      body: { vatId: 'de 999 888 777', name: 'Ganz Andere Firma GmbH', zip: '99999' },
    });
    expect(match.status, JSON.stringify(match.body)).toBe(200);
    expect(match.body).toMatchObject({ kind: 'one', debtorId: known.debtorId, reason: 'Kunde über die USt-IdNr. erkannt' });
    // a malformed VAT id is not compared; name and address decide (here: nobody)
    const malformed = await call(t, '/voucher/upload/debtor-match', { token, method: 'POST', body: { vatId: 'DE99988877', name: 'Ganz Andere Firma GmbH' } });
    expect(malformed.body.kind).toBe('none');
    const other = await call(t, '/voucher/upload/debtor-match', {
      token: await loginAs(t.app, 'creditor2@example.com'),
      method: 'POST',
      body: { vatId: 'DE999888777', name: 'Ganz Andere Firma GmbH' },
    });
    expect(other.body.kind).toBe('none');
  });

  it('processing assigns an e-invoice to the customer with the buyer’s VAT id', async () => {
    at('2016-04-05T09:00:00Z');
    const known = await creditorDebtor();
    await t.db.updateTable('debtor').set({ vatId: 'DE999888666' }).where('id', '=', known.debtorId).execute();
    const bytes = xrechnungWithBuyerVatId('VAT-MATCH-1', 'Ganz Andere Firma GmbH', 'DE999888666', 'Hafenstraße 5');
    const answer = await upload(t, token, [{ name: 'vat-match.xml', bytes }]);
    expect(answer.status, JSON.stringify(answer.body)).toBe(200);
    const id = answer.body.voucherId as number;
    later(PAUSE_MS + 1000);
    await run();
    const done = await voucher(id);
    expect(done.debtorId).toBe(known.debtorId);
    expect(await codes(id)).toContain(200);
  });

  it('a customer the credit agency creates from a document keeps the document’s VAT id', async () => {
    at('2016-04-05T09:00:00Z');
    const bytes = xrechnungWithBuyerVatId('VAT-NEW-1', 'Umsatzsteuer Neukunde GmbH ID_0', 'DE 123 454 321', 'Lotsenweg 9');
    const answer = await upload(t, token, [{ name: 'vat-new.xml', bytes }]);
    const id = answer.body.voucherId as number;
    later(PAUSE_MS + 1000);
    await run();
    const done = await voucher(id);
    expect(done.debtorId).not.toBeNull();
    const debtor = await t.db.selectFrom('debtor').select(['name', 'vatId']).where('id', '=', done.debtorId!).executeTakeFirstOrThrow();
    expect(debtor).toEqual({ name: 'Umsatzsteuer Neukunde GmbH ID_0', vatId: 'DE123454321' });
  });
});
