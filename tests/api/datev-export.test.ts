import iconv from 'iconv-lite';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { datevExportStream } from '../../src/server/export/datev/datev-export';
import { todayIso } from '../../src/shared/validation';
import { bearer, buildTestApp, creditorIdOfUser, loginAs, type TestApp } from '../helpers/app';
import { call, refusedUnchanged } from '../helpers/commands';
import { fields, unquote } from '../helpers/datev-lines';
import { newDebtor, newOpenInvoice } from '../helpers/sepa-fixtures';

// The DATEV hand-off (issue 30): the settings command and GET /voucher/datev, checked field by field
// against DATEV's format description of the Buchungsstapel (EXTF 700, category 21, version 13):
// header, the 125 columns, lengths and allowed values, Windows-1252, `;`, decimal comma, CRLF — and
// the sums against the voucher list for the same filter. PGlite and PostgreSQL.

let t: TestApp;
const tokens: Record<string, string> = {};
const USERS = ['creditor', 'management', 'observer', 'assistant', 'creditor2'];

beforeAll(async () => {
  t = await buildTestApp();
  for (const user of USERS) tokens[user] = await loginAs(t.app, `${user}@example.com`);
});
afterAll(() => t.close());

const today = todayIso();
const from = `${today.slice(0, 4)}-01-01`;
const SETTINGS = { consultantNumber: 29098, clientNumber: 55003, fiscalYearStartMonth: 1, accountLength: 4, chart: 'SKR03' };
const saveSettings = (body: unknown, user = 'creditor') =>
  call(t, '/creditor/datev-settings', { token: tokens[user], method: 'PUT', body });
const exportFile = (user: string, query = `from=${from}&to=${today}`) =>
  t.app.inject({ url: `/api/voucher/datev?${query}`, headers: bearer(tokens[user]) });


describe('settings', () => {
  it('are required before an export (409 datev.settingsMissing)', async () => {
    const answer = await exportFile('creditor');
    expect(answer.statusCode).toBe(409);
    expect(answer.json().code).toBe('datev.settingsMissing');
  });

  it('are changed by the main user and management only; out-of-range numbers are refused unchanged', async () => {
    for (const user of ['observer', 'assistant']) {
      const refused = await refusedUnchanged(t, () => saveSettings(SETTINGS, user));
      expect(refused.status, user).toBe(403);
      expect(refused.unchanged).toBe(true);
    }
    for (const bad of [{ consultantNumber: 1000 }, { clientNumber: 100_000 }, { accountLength: 9 }, { chart: 'SKR99' }]) {
      const refused = await refusedUnchanged(t, () => saveSettings({ ...SETTINGS, ...bad }));
      expect(refused.status, JSON.stringify(bad)).toBe(400);
      expect(refused.unchanged).toBe(true);
    }
    expect((await saveSettings({ ...SETTINGS, clientNumber: 1 }, 'management')).status).toBe(200);
    const saved = await saveSettings(SETTINGS);
    expect(saved.status, JSON.stringify(saved.body)).toBe(200);
    const read = await call(t, '/creditor/datev-settings', { token: tokens.observer });
    expect(read.body).toMatchObject(SETTINGS);
  });
});

