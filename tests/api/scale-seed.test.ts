import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../src/server/app';
import { type DatabaseHandle, openDatabase } from '../../src/server/db/database';
import { migrateToLatest } from '../../src/server/db/migrate';
import { type SeedSummary, seedDatabase } from '../../src/server/db/seed';
import { DEMO_PASSWORD } from '../../src/server/db/seed/demo-accounts';
import { scaleTenantUser } from '../../src/server/db/seed/scale.seed';

// The scale tenants of the API benchmark (issue 13), at sizes a test can afford: the seed size
// `scale` with tenants of 300 and 1,200 vouchers on an in-memory PGlite of its own — whichever
// database the API suite runs on, so the suite's PostgreSQL run skips this file instead of doing
// the same minutes of work again (CI's PostgreSQL lane once spent its 180 s on it and failed).
const ownPglite = process.env.KONTOR_TEST_DB !== 'postgres';
let handle: DatabaseHandle;
let summary: SeedSummary;

beforeAll(async () => {
  if (!ownPglite) return;
  handle = await openDatabase({ dataDir: 'memory://' });
  await migrateToLatest(handle);
  summary = await seedDatabase(handle.db, { size: 'scale', scaleTenants: [300, 1_200] });
}, 360_000);
afterAll(() => handle?.close());

async function tenant(vouchers: number) {
  const { rows } = await sql<{ creditorId: number; product: string }>`
    select u.creditor_id, c.product from app_user u join creditor c on c.id = u.creditor_id
    where u.email = ${scaleTenantUser(vouchers)}`.execute(handle.db);
  expect(rows, scaleTenantUser(vouchers)).toHaveLength(1);
  return rows[0];
}

describe.runIf(ownPglite)('seed size scale', () => {
  it.each([300, 1_200])('adds a creditor of about %i vouchers with debtors and locations', async (size) => {
    const { creditorId } = await tenant(size);
    const { rows } = await sql<{ vouchers: number; debtors: number; locations: number }>`
      select (select count(*) from voucher where creditor_id = ${creditorId})::int as vouchers,
             (select count(*) from debtor where creditor_id = ${creditorId})::int as debtors,
             (select count(*) from location where creditor_id = ${creditorId})::int as locations`.execute(handle.db);
    expect(rows[0].vouchers).toBeGreaterThan(size * 0.85);
    expect(rows[0].vouchers).toBeLessThan(size * 1.15);
    expect(rows[0].debtors).toBeGreaterThan(size / 14);
    expect(rows[0].locations).toBeGreaterThan(rows[0].debtors);
  });

  it('spreads status, sub-status, type, purchase status and dates like real data', async () => {
    const { creditorId } = await tenant(1_200);
    const { rows } = await sql<{ statuses: number; subStatuses: number; types: number; purchase: number; days: number; open: number }>`
      select count(distinct status)::int as statuses, count(distinct sub_status)::int as sub_statuses,
             count(distinct type)::int as types, count(distinct purchase_status)::int as purchase,
             (max(voucher_date) - min(voucher_date))::int as days,
             (count(*) filter (where status = 'open'))::int as open
      from voucher where creditor_id = ${creditorId}`.execute(handle.db);
    expect(rows[0].statuses).toBeGreaterThanOrEqual(2);
    expect(rows[0].subStatuses).toBeGreaterThanOrEqual(5);
    expect(rows[0].types).toBeGreaterThanOrEqual(3);
    expect(rows[0].purchase).toBeGreaterThanOrEqual(3);
    expect(rows[0].days).toBeGreaterThan(300);
    expect(rows[0].open).toBeGreaterThan(100);
  });

  it('keeps the demo data, counts the tenants in the summary and leaves the tables vacuumed', async () => {
    const { rows } = await sql<{ n: number }>`select count(*)::int as n from voucher`.execute(handle.db);
    expect(summary.vouchers).toBe(rows[0].n);
    expect(summary.creditors).toBeGreaterThan(2);
    const vacuumed = await sql<{ lastVacuum: Date | null; lastAnalyze: Date | null }>`
      select last_vacuum, last_analyze from pg_stat_user_tables where relname = 'voucher'`.execute(handle.db);
    expect(vacuumed.rows[0].lastVacuum).not.toBeNull();
    expect(vacuumed.rows[0].lastAnalyze).not.toBeNull();
  });

  it('lets the tenant log in and list its vouchers', async () => {
    const app = await buildApp({ db: handle.db, jwtSecret: 'scale-seed-test-secret-scale-seed' });
    try {
      const login = await app.inject({
        method: 'POST',
        url: '/api/login',
        payload: { username: scaleTenantUser(300), password: DEMO_PASSWORD },
      });
      expect(login.statusCode).toBe(200);
      const list = await app.inject({
        method: 'GET',
        url: '/api/voucher/list?page=1&rowsPerPage=15&sortBy=uploaded&sortDesc=true&filters[status][]=open',
        headers: { authorization: `Bearer ${login.json().token}` },
      });
      expect(list.statusCode).toBe(200);
      expect(list.json().vouchers).toHaveLength(15);
      expect(list.json().count).toBeGreaterThan(15);
    } finally {
      await app.close();
    }
  });
});
