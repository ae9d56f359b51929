import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createAdapters } from '../../src/server/adapters';
import { readEInvoice } from '../../src/server/einvoice';
import { runPermanentDebtSweep } from '../../src/server/domain/permanent-debts';
import { processDueVouchers } from '../../src/server/processing/processing-runner';
import { buildTestApp, creditorIdOfUser, loginAs, type TestApp } from '../helpers/app';
import { call, refusedUnchanged } from '../helpers/commands';
import { plainPdf, upload } from './upload-helpers';

// Outgoing e-invoices (issue 29): a location's delivery format and Leitweg-ID, the seller data they
// need (refused with German field names before anything is delivered), the delivery stage attaching
// the e-invoice to the mail and keeping it as the voucher's file, and the voucher's download.

let t: TestApp;
let token: string;
let otherToken: string;
let creditorId: number;
let debtor: { id: number; name: string };
let clock = new Date('2026-03-02T09:00:00Z');
const adapters = createAdapters(process.env, { dataDir: mkdtempSync(join(tmpdir(), 'kontor-einvoice-out-')) });
const LEITWEG_ID = '991-33333TEST-33';
const SELLER = { vatId: 'DE123456789', invoiceIban: 'DE02120300000000202051', invoiceBic: 'BYLADEM1001' };

const locationsOfDebtor = () =>
  t.db.selectFrom('location').selectAll().where('debtorId', '=', debtor.id).where('status', '!=', 'inactive').orderBy('id').execute();

/** The edit dialog's body for a location with `extra` on top. */
const editBody = (l: Awaited<ReturnType<typeof locationsOfDebtor>>[number], extra: Record<string, unknown>) => ({
  name: l.name,
  street: l.street,
  house: l.house ?? '1',
  zip: l.zip,
  city: l.city,
  deliveryType: 'email',
  email: l.email ?? 'rechnung@kunde.example',
  ...extra,
});

async function uploadAndDeliver(number: string): Promise<number> {
  const pdf = plainPdf(`Rechnung Nr. ${number}\nRechnungsdatum: 01.03.2026\nRechnungsempfänger: ${debtor.name}\nGesamtbetrag: 238,00 EUR`);
  const answer = await upload(t, token, [{ name: `Rechnung-${number}.pdf`, bytes: pdf }], { deliveryType: 'email', email: 'debitor@kunde.example' });
  expect(answer.status).toBe(200);
  clock = new Date(clock.getTime() + 4 * 60_000);
  await processDueVouchers(t.db, adapters, clock);
  return answer.body.voucherId as number;
}

const mailAttachments = async (voucherNumber: string) => {
  const rows = await t.db.selectFrom('mailOutbox').select(['attachments', 'params']).where('recipient', '=', 'debitor@kunde.example').execute();
  const row = rows.find((r) => JSON.stringify(r.params).includes(voucherNumber));
  if (!row) throw new Error(`no mail for ${voucherNumber}`);
  return (typeof row.attachments === 'string' ? JSON.parse(row.attachments) : row.attachments) as { filename: string; contentType: string; content: string }[];
};

beforeAll(async () => {
  t = await buildTestApp({ adapters, clock: () => clock });
  token = await loginAs(t.app, 'creditor@example.com');
  otherToken = await loginAs(t.app, 'creditor-tpf@example.com');
  creditorId = await creditorIdOfUser(t.db, 'creditor@example.com');
  debtor = await t.db
    .selectFrom('debtor')
    .select(['id', 'name'])
    .where('creditorId', '=', creditorId)
    .where('status', '=', 'active')
    .orderBy('availableLimit', 'desc')
    .executeTakeFirstOrThrow();
  // the seeded creditor has no VAT id and no account for its debtors' payments yet
  await t.db.updateTable('creditor').set({ vatId: null, invoiceIban: null, invoiceBic: null }).where('id', '=', creditorId).execute();
});
afterAll(() => t.close());

