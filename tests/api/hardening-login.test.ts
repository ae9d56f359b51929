import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ACCOUNT_FAILURES, ADDRESS_FAILURES, LOCK_SECONDS } from '../../src/server/plugins/login-defence';
import { DEMO_PASSWORD } from '../../src/server/db/seed/demo-accounts';
import { type TestApp, buildTestApp } from '../helpers/app';

// Brute-force defence: failed logins lock the account for the attacking address (even the right
// password is refused until the lock expires), an address spraying many accounts is locked as a
// whole, the lock expires with the clock, and the public endpoints have a burst limit.

let t: TestApp;
let now = new Date('2026-03-02T10:00:00Z');

beforeAll(async () => {
  t = await buildTestApp({ clock: () => now });
});
afterAll(() => t?.close());

const login = (username: string, password: string, remoteAddress = '203.0.113.7') =>
  t.app.inject({ method: 'POST', url: '/api/login', remoteAddress, payload: { username, password } });

describe('login lockout', () => {
  it(`locks an account for the address after ${ACCOUNT_FAILURES} failures, with Retry-After and the German text, until the lock expires`, async () => {
    for (let i = 0; i < ACCOUNT_FAILURES; i++) expect((await login('observer@example.com', 'wrong')).statusCode).toBe(401);
    const refused = await login('observer@example.com', DEMO_PASSWORD);
    expect(refused.statusCode).toBe(429);
    expect(refused.json()).toMatchObject({ code: 'loginLocked', message: expect.stringContaining('Anmeldeversuche') });
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(LOCK_SECONDS - 5);
    // another address (the real user at home) is not locked out by the attacker
    expect((await login('observer@example.com', DEMO_PASSWORD, '198.51.100.20')).statusCode).toBe(200);
    // still locked a minute before the end, open after it
    now = new Date(now.getTime() + (LOCK_SECONDS - 60) * 1000);
    expect((await login('observer@example.com', DEMO_PASSWORD)).statusCode).toBe(429);
    now = new Date(now.getTime() + 61 * 1000);
    expect((await login('observer@example.com', DEMO_PASSWORD)).statusCode).toBe(200);
    // the success cleared the account's count for that address
    const { rows } = await sql<{ n: number }>`select count(*)::int as n from login_throttle where key like 'account:observer@example.com|%'`.execute(t.db);
    expect(rows[0].n).toBe(0);
  });

  it(`locks an address that sprays ${ADDRESS_FAILURES} failures over many accounts, for every account`, async () => {
    const sprayer = '192.0.2.99';
    for (let i = 0; i < ADDRESS_FAILURES; i++) expect((await login(`nobody${i}@example.com`, 'wrong', sprayer)).statusCode).toBe(401);
    const refused = await login('creditor@example.com', DEMO_PASSWORD, sprayer);
    expect(refused.statusCode).toBe(429);
    expect(refused.headers['retry-after']).toBeDefined();
    // the users themselves are not locked out
    expect((await login('creditor@example.com', DEMO_PASSWORD, '198.51.100.21')).statusCode).toBe(200);
  });
});

describe('burst limit of the public endpoints', () => {
  it('refuses the 61st password-reset request of a minute from one address with 429, Retry-After and the German text', async () => {
    const statuses: number[] = [];
    for (let i = 0; i < 61; i++) {
      const response = await t.app.inject({ method: 'POST', url: '/api/user-management/command/password-reset/request', remoteAddress: '192.0.2.50', payload: { username: 'unknown@example.com' } });
      statuses.push(response.statusCode);
      if (i === 60) {
        expect(response.statusCode).toBe(429);
        expect(response.json()).toMatchObject({ code: 'tooManyRequests', message: expect.stringContaining('Zu viele') });
        expect(Number(response.headers['retry-after'])).toBeGreaterThan(0);
      }
    }
    expect(statuses.slice(0, 60).every((s) => s < 429)).toBe(true);
  });
});

describe('login lockout under concurrency (issue 26)', () => {
  it(`50 wrong passwords sent at once get exactly ${ACCOUNT_FAILURES} tries, then the lock holds for the right one too`, async () => {
    const address = '203.0.113.88';
    const answers = await Promise.all(Array.from({ length: 50 }, () => login('management@example.com', 'wrong', address)));
    const statuses = answers.map((a) => a.statusCode);
    expect(statuses.filter((s) => s === 401)).toHaveLength(ACCOUNT_FAILURES);
    expect(statuses.filter((s) => s === 429)).toHaveLength(50 - ACCOUNT_FAILURES);
    expect((await login('management@example.com', DEMO_PASSWORD, address)).statusCode).toBe(429);
    // the right password from elsewhere, and the address for another account, still work
    expect((await login('management@example.com', DEMO_PASSWORD, '198.51.100.30')).statusCode).toBe(200);
    expect((await login('creditor@example.com', DEMO_PASSWORD, address)).statusCode).toBe(200);
  });

  it('answers every one of many such bursts with 401 or 429, never a server error (no deadlock giving tries back)', async () => {
    // the refused tries give their reservation back; on PostgreSQL two of them side by side
    // deadlocked (two 500s in 750 answers), so this sends enough bursts to meet it
    for (let round = 0; round < 20; round++) {
      const address = `203.0.113.${120 + round}`;
      const answers = await Promise.all(Array.from({ length: 50 }, () => login('management@example.com', 'wrong', address)));
      const statuses = answers.map((a) => a.statusCode);
      expect(statuses.filter((s) => s !== 401 && s !== 429), `round ${round}`).toEqual([]);
      expect(statuses.filter((s) => s === 401), `round ${round}`).toHaveLength(ACCOUNT_FAILURES);
    }
    // the reservations were given back: the burst's address holds no more failures than the limit allows
    const { rows } = await sql<{ failures: number }>`select failures from login_throttle where key like 'address:203.0.113.1__'`.execute(t.db);
    expect(rows.length).toBe(20);
    for (const row of rows) expect(row.failures).toBe(ACCOUNT_FAILURES);
  });
});
