import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import iconv from 'iconv-lite';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createAdapters } from '../../src/server/adapters';
import { readEInvoice } from '../../src/server/einvoice';
import { buildEInvoice } from '../../src/server/einvoice/out/build-einvoice';
import type { OutgoingInvoice } from '../../src/server/einvoice/out/outgoing-invoice.types';
import { SAMPLE_INVOICES } from '../../src/server/einvoice/out/testing/sample-invoices';
import { crafted } from '../../src/server/einvoice/testing/crafted';
import { documentField } from '../../src/server/export/datev/extf-format';
import { processDueVouchers } from '../../src/server/processing/processing-runner';
import { bearer, buildTestApp, creditorIdOfUser, loginAs, type TestApp } from '../helpers/app';
import { call } from '../helpers/commands';
import { fields, unquote } from '../helpers/datev-lines';
import { errorsOf, validateEInvoices } from '../helpers/einvoice-validation';
import { plainPdf, upload } from './upload-helpers';

// The VAT breakdown (BG-23) of an uploaded e-invoice: processing keeps it on the voucher, the
// e-invoice Kontor writes for the voucher states the voucher's amount at those rates (passing the
// official rules), a credit advice splits over the invoice's rates in proportion, and the DATEV
// export books one line per rate with its BU key. PGlite and PostgreSQL.

let t: TestApp;
let token: string;
let creditorId: number;
let chosen: { debtor: string; location: string };
let clock = new Date('2016-04-05T09:00:00Z');
const adapters = createAdapters(process.env, { dataDir: mkdtempSync(join(tmpdir(), 'kontor-einvoice-vat-')) });
const SELLER = { vatId: 'DE123456789', invoiceIban: 'DE02120300000000202051', invoiceBic: 'BYLADEM1001' };
const vat = (category: string, rate: number, base: number, tax: number, exemptionReason: string | null = null) => ({ category, rate, base, tax, exemptionReason });

/** An XRechnung (UBL) of the given lines, issued the day before the clock, as another issuer's software writes it. */
async function xrechnung(number: string, lines: OutgoingInvoice['lines']): Promise<Buffer> {
  const sample = SAMPLE_INVOICES['invoice-leitweg'];
  const built = await buildEInvoice('xrechnungUbl', { ...sample, number, issueDate: '2016-04-04', dueDate: '2016-05-04', deliveryDate: '2016-04-04', lines });
  return Buffer.from(built.bytes);
}

/** Uploads the document for the chosen customer and runs processing through delivery. */
async function processUpload(name: string, bytes: Buffer): Promise<number> {
  const answer = await upload(t, token, [{ name, bytes }], { deliveryType: 'email', email: 'debitor@kunde.example', ...chosen });
  expect(answer.status, JSON.stringify(answer.body)).toBe(200);
  clock = new Date(clock.getTime() + 4 * 60_000);
  await processDueVouchers(t.db, adapters, clock);
  return answer.body.voucherId as number;
}

const voucherOf = (id: number) => t.db.selectFrom('voucher').selectAll().where('id', '=', id).executeTakeFirstOrThrow();

/** The e-invoice kept as the voucher's file (delivery stage, credit advice). */
async function keptEInvoice(voucherId: number) {
  const file = await t.db
    .selectFrom('voucherAttachment as a')
    .innerJoin('storedFile as f', 'f.path', 'a.path')
    .select(['f.fileName', 'f.content'])
    .where('a.voucherId', '=', voucherId)
    .where('f.fileName', 'like', '%.xml')
    // the e-invoice Kontor wrote, not the uploaded XML
    .where((eb) => eb.or([eb('f.fileName', 'like', 'Rechnung\\_%'), eb('f.fileName', 'like', 'Gutschrift\\_%')]))
    .executeTakeFirstOrThrow();
  expect(file.fileName).toMatch(/^(Rechnung|Gutschrift)_/);
  const read = readEInvoice(Buffer.from(file.content), file.fileName);
  if (!read.ok) throw new Error(read.detail);
  return { xml: Buffer.from(file.content), invoice: read.invoice };
}