describe('a location’s e-invoice format and Leitweg-ID', () => {
  it('refuses an e-invoice format while the creditor lacks seller data, naming the fields in German; nothing changes', async () => {
    const [location] = await locationsOfDebtor();
    const answer = await refusedUnchanged(t, () =>
      call(t, `/location/update/${location.id}`, { token, method: 'POST', body: editBody(location, { eInvoiceFormat: 'xrechnungUbl', leitwegId: LEITWEG_ID }) }),
    );
    expect(answer).toMatchObject({ status: 409, unchanged: true, body: { reason: 'eInvoice.sellerDataMissing' } });
    expect(answer.body.message).toContain('USt-IdNr.');
    expect(answer.body.message).toContain('IBAN für Zahlungen der Kunden');
    expect(answer.body.message).not.toContain('%{fields}');
  });

  it('refuses a Leitweg-ID with wrong check digits (400 validation.leitwegId)', async () => {
    const [location] = await locationsOfDebtor();
    const answer = await refusedUnchanged(t, () =>
      call(t, `/location/update/${location.id}`, { token, method: 'POST', body: editBody(location, { leitwegId: '991-33333TEST-34' }) }),
    );
    expect(answer).toMatchObject({ status: 400, unchanged: true, body: { messageKey: 'validation.leitwegId' } });
  });

  it('keeps format and Leitweg-ID once the seller data are there, and shows them in the location', async () => {
    await t.db.updateTable('creditor').set(SELLER).where('id', '=', creditorId).execute();
    for (const location of await locationsOfDebtor()) {
      const answer = await call(t, `/location/update/${location.id}`, { token, method: 'POST', body: editBody(location, { eInvoiceFormat: 'xrechnungUbl', leitwegId: LEITWEG_ID }) });
      expect(answer.status).toBe(200);
      const shown = await call(t, `/debtor/${debtor.id}/location/${location.id}`, { token });
      expect(shown.body).toMatchObject({ eInvoiceFormat: 'xrechnungUbl', leitwegId: LEITWEG_ID });
    }
  });
});

describe('delivery and download', () => {
  let voucherId: number;

  it('attaches the XRechnung to the delivery mail and keeps it as the voucher’s file', async () => {
    voucherId = await uploadAndDeliver('RE-EIN-1');
    const attachments = await mailAttachments('RE-EIN-1');
    expect(attachments.map((a) => a.filename)).toEqual(['Rechnung-RE-EIN-1.pdf', 'Rechnung_RE-EIN-1.xml']);
    const xml = Buffer.from(attachments[1].content, 'base64');
    const read = readEInvoice(xml, 'Rechnung_RE-EIN-1.xml');
    if (!read.ok) throw new Error(read.detail);
    expect(read.invoice).toMatchObject({ format: 'ubl', number: 'RE-EIN-1', issueDate: '2026-03-01', amountDue: 23_800, grossAmount: 23_800, typeCode: '380' });
    expect(read.invoice.seller).toMatchObject({ vatId: 'DE123456789' });
    expect(read.invoice.paymentMeans).toEqual([{ code: '58', iban: SELLER.invoiceIban, mandateReference: null, creditorId: null }]);
    expect(xml.toString()).toContain(`<cbc:BuyerReference>${LEITWEG_ID}</cbc:BuyerReference>`);
    const kept = await t.db.selectFrom('voucherAttachment').select(['fileName', 'mimeType']).where('voucherId', '=', voucherId).orderBy('id').execute();
    expect(kept.map((a) => a.fileName)).toContain('Rechnung_RE-EIN-1.xml');
  });

  it('downloads the e-invoice in the location’s format or as ZUGFeRD, with an action-log entry each', async () => {
    const logged = () =>
      t.db.selectFrom('actionLogEntry').select((eb) => eb.fn.countAll<string>().as('n')).where('actionType', '=', 'einvoice_download').executeTakeFirstOrThrow();
    const before = Number((await logged()).n);
    const xml = await t.app.inject({ method: 'GET', url: `/api/voucher/${voucherId}/einvoice`, headers: { authorization: `Bearer ${token}` } });
    expect(xml.statusCode).toBe(200);
    expect(xml.headers['content-type']).toMatch(/application\/xml/);
    expect(xml.headers['content-disposition']).toBe('attachment; filename="Rechnung_RE-EIN-1.xml"');
    const pdf = await t.app.inject({ method: 'GET', url: `/api/voucher/${voucherId}/einvoice?format=zugferd`, headers: { authorization: `Bearer ${token}` } });
    expect(pdf.statusCode).toBe(200);
    const read = readEInvoice(pdf.rawPayload, 'x.pdf');
    expect(read.ok && read.invoice).toMatchObject({ container: 'pdf', format: 'cii', number: 'RE-EIN-1', amountDue: 23_800 });
    expect(Number((await logged()).n)).toBe(before + 2);
  });

  it('keeps a credit advice of the invoice as XRechnung credit note (381) referencing the invoice (BG-3)', async () => {
    const credit = await call(t, `/voucher/${voucherId}/credit`, {
      token,
      method: 'POST',
      body: { amount: 5_000, creditVoucherNumber: 'GS-EIN-1', voucherDate: '2026-03-02' },
    });
    expect(credit.status, JSON.stringify(credit.body)).toBe(200);
    const file = await t.db
      .selectFrom('voucherAttachment as a')
      .innerJoin('storedFile as f', 'f.path', 'a.path')
      .select(['f.fileName', 'f.content'])
      .where('a.voucherId', '=', credit.body.childVoucherId)
      .executeTakeFirstOrThrow();
    expect(file.fileName).toBe('Gutschrift_GS-EIN-1.xml');
    const read = readEInvoice(Buffer.from(file.content), file.fileName);
    expect(read.ok && read.invoice).toMatchObject({ format: 'ubl', typeCode: '381', number: 'GS-EIN-1', issueDate: '2026-03-02', amountDue: 5_000 });
    expect(Buffer.from(file.content).toString()).toContain(
      '<cac:BillingReference><cac:InvoiceDocumentReference><cbc:ID>RE-EIN-1</cbc:ID><cbc:IssueDate>2026-03-01</cbc:IssueDate></cac:InvoiceDocumentReference></cac:BillingReference>',
    );
  });

  it('answers another creditor’s voucher with 404 and logs nothing', async () => {
    const answer = await refusedUnchanged(t, () => call(t, `/voucher/${voucherId}/einvoice`, { token: otherToken }));
    expect(answer).toMatchObject({ status: 404, unchanged: true });
  });

  it('delivers the PDF alone and tells why when the seller data went missing (no invalid file)', async () => {
    await t.db.updateTable('creditor').set({ vatId: null }).where('id', '=', creditorId).execute();
    const id = await uploadAndDeliver('RE-EIN-2');
    expect((await mailAttachments('RE-EIN-2')).map((a) => a.filename)).toEqual(['Rechnung-RE-EIN-2.pdf']);
    const log = await t.db.selectFrom('logItem').select('message').where('voucherId', '=', id).where('channel', '=', 'einvoice').execute();
    expect(log.map((l) => l.message)).toEqual(['E-Rechnung nicht erstellt. Für E-Rechnungen fehlen in den Stammdaten des Gläubigers: USt-IdNr.']);
    const download = await refusedUnchanged(t, () => call(t, `/voucher/${id}/einvoice`, { token }));
    expect(download).toMatchObject({ status: 409, unchanged: true, body: { code: 'eInvoice.sellerDataMissing' } });
    expect(download.body.message).toContain('USt-IdNr.');
  });
});