describe('GET /voucher/datev', () => {
  let lines: string[];
  let raw: Buffer;

  beforeAll(async () => {
    const creditorId = await creditorIdOfUser(t.db, 'creditor@example.com');
    const debtor = await newDebtor(t, creditorId, { name: 'Müller & Söhne; "Übel" GmbH', mandate: null });
    await newOpenInvoice(t, creditorId, debtor, { amount: 123_456_78, voucherDate: today, performanceDate: today });
    const answer = await exportFile('observer');
    expect(answer.statusCode, answer.body).toBe(200);
    expect(answer.headers['content-type']).toBe('text/csv; charset=windows-1252');
    expect(answer.headers['content-disposition']).toContain(`EXTF_Buchungsstapel_${from}_${today}.csv`);
    raw = answer.rawPayload;
    const text = iconv.decode(raw, 'win1252');
    expect(text.endsWith('\r\n')).toBe(true);
    expect(text.replace(/\r\n/g, '')).not.toMatch(/[\r\n]/);
    lines = text.slice(0, -2).split('\r\n');
  });

  it('is Windows-1252: umlauts are single bytes, no UTF-8 sequences, no byte-order mark', () => {
    expect(raw[0]).not.toBe(0xef);
    expect(raw.includes(Buffer.from('Müller', 'latin1'))).toBe(true);
    expect(raw.includes(Buffer.from('Müller', 'utf8'))).toBe(false);
  });

  it('starts with the EXTF header of format 700, category 21, version 13', () => {
    const header = fields(lines[0]);
    expect(header).toHaveLength(31);
    expect(header.slice(0, 5)).toEqual(['"EXTF"', '700', '21', '"Buchungsstapel"', '13']);
    expect(header[5]).toMatch(/^\d{17}$/);
    expect(header[7]).toBe('"RE"');
    expect(header.slice(10, 16)).toEqual([
      '29098',
      '55003',
      `${today.slice(0, 4)}0101`,
      '4',
      from.replace(/-/g, ''),
      today.replace(/-/g, ''),
    ]);
    expect(unquote(header[16]).length).toBeLessThanOrEqual(30);
    expect(header.slice(18, 22)).toEqual(['1', '0', '0', '"EUR"']);
    expect(header[26]).toBe('"03"');
  });

  it('names the 125 columns of the Buchungsstapel', () => {
    const columns = fields(lines[1]).map(unquote);
    expect(columns).toHaveLength(125);
    expect(columns.slice(0, 14)).toEqual([
      'Umsatz (ohne Soll/Haben-Kz)', 'Soll/Haben-Kennzeichen', 'WKZ Umsatz', 'Kurs', 'Basis-Umsatz', 'WKZ Basis-Umsatz',
      'Konto', 'Gegenkonto (ohne BU-Schlüssel)', 'BU-Schlüssel', 'Belegdatum', 'Belegfeld 1', 'Belegfeld 2', 'Skonto', 'Buchungstext',
    ]);
    expect(columns[114]).toBe('Leistungsdatum');
    expect(columns[124]).toBe('Abw. Skontokonto');
  });

  it('writes every booking with 125 fields in the lengths and values DATEV allows', () => {
    const bookings = lines.slice(2);
    expect(bookings.length).toBeGreaterThan(1);
    const inRange = (ttmm: string) => {
      const iso = `${today.slice(0, 4)}-${ttmm.slice(2)}-${ttmm.slice(0, 2)}`;
      return iso >= from && iso <= today;
    };
    for (const line of bookings) {
      const f = fields(line);
      expect(f, line).toHaveLength(125);
      expect(f[0]).toMatch(/^\d{1,10},\d{2}$/);
      expect(f[0].length).toBeLessThanOrEqual(13);
      expect(['"S"', '"H"']).toContain(f[1]);
      expect(f[2]).toBe('"EUR"');
      expect(f[6]).toMatch(/^[1-6]\d{4}$/); // a debtor account: account length + 1
      expect(['8200', '1200', '2400']).toContain(f[7]);
      expect(['"3"', '"2"', '']).toContain(f[8]);
      if (f[7] === '1200') expect(f[8]).toBe('');
      expect(f[9]).toMatch(/^\d{4}$/);
      expect(inRange(f[9]), f[9]).toBe(true);
      expect(unquote(f[10])).toMatch(/^[A-Z0-9$&%*+\-/]{1,36}$/);
      expect(unquote(f[13]).length).toBeLessThanOrEqual(60);
      if (f[114]) expect(f[114]).toMatch(/^\d{8}$/);
      expect(f[113]).toBe('0');
    }
    const mine = bookings.map(fields).find((f) => unquote(f[13]).includes('Müller'))!;
    expect(mine.slice(0, 3)).toEqual(['123456,78', '"S"', '"EUR"']);
    expect(unquote(mine[13])).toBe('Rechnung Müller & Söhne; "Übel" GmbH');
  });

  it('sums to the voucher list of the same filter (debit = invoices, credit = credits, payments, write-offs)', async () => {
    const items: { type: string; amount: number; numberToShow: string | null; parentId: number | null; officialVoucherNumber: string | null }[] = [];
    for (let page = 1; ; page++) {
      const answer = await call(t, `/voucher/list?rowsPerPage=100&page=${page}&filters[voucherDate][]=${from}&filters[voucherDate][]=${today}`, {
        token: tokens.creditor,
      });
      expect(answer.status).toBe(200);
      items.push(...answer.body.vouchers);
      if (answer.body.vouchers.length < 100) break;
    }
    const debit = ['invoice', 'permanent_debt', 'invoice_encashment_direct'];
    const credit = ['credit_advice', 'annulation', 'abandonment', 'direct_payment', 'debit_payment'];
    const booked = items.filter((v) => [...debit, ...credit].includes(v.type) && v.amount !== 0 && (v.officialVoucherNumber || v.parentId));
    const bookings = lines.slice(2).map(fields);
    expect(bookings).toHaveLength(booked.length);
    const cents = (f: string[]) => Math.round(Number(f[0].replace(',', '.')) * 100);
    const sumOf = (side: string) => bookings.filter((f) => f[1] === side).reduce((s, f) => s + cents(f), 0);
    const signed = (v: { type: string; amount: number }) => (debit.includes(v.type) ? 1 : -1) * v.amount;
    expect(sumOf('"S"') - sumOf('"H"')).toBe(booked.reduce((s, v) => s + signed(v), 0));
    expect(sumOf('"S"')).toBe(booked.filter((v) => signed(v) > 0).reduce((s, v) => s + Math.abs(v.amount), 0));
  });

  it('reads the list in keyset batches: batches of 7 give the same file as batches of 250', async () => {
    const creditorId = await creditorIdOfUser(t.db, 'creditor@example.com');
    const header = {
      createdAt: new Date('2026-01-02T03:04:05.678Z'),
      exportedBy: 'Kontor',
      consultantNumber: 29098,
      clientNumber: 55003,
      fiscalYearStart: from,
      accountLength: 4,
      from,
      to: today,
      label: 'Test',
      chart: 'SKR03' as const,
    };
    const settings = { id: creditorId, chart: 'SKR03' as const, accountLength: 4, collectiveDebtorAccount: null };
    const read = async (batch: number) => {
      const chunks: Buffer[] = [];
      for await (const chunk of await datevExportStream(t.db, settings, header, batch)) chunks.push(chunk as Buffer);
      return { chunks: chunks.length, text: Buffer.concat(chunks).toString('latin1') };
    };
    const small = await read(7);
    const large = await read(250);
    expect(small.text).toBe(large.text);
    expect(small.text.split('\r\n').length - 3).toBe(lines.length - 2);
    // one chunk per batch with bookings: the file is never built in memory as a whole
    expect(small.chunks).toBeGreaterThan(large.chunks);
  });

  it('is in the action log, open to main user and management, not to the assistant', async () => {
    const logged = await t.db.selectFrom('actionLogEntry').select('payload').where('actionType', '=', 'datev_export').execute();
    expect(logged.some((row) => JSON.stringify(row.payload).includes(from))).toBe(true);
    for (const user of ['creditor', 'management']) expect((await exportFile(user)).statusCode, user).toBe(200);
    expect((await exportFile('assistant')).statusCode).toBe(403);
  });

  it("shows only the caller's own vouchers (another creditor's export has none of them)", async () => {
    expect((await saveSettings(SETTINGS, 'creditor2')).status).toBe(200);
    const other = iconv.decode((await exportFile('creditor2')).rawPayload, 'win1252');
    expect(other).not.toContain('Müller & Söhne');
  });

  it('refuses a reversed range and one beyond the fiscal year (400)', async () => {
    const reversed = await exportFile('creditor', `from=${today}&to=${from}`);
    expect(reversed.statusCode).toBe(400);
    expect(reversed.json().code).toBe('datev.rangeInvalid');
    const twoYears = await exportFile('creditor', `from=${Number(today.slice(0, 4)) - 1}-12-01&to=${today}`);
    expect(twoYears.statusCode).toBe(400);
    expect(twoYears.json().code).toBe('datev.rangeSpansFiscalYears');
    expect((await exportFile('creditor', 'from=2026-13-45&to=x')).statusCode).toBe(400);
  });
});