/** The DATEV bookings (amount, S/H, BU key) whose Belegfeld 1 is the number. */
async function datevBookings(number: string) {
  const answer = await t.app.inject({ url: '/api/voucher/datev?from=2016-01-01&to=2016-04-30', headers: bearer(token) });
  expect(answer.statusCode, answer.body).toBe(200);
  const lines = iconv.decode(answer.rawPayload, 'win1252').slice(0, -2).split('\r\n').slice(2).map(fields);
  return lines.filter((f) => unquote(f[10]) === documentField(number)).map((f) => [f[0], unquote(f[1]), unquote(f[8])]);
}

beforeAll(async () => {
  t = await buildTestApp({ adapters, clock: () => clock });
  token = await loginAs(t.app, 'creditor@example.com');
  creditorId = await creditorIdOfUser(t.db, 'creditor@example.com');
  await t.db.updateTable('creditor').set(SELLER).where('id', '=', creditorId).execute();
  const own = await t.db
    .selectFrom('location as l')
    .innerJoin('debtor as d', 'd.id', 'l.debtorId')
    .select(['d.id as debtorId', 'l.id as locationId'])
    .where('d.creditorId', '=', creditorId)
    .where('d.status', '=', 'active')
    .where('l.status', '=', 'active')
    .orderBy('d.availableLimit', 'desc')
    .executeTakeFirstOrThrow();
  chosen = { debtor: String(own.debtorId), location: String(own.locationId) };
  await t.db.updateTable('location').set({ eInvoiceFormat: 'xrechnungUbl', email: 'rechnung@kunde.example' }).where('id', '=', own.locationId).execute();
  const settings = await call(t, '/creditor/datev-settings', {
    token,
    method: 'PUT',
    body: { consultantNumber: 29098, clientNumber: 55003, fiscalYearStartMonth: 1, accountLength: 4, chart: 'SKR03' },
  });
  expect(settings.status, JSON.stringify(settings.body)).toBe(200);
}, 60_000);
afterAll(() => t.close());

describe('an uploaded XRechnung at 7 % (KoSIT 01.01a: 314,86 € + 22,04 € VAT)', () => {
  let voucherId: number;
  let number: string;

  beforeAll(async () => {
    voucherId = await processUpload('RE-VAT-7.xml', crafted('ubl', 'RE-VAT-7'));
    const v = await voucherOf(voucherId);
    expect(v.officialVoucherNumber).toBeTruthy();
    number = v.officialVoucherNumber!;
  });

  it('keeps the breakdown on the voucher', async () => {
    const v = await voucherOf(voucherId);
    expect(Number(v.amount)).toBe(33_690);
    expect(v.vatBreakdown).toEqual([vat('S', 7, 31_486, 2_204)]);
  });

  it('writes its e-invoice at 7 %, valid by the official rules', async () => {
    const { xml, invoice } = await keptEInvoice(voucherId);
    expect(invoice).toMatchObject({ amountDue: 33_690, grossAmount: 33_690, lineCount: 1 });
    expect(invoice.vatBreakdown).toEqual([vat('S', 7, 31_486, 2_204)]);
    const [report] = await validateEInvoices([{ name: 'RE-VAT-7', xml }]);
    expect(errorsOf(report)).toEqual([]);
  }, 120_000);

  it('is booked in DATEV with BU key 2', async () => {
    expect(await datevBookings(number)).toEqual([['336,90', 'S', '2']]);
  });
});