describe('the permanent-debt sweep', () => {
  it('issues the recurring invoice in the location’s format (XRechnung CII) with the permanent debt’s net and VAT', async () => {
    await t.db.updateTable('creditor').set(SELLER).where('id', '=', creditorId).execute();
    const [location] = await locationsOfDebtor();
    await t.db.updateTable('location').set({ eInvoiceFormat: 'xrechnungCii' }).where('id', '=', location.id).execute();
    const debt = await t.db
      .insertInto('permanentDebt')
      .values({
        creditorId,
        debtorId: debtor.id,
        locationId: location.id,
        customNumber: 'DS-EIN-1',
        subject: 'Wartungsvertrag Heizung',
        grossAmount: 10_700,
        netAmount: 10_000,
        vat: 7,
        period: 'monthly',
        status: 'created',
        startDate: '2026-03-01',
        nextExecutionDate: '2026-03-01',
        createdAt: clock,
        updatedAt: clock,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    await runPermanentDebtSweep(t.db, clock);
    const voucher = await t.db.selectFrom('voucher').select(['id', 'customNumber']).where('permanentDebtId', '=', debt.id).executeTakeFirstOrThrow();
    const file = await t.db
      .selectFrom('voucherAttachment as a')
      .innerJoin('storedFile as f', 'f.path', 'a.path')
      .select(['f.fileName', 'f.content'])
      .where('a.voucherId', '=', voucher.id)
      .executeTakeFirstOrThrow();
    expect(file.fileName).toBe(`Rechnung_${voucher.customNumber}.xml`);
    const read = readEInvoice(Buffer.from(file.content), file.fileName);
    expect(read.ok && read.invoice).toMatchObject({ format: 'cii', number: voucher.customNumber, issueDate: '2026-03-01', grossAmount: 10_700, amountDue: 10_700 });
    const xml = Buffer.from(file.content).toString();
    expect(xml).toContain('<ram:BasisAmount>100.00</ram:BasisAmount>');
    expect(xml).toContain('<ram:RateApplicablePercent>7</ram:RateApplicablePercent>');
    expect(xml).toContain('<ram:Name>Wartungsvertrag Heizung</ram:Name>');
  });
});
