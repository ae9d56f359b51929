import type { Faker } from '@faker-js/faker';
import { type Kysely, sql } from 'kysely';
import type { Database } from '../schema';
import type { Staff } from './admin.factory';
import { createBulkWriter, flushSink, type IdAllocator, verifyForeignKeys } from './bulk-insert';
import { FACTORING_PRODUCTS, PRODUCTS } from './catalog.data';
import { buildBaseGraphs, buildCreditorData } from './creditor.pipeline';
import type { CreditorSpec } from './creditor.factory';
import { GERMAN_PLACES } from './german-places';
import { LARGE_PROFILE, type RowSink } from './seed-context';
import { createSeedFaker } from './seed-random';

/** The large data set: creditors beyond the demo ones and their debtors (about 5.6 vouchers each). */
export const LARGE_SIZE = { creditors: 10_000, debtors: 200_000 };
const BIG_CREDITORS = 10;
const BIG_CREDITOR_DEBTORS = 1_000;
const BATCH = 25;
const VOUCHER_RANGE = { min: 2, max: 10 };

export interface LargeSeedProgress {
  creditors: number;
  totalCreditors: number;
  debtors: number;
  vouchers: number;
}

/** Debtors of bulk creditor `i`: ten big creditors with 1,000 each, the rest share the remainder. */
export function debtorCountOf(i: number): number {
  if (i < BIG_CREDITORS) return BIG_CREDITOR_DEBTORS;
  const rest = LARGE_SIZE.debtors - BIG_CREDITORS * BIG_CREDITOR_DEBTORS;
  const small = LARGE_SIZE.creditors - BIG_CREDITORS;
  const base = Math.floor(rest / small);
  return base + (i - BIG_CREDITORS < rest - base * small ? 1 : 0);
}

function bulkSpec(i: number, f: Faker): CreditorSpec {
  const product = PRODUCTS[i % PRODUCTS.length];
  const { city, zip } = f.helpers.arrayElement(GERMAN_PLACES);
  const name = f.company.name();
  const number = i + 1;
  return {
    key: `bulk-${number}`,
    identifier: `K-${200_000 + number}`,
    name,
    tradeName: name,
    product,
    sapNumber: String(2_000_000 + number),
    approvedLimit: FACTORING_PRODUCTS.includes(product) ? f.number.int({ min: 2, max: 40 }) * 500_000 : 0,
    city,
    zip,
    street: f.location.street(),
    house: f.location.buildingNumber(),
    debtorCount: debtorCountOf(i),
    prefix: 'L',
    status: i % 50 === 7 ? 'blocked' : i % 97 === 11 ? 'terminated' : 'active',
    users: [
      { username: `kmu${number}@example.net`, name: f.person.fullName(), roles: ['ROLE_CREDITOR'] },
      ...(i % 3 === 0
        ? [
            {
              username: `team${number}@example.net`,
              name: f.person.fullName(),
              roles: ['ROLE_CREDITOR-MANAGEMENT'],
            },
          ]
        : []),
    ],
  };
}

// Loading with the foreign-key triggers off is several times faster; it needs a superuser (PGlite
// always is). The keys are then checked once at the end by verifyForeignKeys.
async function switchOffForeignKeyTriggers(db: Kysely<Database>): Promise<boolean> {
  try {
    await sql`set session_replication_role = replica`.execute(db);
    return true;
  } catch {
    return false;
  }
}

/** What the bulk loader needs besides the creditors: seed, dates, ids and the demo's staff. */
export interface BulkSeedOptions {
  seed: number;
  today: string;
  now: string;
  passwordHash: string;
  ids: IdAllocator;
  staff: Staff[];
  onProgress?: (progress: LargeSeedProgress) => void;
}

/** One creditor of a bulk load: its spec and its vouchers per active debtor. */
export interface BulkCreditor {
  spec: CreditorSpec;
  voucherRange: { min: number; max: number };
}

/**
 * Writes creditors with everything they own through the bulk writer (creditor.pipeline.ts), `batch`
 * creditors per transaction on one connection, foreign-key triggers off where allowed and checked
 * once at the end; ANALYZE at the end (the caller vacuums). Returns the rows written per table.
 * Used by the large data set and the scale tenants (scale.seed.ts).
 */