describe('an uploaded XRechnung at 19 % and 7 %, and a credit advice of it', () => {
  let voucherId: number;
  let number: string;
  let creditId: number;
  const lines: OutgoingInvoice['lines'] = [
    { name: 'Wartung', quantity: 1, unitCode: 'C62', unitPrice: 10_000, vat: { category: 'S', rate: 19 } },
    { name: 'Fachbuch', quantity: 2, unitCode: 'C62', unitPrice: 2_500, vat: { category: 'S', rate: 7 } },
  ];

  beforeAll(async () => {
    voucherId = await processUpload('RE-VAT-MIX.xml', await xrechnung('RE-VAT-MIX', lines));
    number = (await voucherOf(voucherId)).officialVoucherNumber!;
    expect(number).toBeTruthy();
    // half of the invoice credited: 86,25 € of 172,50 €
    const credit = await call(t, `/voucher/${voucherId}/credit`, {
      token,
      method: 'POST',
      body: { amount: 8_625, creditVoucherNumber: 'GS-VAT-MIX', voucherDate: '2016-04-05' },
    });
    expect(credit.status, JSON.stringify(credit.body)).toBe(200);
    creditId = credit.body.childVoucherId;
  });

  it('keeps both rates on the voucher', async () => {
    const v = await voucherOf(voucherId);
    expect(Number(v.amount)).toBe(17_250);
    expect(v.vatBreakdown).toEqual([vat('S', 19, 10_000, 1_900), vat('S', 7, 5_000, 350)]);
  });

  it('writes its e-invoice with both rates and the credit note split in proportion, both valid', async () => {
    const invoice = await keptEInvoice(voucherId);
    expect(invoice.invoice).toMatchObject({ amountDue: 17_250, lineCount: 2 });
    expect(invoice.invoice.vatBreakdown).toEqual([vat('S', 19, 10_000, 1_900), vat('S', 7, 5_000, 350)]);
    const credit = await keptEInvoice(creditId);
    expect(credit.invoice).toMatchObject({ typeCode: '381', amountDue: 8_625, lineCount: 2 });
    // 59,50 € at 19 % and 26,75 € at 7 %
    expect(credit.invoice.vatBreakdown).toEqual([vat('S', 19, 5_000, 950), vat('S', 7, 2_500, 175)]);
    const reports = await validateEInvoices([
      { name: 'RE-VAT-MIX', xml: invoice.xml },
      { name: 'GS-VAT-MIX', xml: credit.xml },
    ]);
    expect(reports.map(errorsOf)).toEqual([[], []]);
  }, 120_000);

  it('is booked in DATEV one line per rate (BU keys 3 and 2), the credit advice as well', async () => {
    // the credit advice names the invoice it credits in Belegfeld 1: the invoice's two lines, then the credit's
    expect(await datevBookings(number)).toEqual([
      ['119,00', 'S', '3'],
      ['53,50', 'S', '2'],
      ['59,50', 'H', '3'],
      ['26,75', 'H', '2'],
    ]);
  });
});

describe('an uploaded tax-exempt XRechnung', () => {
  it('keeps category E with its reason, states it in its e-invoice and books it without BU key', async () => {
    const exempt = SAMPLE_INVOICES['invoice-exempt-prepaid'].lines[0];
    const voucherId = await processUpload('RE-VAT-E.xml', await xrechnung('RE-VAT-E', [{ ...exempt, period: null }]));
    const v = await voucherOf(voucherId);
    expect(v.vatBreakdown).toEqual([vat('E', 0, 85_000, 0, 'Steuerfrei nach § 4 Nr. 12 UStG')]);
    const { xml, invoice } = await keptEInvoice(voucherId);
    expect(invoice.vatBreakdown).toEqual([vat('E', 0, 85_000, 0, 'Steuerfrei nach § 4 Nr. 12 UStG')]);
    const [report] = await validateEInvoices([{ name: 'RE-VAT-E', xml }]);
    expect(errorsOf(report)).toEqual([]);
    expect(await datevBookings(v.officialVoucherNumber!)).toEqual([['850,00', 'S', '']]);
  }, 120_000);
});

describe('a plain PDF', () => {
  it('keeps no breakdown: its e-invoice and DATEV booking stay at the standard 19 %', async () => {
    const pdf = plainPdf('Rechnung Nr. RE-VAT-PDF\nRechnungsdatum: 04.04.2016\nRechnungsempfänger: Kunde\nGesamtbetrag: 119,00 EUR');
    const voucherId = await processUpload('RE-VAT-PDF.pdf', pdf);
    const v = await voucherOf(voucherId);
    expect(v.vatBreakdown).toBeNull();
    const { invoice } = await keptEInvoice(voucherId);
    expect(invoice.vatBreakdown).toEqual([vat('S', 19, 10_000, 1_900)]);
    expect(await datevBookings(v.officialVoucherNumber!)).toEqual([['119,00', 'S', '3']]);
  });
});
