import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type TestApp, bearer, buildTestApp, loginAs } from '../helpers/app';

// Every CSV export goes through the one writer: a creditor name that is a formula comes out inert.

let t: TestApp;
let admin: string;
let creditor: string;
const FORMULA = '=HYPERLINK("http://evil.example","x")';

beforeAll(async () => {
  t = await buildTestApp();
  admin = await loginAs(t.app, 'superadmin@example.com');
  creditor = await loginAs(t.app, 'creditor@example.com');
  await t.db.updateTable('creditor').set({ name: FORMULA }).execute();
  await t.db.updateTable('debtor').set({ name: `+${FORMULA}` }).execute();
  // a full-width equals sign (U+FF1D) starts a formula in East Asian Excel locales (issue 26)
  await t.db.updateTable('location').set({ name: `\uFF1D${FORMULA.slice(1)}` }).execute();
  await t.db.updateTable('actionLogEntry').set({ userEmail: `@${FORMULA}`, creditorIdentifier: FORMULA }).execute();
});
afterAll(() => t?.close());

const cells = (csv: string) => csv.replace(/^\uFEFF/, '').split('\r\n').flatMap((line) => line.split(';'));

describe.each([
  ['the SEPA update requests', '/creditor-debit-update/export', () => admin],
  ['the action log', '/action-log/export', () => admin],
  ['the vouchers', '/voucher/csv', () => creditor],
])('%s export', (_, url, token) => {
  it('is a German CSV with no live formula cell', async () => {
    const response = await t.app.inject({ url: `/api${url}`, headers: bearer(token()) });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toContain('text/csv');
    expect(response.body.startsWith('\uFEFF')).toBe(true);
    const all = cells(response.body);
    expect(all.some((cell) => cell.includes('HYPERLINK'))).toBe(true);
    for (const cell of all) expect(cell.replace(/^"/, ''), cell).not.toMatch(/^[=+@\uFF1D\uFF0B\uFF0D\uFF20]/);
  });
});

describe('the one writer', () => {
  it('neutralises full-width formula starts too, and keeps plain numbers', async () => {
    const { neutraliseFormula } = await import('../../src/server/services/csv-writer');
    for (const start of ['\uFF1D', '\uFF0B', '\uFF0D', '\uFF20']) expect(neutraliseFormula(`${start}SUMME(A1)`)).toBe(`'${start}SUMME(A1)`);
    expect(neutraliseFormula('-1.234,56')).toBe('-1.234,56');
  });
});
