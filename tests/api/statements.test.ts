import { inflateRawSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, buildTestApp, loginAs, type TestApp } from '../helpers/app';

let t: TestApp;
let token: string;
let creditorId: number;

beforeAll(async () => {
  t = await buildTestApp();
  token = await loginAs(t.app, 'creditor@example.com');
  creditorId = (
    await t.db
      .selectFrom('appUser')
      .select('creditorId')
      .where('username', '=', 'creditor@example.com')
      .executeTakeFirstOrThrow()
  ).creditorId!;
});
afterAll(() => t.close());

const get = (url: string, auth = token) => t.app.inject({ url: `/api${url}`, headers: bearer(auth) });
const command = (path: string, payload?: unknown, auth = token) =>
  t.app.inject({
    method: 'POST',
    url: `/api/creditor/creditor-voucher/command/status/${path}`,
    ...(payload ? { payload: payload as object } : {}),
    headers: bearer(auth),
  });
const list = (query = '', auth = token) =>
  get(`/creditor/creditor-voucher/list${query ? `?${query}` : ''}`, auth);

/** The file names and contents of a stored (uncompressed) zip. */
function unzip(buffer: Buffer): Map<string, Buffer> {
  const files = new Map<string, Buffer>();
  let offset = 0;
  while (buffer.readUInt32LE(offset) === 0x04034b50) {
    const method = buffer.readUInt16LE(offset + 8);
    const size = buffer.readUInt32LE(offset + 18);
    const nameLength = buffer.readUInt16LE(offset + 26);
    const extra = buffer.readUInt16LE(offset + 28);
    const name = buffer.toString('utf8', offset + 30, offset + 30 + nameLength);
    const start = offset + 30 + nameLength + extra;
    const data = buffer.subarray(start, start + size);
    files.set(name, method === 8 ? inflateRawSync(data) : data);
    offset = start + size;
  }
  return files;
}

