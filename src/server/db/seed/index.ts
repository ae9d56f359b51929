import { type Kysely, sql } from 'kysely';
import { hashPassword } from '../../services/password.service';
import { PURCHASED_STATUSES } from '../../services/status-groups';
import type { Database } from '../schema';
import { createIdAllocator, syncIdentitySequences } from './bulk-insert';
import { seedDemoData } from './demo.seed';
import { DEMO_PASSWORD } from './demo-accounts';
import { type LargeSeedProgress, seedLargeData } from './large.seed';
import { SCALE_TENANTS, seedScaleTenants } from './scale.seed';
import { todayIso } from '../../../shared/validation';

/**
 * `demo`: the logins of the README with data in every area; `large`: demo plus bulk data and one
 * creditor of 250,000 vouchers for load tests; `scale`: demo plus the scale tenants (1,000 / 10,000 /
 * 100,000 / 250,000 vouchers, scale.seed.ts) of the API benchmark.
 */
export type SeedSize = 'demo' | 'large' | 'scale';

export interface SeedOptions {
  size: SeedSize;
  /** reference day for relative dates, `yyyy-MM-dd`; default today in Germany (the day the sweeps count) */
  today?: string;
  /** faker seed; fixed so repeated runs produce the same data */
  seed?: number;
  /** large and scale sizes: called after every batch of creditors */
  onProgress?: (progress: LargeSeedProgress) => void;
  /**
   * the scale tenants' voucher counts (default: `scale` {@link SCALE_TENANTS}, `large` the 250,000
   * one); the benchmark's small mode passes smaller ones
   */
  scaleTenants?: readonly number[];
}

export interface SeedSummary {
  creditors: number;
  users: number;
  debtors: number;
  locations: number;
  vouchers: number;
  permanentDebts: number;
  /** rows written per table (camelCase table names) */
  rows: Record<string, number>;
}

export type { LargeSeedProgress };

const DEFAULT_SEED = 20_251_101;

// Tables the seed fills with explicit ids; their identity sequences continue after the seed.
const ID_TABLES = [
  'creditor',
  'appUser',
  'debtor',
  'location',
  'permanentDebt',
  'voucher',
  'workQueueItem',
  'pendingDebtorDecision',
  'termsApproval',
  'serviceFeeMatrixEntry',
  'termsDocument',
] as const;

export { isDatabaseEmpty } from '../is-empty';

/**
 * Seeds an empty database: `demo` in one transaction (the start-up calls it on first start), `large`
 * on top of the demo data in batches. All users get the password `Demo1234!` (one Argon2 hash).
 *
 * @example
 * if (await isDatabaseEmpty(db)) await seedDatabase(db, { size: 'demo' });
 */
export async function seedDatabase(db: Kysely<Database>, options: SeedOptions): Promise<SeedSummary> {
  const seed = options.seed ?? DEFAULT_SEED;
  const today = options.today ?? todayIso();
  const now = new Date().toISOString();
  const passwordHash = await hashPassword(DEMO_PASSWORD);
  const ids = createIdAllocator();
  let rows: Record<string, number> = {};
  let demo: Awaited<ReturnType<typeof seedDemoData>> | undefined;
  await db.transaction().execute(async (trx) => {
    demo = await seedDemoData(trx, { seed, today, now, passwordHash, ids });
    await finishSeed(trx, demo.preservedCreditorIds);
  });
  if (!demo) throw new Error('seed: demo data missing');
  rows = demo.rows;
  if (options.size === 'large' || options.size === 'scale') {
    // the bulk part commits per batch of creditors; it reuses the demo's staff and continues its ids
    const bulk = { seed, today, now, passwordHash, ids, staff: demo.staff, onProgress: options.onProgress };
    if (options.size === 'large') {
      const large = await seedLargeData(db, bulk);
      for (const [table, n] of Object.entries(large)) rows[table] = (rows[table] ?? 0) + n;
    }
    const tenants = options.scaleTenants ?? (options.size === 'large' ? SCALE_TENANTS.slice(-1) : SCALE_TENANTS);
    const scale = await seedScaleTenants(db, tenants, bulk);
    for (const [table, n] of Object.entries(scale)) rows[table] = (rows[table] ?? 0) + n;
    await finishSeed(db, demo.preservedCreditorIds);
  }
  // Fresh statistics and visibility maps (PostgreSQL and PGlite alike): without them the planner
  // guesses and index-only scans visit the heap (the list's count: 9 ms before, 0.5 ms after).
  // VACUUM cannot run inside a transaction; a caller's transaction leaves it to autovacuum.
  if (!db.isTransaction) await sql`VACUUM ANALYZE`.execute(db);
  return {
    creditors: rows.creditor ?? 0,
    users: rows.appUser ?? 0,
    debtors: rows.debtor ?? 0,
    locations: rows.location ?? 0,
    vouchers: rows.voucher ?? 0,
    permanentDebts: rows.permanentDebt ?? 0,
    rows,
  };
}

// Identity sequences past the explicit ids; available limits from the open purchased invoices (the
// preserved demo creditors' debtors keep the limits their factory computed).
async function finishSeed(db: Kysely<Database>, preservedCreditorIds: number[]): Promise<void> {
  await syncIdentitySequences(db, ID_TABLES);
  const purchased = sql.join(PURCHASED_STATUSES);
  const preserved = preservedCreditorIds.length > 0 ? sql.join(preservedCreditorIds) : sql`0`;
  await sql`update debtor d set available_limit = greatest(0, d.approved_limit - coalesce(u.used, 0))
    from debtor d2 left join (
      select debtor_id, sum(leftover_amount) as used from voucher
      where status = 'open' and purchase_status in (${purchased}) and debtor_id is not null group by debtor_id
    ) u on u.debtor_id = d2.id
    where d.id = d2.id and d.creditor_id not in (${preserved})`.execute(db);
  await sql`update creditor c set available_limit = greatest(0, c.approved_limit - coalesce(u.used, 0))
    from creditor c2 left join (
      select creditor_id, sum(leftover_amount) as used from voucher
      where status = 'open' and purchase_status in (${purchased}) group by creditor_id
    ) u on u.creditor_id = c2.id
    where c.id = c2.id`.execute(db);
}
