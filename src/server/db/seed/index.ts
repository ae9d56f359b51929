import { type Kysely, sql } from 'kysely';
import { permissionTables } from '../../../../generated/permissions';
import { hashPassword } from '../../services/password.service';
import { PURCHASED_STATUSES } from '../../services/status-groups';
import type { Database } from '../schema';
import { buildDebtorGraph, type DebtorGraph, type IdAllocator } from './debtor.factory';
import { DEMO_ADMINS, DEMO_CREDITORS, DEMO_PASSWORD, type DemoCreditor } from './demo-accounts';
import { createSeedFaker, todayIso } from './seed-random';

/** `demo`: the logins of the README and ~45 debtors; `large` (issue 3): bulk data for load tests. */
export type SeedSize = 'demo' | 'large';

export interface SeedOptions {
  size: SeedSize;
  /** reference day for relative dates, `yyyy-MM-dd`; default today */
  today?: string;
  /** faker seed; fixed so repeated runs produce the same data */
  seed?: number;
}

export interface SeedSummary {
  creditors: number;
  users: number;
  debtors: number;
  locations: number;
  vouchers: number;
  permanentDebts: number;
}

const DEFAULT_SEED = 20_251_101;
const BATCH = 500;

// Demo admins hold every admin permission of schema/permissions.yaml; the super admin has them by role.
function adminPermissionsOf(roles: string[]): Record<string, unknown> {
  const allByRole = roles.some((role) => permissionTables.roles[role]?.allPermissions);
  return allByRole ? {} : { admin: Object.keys(permissionTables.adminPermissions) };
}

/** True when no creditor and no user exist yet (first start). */
export async function isDatabaseEmpty(db: Kysely<Database>): Promise<boolean> {
  const row = await db
    .selectNoFrom((eb) => [
      eb.exists(eb.selectFrom('appUser').select('id')).as('hasUsers'),
      eb.exists(eb.selectFrom('creditor').select('id')).as('hasCreditors'),
    ])
    .executeTakeFirstOrThrow();
  return !row.hasUsers && !row.hasCreditors;
}

async function insertInBatches<T extends keyof Database & string>(
  db: Kysely<Database>,
  table: T,
  rows: any[],
) {
  for (let start = 0; start < rows.length; start += BATCH) {
    await db
      .insertInto(table)
      .values(rows.slice(start, start + BATCH))
      .execute();
  }
}

/**
 * Writes the demo logins, creditors and their debtors in one transaction. Meant for an empty
 * database (the start-up calls it only then); all users get the password `Demo1234!`.
 *
 * @example
 * if (await isDatabaseEmpty(db)) await seedDatabase(db, { size: 'demo' });
 */
export async function seedDatabase(db: Kysely<Database>, options: SeedOptions): Promise<SeedSummary> {
  if (options.size !== 'demo') throw new Error(`seed size '${options.size}' is not available yet (issue 3)`);
  const faker = createSeedFaker(options.seed ?? DEFAULT_SEED);
  const today = options.today ?? todayIso();
  // One hash for all demo users: Argon2id is deliberately slow and the password is the same.
  const passwordHash = await hashPassword(DEMO_PASSWORD);
  const summary: SeedSummary = {
    creditors: 0,
    users: 0,
    debtors: 0,
    locations: 0,
    vouchers: 0,
    permanentDebts: 0,
  };

  const counters = { debtor: 0, location: 0, permanentDebt: 0, voucher: 0 };
  const ids: IdAllocator = { next: (table) => ++counters[table] };

  await db.transaction().execute(async (trx) => {
    await trx
      .insertInto('appUser')
      .values(
        DEMO_ADMINS.map((admin) => ({
          username: admin.username,
          email: admin.username,
          name: admin.name,
          passwordHash,
          roles: admin.roles,
          product: 'SMAFA',
          permissions: JSON.stringify(adminPermissionsOf(admin.roles)),
          optIn: true,
          status: 'active',
          creditorId: null,
        })),
      )
      .execute();
    summary.users += DEMO_ADMINS.length;

    for (const creditor of DEMO_CREDITORS) {
      const graphs = await seedCreditor(trx, creditor, passwordHash, faker, today, ids);
      summary.creditors += 1;
      summary.users += creditor.users.length;
      summary.debtors += graphs.length;
      for (const graph of graphs) {
        summary.locations += graph.locations.length;
        summary.vouchers += graph.vouchers.length;
        summary.permanentDebts += graph.permanentDebts.length;
      }
    }
    // Rows were inserted with explicit ids: move the identity sequences past them.
    for (const table of ['debtor', 'location', 'permanent_debt', 'voucher']) {
      await sql`select setval(pg_get_serial_sequence(${table}, 'id'), coalesce((select max(id) from ${sql.table(table)}), 0) + 1, false)`.execute(
        trx,
      );
    }
  });
  return summary;
}

async function seedCreditor(
  trx: Kysely<Database>,
  creditor: DemoCreditor,
  passwordHash: string,
  faker: ReturnType<typeof createSeedFaker>,
  today: string,
  ids: IdAllocator,
): Promise<DebtorGraph[]> {
  const { id: creditorId } = await trx
    .insertInto('creditor')
    .values({
      identifier: creditor.identifier,
      name: creditor.name,
      tradeName: creditor.tradeName,
      status: 'active',
      product: creditor.product,
      sapNumber: creditor.sapNumber,
      approvedLimit: creditor.approvedLimit,
      availableLimit: creditor.approvedLimit,
      street: creditor.street,
      house: creditor.house,
      zip: creditor.zip,
      city: creditor.city,
      email: creditor.users[0].username,
      phone: '+49 221 1234567',
    })
    .returning('id')
    .executeTakeFirstOrThrow();

  await trx
    .insertInto('appUser')
    .values(
      creditor.users.map((user) => ({
        username: user.username,
        email: user.username,
        name: user.name,
        passwordHash,
        roles: user.roles,
        product: creditor.product,
        permissions: JSON.stringify({}),
        optIn: true,
        status: 'active',
        creditorId,
      })),
    )
    .execute();

  const context = { faker, creditorId, prefix: creditor.prefix, today, voucherCounter: { next: 1 }, ids };
  const graphs = Array.from({ length: creditor.debtorCount }, (_, index) => buildDebtorGraph(context, index));
  await insertInBatches(
    trx,
    'debtor',
    graphs.map((g) => g.debtor),
  );
  await insertInBatches(
    trx,
    'location',
    graphs.flatMap((g) => g.locations),
  );
  await insertInBatches(
    trx,
    'permanentDebt',
    graphs.flatMap((g) => g.permanentDebts),
  );
  await insertInBatches(
    trx,
    'voucher',
    graphs.flatMap((g) => g.vouchers),
  );

  // The creditor's available limit is what its debtors' purchased open invoices leave over.
  await trx
    .updateTable('creditor')
    .set({
      availableLimit: sql<number>`greatest(0, approved_limit - coalesce((
        select sum(leftover_amount) from voucher
        where creditor_id = ${creditorId} and purchase_status in (${sql.join(PURCHASED_STATUSES)}) and status = 'open'), 0))`,
    })
    .where('id', '=', creditorId)
    .execute();
  return graphs;
}
