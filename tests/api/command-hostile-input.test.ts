import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type TestApp, buildTestApp, loginAs } from '../helpers/app';
import { call, refusedUnchanged } from '../helpers/commands';

// Bad input to a command is a 4xx with nothing changed — never a server error.

let t: TestApp;
let token: string;
let debtorId: number;

beforeAll(async () => {
  t = await buildTestApp();
  token = await loginAs(t.app, 'creditor@example.com');
  const { creditorId } = await t.db.selectFrom('appUser').select('creditorId').where('username', '=', 'creditor@example.com').executeTakeFirstOrThrow();
  debtorId = (await t.db.selectFrom('debtor').select('id').where('creditorId', '=', creditorId!).where('status', '=', 'active').where('debtorType', '=', 'business').where('limitRequestActive', '=', false).orderBy('id').executeTakeFirstOrThrow()).id;
});
afterAll(() => t.close());

describe('hostile input to commands', () => {
  it.each([
    ['a NUL byte in a text', () => call(t, `/debtor/update/${debtorId}`, { token, method: 'POST', body: { debtorType: 'business', name: 'A\u0000B' } })],
    ['a limit beyond bigint', () => call(t, `/sap/debtor/${debtorId}/increase-limit`, { token, method: 'POST', body: { desiredLimit: 1e20 } })],
    ['a negative limit', () => call(t, `/sap/debtor/${debtorId}/increase-limit`, { token, method: 'POST', body: { desiredLimit: -5 } })],
    ['an impossible date', () => call(t, `/debtor/update/${debtorId}`, { token, method: 'POST', body: { paymentMethod: 'direct_debit_mandate', accountOwner: 'X', iban: 'DE89370400440532013000', city: 'K', date: '2025-02-30', referenceNumber: 'R', sepaMandateAvailable: true } })],
    ['a year 0 date', () => call(t, `/debtor/update/${debtorId}`, { token, method: 'POST', body: { paymentMethod: 'direct_debit_mandate', accountOwner: 'X', iban: 'DE89370400440532013000', city: 'K', date: '0000-01-01', referenceNumber: 'R', sepaMandateAvailable: true } })],
    ['an id beyond 32 bits', () => call(t, '/debtor/update/99999999999', { token, method: 'POST', body: { debtorType: 'business', name: 'X' } })],
    ['an id of 1e20', () => call(t, '/debtor/1e20/deactivate', { token })],
    ['an unknown field', () => call(t, `/debtor/update/${debtorId}`, { token, method: 'POST', body: { debtorType: 'business', name: 'X', status: 'inactive' } })],
    ['an array as body', () => call(t, `/debtor/update/${debtorId}`, { token, method: 'POST', body: [1, 2] })],
    ['a 10 kB name', () => call(t, `/debtor/update/${debtorId}`, { token, method: 'POST', body: { debtorType: 'business', name: 'x'.repeat(10_000) } })],
  ])('%s is refused with a 4xx and nothing changed', async (_, run) => {
    const answer = await refusedUnchanged(t, run);
    expect(answer.status).toBeGreaterThanOrEqual(400);
    expect(answer.status).toBeLessThan(500);
    expect(answer.unchanged).toBe(true);
    expect(typeof answer.body.message).toBe('string');
  });
});