describe('creditor statements', () => {
  it('lists the creditor’s statements newest first with count and empty', async () => {
    const body = (await list('rowsPerPage=100')).json();
    const rows = await t.db
      .selectFrom('creditorVoucher')
      .select('id')
      .where('creditorId', '=', creditorId)
      .execute();
    expect(body.count).toBe(rows.length);
    expect(body.empty).toBe(false);
    const dates = body.creditorVouchers.map((c: { voucherDate: string }) => c.voucherDate);
    expect(dates).toEqual([...dates].sort().reverse());
    expect(body.creditorVouchers[0]).toMatchObject({
      identifier: expect.any(Number),
      amount: expect.any(Number),
      type: expect.any(String),
      readStatus: expect.stringMatching(/^(new|read)$/),
    });
  });

  it('sorts, pages and filters by type, read status, SAP numbers and date', async () => {
    const byAmount = (await list('sortBy=amount&sortDesc=false&rowsPerPage=100')).json().creditorVouchers;
    const amounts = byAmount.map((c: { amount: number }) => c.amount);
    expect(amounts).toEqual([...amounts].sort((a, b) => a - b));
    expect((await list('rowsPerPage=15&page=2')).json().creditorVouchers.length).toBeGreaterThan(0);
    const vb = (await list('filters[type][]=VB&rowsPerPage=100')).json();
    expect(vb.count).toBeGreaterThan(0);
    expect(vb.creditorVouchers.every((c: { type: string }) => c.type === 'VB')).toBe(true);
    const unread = (await list('filters[readStatus][]=new')).json();
    expect(unread.creditorVouchers.every((c: { readStatus: string }) => c.readStatus === 'new')).toBe(true);
    const numbers = (await get('/creditor/creditor-voucher/sap-number/list')).json();
    const references = (await get('/creditor/creditor-voucher/sap-reference-number/list')).json();
    // every statement has its own SAP number; the choices come sorted
    expect(numbers.length).toBe((await list()).json().count);
    expect(numbers).toEqual([...numbers].sort());
    const one = (await list(`filters[sapNumber][]=${numbers[0]}`)).json();
    expect(one.creditorVouchers.map((c: { sapNumber: string }) => c.sapNumber)).toEqual([numbers[0]]);
    expect((await list(`filters[sapReferenceNumber][]=${references[0]}`)).json().count).toBe(1);
    const from = (await list('filters[voucherDate][]=2026-01-01&filters[voucherDate][]=')).json();
    expect(from.creditorVouchers.every((c: { voucherDate: string }) => c.voucherDate >= '2026-01-01')).toBe(
      true,
    );
    expect((await list('filters[type][]=XX')).statusCode).toBe(400);
    expect((await list('sortBy=archiveSourceFile')).statusCode).toBe(400);
  });

  it('marks selected statements read and unread, and all read', async () => {
    const ids = (await list('rowsPerPage=15'))
      .json()
      .creditorVouchers.slice(0, 3)
      .map((c: { identifier: number }) => c.identifier);
    expect((await command('unread-multiple', { creditorVoucherIdentifiers: ids })).statusCode).toBe(204);
    const status = async () =>
      (await t.db.selectFrom('creditorVoucher').select('readStatus').where('id', 'in', ids).execute()).map(
        (r) => r.readStatus,
      );
    expect(await status()).toEqual(['new', 'new', 'new']);
    expect((await command('read-multiple', { creditorVoucherIdentifiers: ids.slice(0, 1) })).statusCode).toBe(
      204,
    );
    expect((await status()).filter((s) => s === 'read')).toHaveLength(1);
    expect((await command('read-all')).statusCode).toBe(204);
    expect((await list('filters[readStatus][]=new')).json().count).toBe(0);
    expect((await command('read-multiple', { creditorVoucherIdentifiers: [] })).statusCode).toBe(400);
  });

  it('answers 404 for an unknown or another tenant’s statement and marks nothing', async () => {
    const own = (await list('rowsPerPage=15')).json().creditorVouchers[0].identifier as number;
    await command('unread-multiple', { creditorVoucherIdentifiers: [own] });
    const other = await t.db
      .selectFrom('creditorVoucher')
      .innerJoin('appUser as u', 'u.creditorId', 'creditorVoucher.creditorId')
      .select(['creditorVoucher.id', 'creditorVoucher.readStatus'])
      .where('u.username', '=', 'creditor2@example.com')
      .executeTakeFirstOrThrow();
    for (const [path, ids] of [
      ['read-multiple', [own, 987_654_321]],
      ['unread-multiple', [987_654_321]],
      ['read-multiple', [own, other.id]],
      ['unread-multiple', [other.id]],
    ] as const) {
      const answer = await command(path, { creditorVoucherIdentifiers: ids });
      expect(answer.statusCode, `${path} ${ids}`).toBe(404);
      expect(answer.json()).toMatchObject({ code: 'notFound' });
    }
    const status = (id: number) =>
      t.db.selectFrom('creditorVoucher').select('readStatus').where('id', '=', id).executeTakeFirstOrThrow();
    expect((await status(own)).readStatus).toBe('new');
    expect((await status(other.id)).readStatus).toBe(other.readStatus);
  });

  it('downloads the selected statements as a zip of PDFs, only the caller’s', async () => {
    const rows = (await list('rowsPerPage=15')).json().creditorVouchers.slice(0, 2);
    const other = await t.db
      .selectFrom('creditorVoucher')
      .select('id')
      .where('creditorId', '<>', creditorId)
      .executeTakeFirstOrThrow();
    const ids = [...rows.map((r: { identifier: number }) => r.identifier), other.id];
    const response = await get(
      `/creditor-voucher/list-download?${ids.map((id) => `creditorVoucherIdentifiers[]=${id}`).join('&')}`,
    );
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('application/zip');
    const files = unzip(response.rawPayload);
    expect(files.size).toBe(2);
    for (const row of rows) {
      const name = row.archiveSourceFile.split('/').pop();
      const pdf = files.get(name)!.toString('latin1');
      expect(pdf.startsWith('%PDF-1.4')).toBe(true);
      expect(pdf).toContain(row.sapNumber);
      expect(pdf.trimEnd().endsWith('%%EOF')).toBe(true);
    }
    expect(
      (await get(`/creditor-voucher/list-download?creditorVoucherIdentifiers[]=${other.id}`)).statusCode,
    ).toBe(404);
    expect((await get('/creditor-voucher/list-download')).statusCode).toBe(400);
  });

  it('opens one statement as its PDF, only the caller’s, and changes no read status (issue 28)', async () => {
    const row = (await list('rowsPerPage=15')).json().creditorVouchers[0];
    await command('unread-multiple', { creditorVoucherIdentifiers: [row.identifier] });
    const response = await get(`/creditor-voucher/${row.identifier}/download`);
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('application/pdf');
    expect(response.headers['content-disposition']).toBe(
      `inline; filename="${row.archiveSourceFile.split('/').pop()}"`,
    );
    const pdf = response.rawPayload.toString('latin1');
    expect(pdf.startsWith('%PDF-1.4')).toBe(true);
    expect(pdf).toContain(row.sapNumber);
    const status = (id: number) =>
      t.db.selectFrom('creditorVoucher').select('readStatus').where('id', '=', id).executeTakeFirstOrThrow();
    expect((await status(row.identifier)).readStatus).toBe('new');
    // another tenant's statement and an unknown one: 404, nothing about them revealed or marked
    const other = await t.db
      .selectFrom('creditorVoucher')
      .select(['id', 'readStatus'])
      .where('creditorId', '<>', creditorId)
      .executeTakeFirstOrThrow();
    for (const id of [other.id, 987_654_321]) {
      const refused = await get(`/creditor-voucher/${id}/download`);
      expect(refused.statusCode, String(id)).toBe(404);
      expect(refused.json()).toMatchObject({ code: 'notFound' });
    }
    expect((await status(other.id)).readStatus).toBe(other.readStatus);
    expect((await get('/creditor-voucher/abc/download')).statusCode).toBe(400);
    const assistant = await loginAs(t.app, 'assistant@example.com');
    expect((await get(`/creditor-voucher/${row.identifier}/download`, assistant)).statusCode).toBe(403);
  });

  it('is for roles with the statements tab: the observer yes, the assistant no, other tenants apart', async () => {
    const observer = await loginAs(t.app, 'observer@example.com');
    expect((await list('', observer)).statusCode).toBe(200);
    const assistant = await loginAs(t.app, 'assistant@example.com');
    expect((await list('', assistant)).statusCode).toBe(403);
    expect((await get('/creditor/creditor-voucher/sap-number/list', assistant)).statusCode).toBe(403);
    const second = await loginAs(t.app, 'creditor2@example.com');
    const mine = (await list('rowsPerPage=100'))
      .json()
      .creditorVouchers.map((c: { identifier: number }) => c.identifier);
    const theirs = (await list('rowsPerPage=100', second)).json().creditorVouchers;
    expect(theirs.some((c: { identifier: number }) => mine.includes(c.identifier))).toBe(false);
  });
});