export async function writeBulkCreditors(
  db: Kysely<Database>,
  options: BulkSeedOptions,
  creditors: {
    count: number;
    batch: number;
    /** the i-th creditor, drawn from its own faker `f` (already seeded for it) */
    creditorAt: (i: number, f: Faker) => BulkCreditor;
    /** added to `i` for the fakers' seeds and the creditor's index, so two loads never draw alike */
    keyOffset?: number;
  },
): Promise<Record<string, number>> {
  return db.connection().execute(async (conn) => {
    const rows: Record<string, number> = {};
    const triggersOff = await switchOffForeignKeyTriggers(conn);
    const writer = createBulkWriter(conn);
    const baseFaker = createSeedFaker(options.seed);
    const f = createSeedFaker(options.seed);
    const progress: LargeSeedProgress = {
      creditors: 0,
      totalCreditors: creditors.count,
      debtors: 0,
      vouchers: 0,
    };
    options.onProgress?.(progress);
    try {
      for (let start = 0; start < creditors.count; start += creditors.batch) {
        const sink: RowSink = {};
        for (let i = start; i < Math.min(start + creditors.batch, creditors.count); i++) {
          const key = i + (creditors.keyOffset ?? 0);
          f.seed(options.seed + 7_919 * (key + 100));
          baseFaker.seed(options.seed + 104_729 * (key + 100));
          const creditor = creditors.creditorAt(i, f);
          const creditorId = options.ids.next('creditor');
          const graphs = buildBaseGraphs(
            creditor.spec,
            creditorId,
            baseFaker,
            options.today,
            options.ids,
            creditor.voucherRange,
          );
          buildCreditorData({
            spec: creditor.spec,
            creditorId,
            graphs,
            f,
            today: options.today,
            now: options.now,
            ids: options.ids,
            profile: LARGE_PROFILE,
            passwordHash: options.passwordHash,
            staff: options.staff,
            sink,
            preserveBase: false,
            index: key,
          });
        }
        for (const [table, list] of Object.entries(sink))
          rows[table] = (rows[table] ?? 0) + (list?.length ?? 0);
        progress.debtors += sink.debtor?.length ?? 0;
        progress.vouchers += sink.voucher?.length ?? 0;
        await sql`begin`.execute(conn);
        try {
          await flushSink(writer, sink);
          await sql`commit`.execute(conn);
        } catch (error) {
          await sql`rollback`.execute(conn);
          throw error;
        }
        progress.creditors = Math.min(start + creditors.batch, creditors.count);
        options.onProgress?.(progress);
        // PGlite has no background checkpointer: without this its WAL grows by gigabytes
        if ((start / creditors.batch) % 20 === 19 || creditors.batch === 1) await sql`checkpoint`.execute(conn);
        // PGlite answers in microtasks only; let timers (the progress bar) run between batches
        await new Promise((resolve) => setImmediate(resolve));
      }
      // what the voucher triggers keep (list sort names, the tally; migration 0087), written at once
      if (triggersOff) await sql`select refresh_voucher_derived()`.execute(conn);
    } finally {
      if (triggersOff) await sql`set session_replication_role = origin`.execute(conn);
    }
    if (triggersOff) await verifyForeignKeys(conn);
    // the dashboard's change triggers (0088) were off too: its kept figures must not outlive the load
    if (triggersOff) await sql`insert into dashboard_change (creditor_id) select id from creditor on conflict do nothing`.execute(conn);
    await sql`analyze`.execute(conn);
    return rows;
  });
}

/**
 * Adds {@link LARGE_SIZE} on top of the demo data, in batches of creditors, each batch in its own
 * transaction on one connection. Returns the rows written per table.
 *
 * @example
 * await seedLargeData(db, { seed, today, now, passwordHash, ids, staff, onProgress: (p) => bar.update(p.creditors) });
 */
export function seedLargeData(db: Kysely<Database>, options: BulkSeedOptions): Promise<Record<string, number>> {
  return writeBulkCreditors(db, options, {
    count: LARGE_SIZE.creditors,
    batch: BATCH,
    creditorAt: (i, f) => ({ spec: bulkSpec(i, f), voucherRange: VOUCHER_RANGE }),
  });
}
