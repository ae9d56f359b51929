import type { Kysely } from 'kysely';
import { permissionTables } from '../../../../generated/permissions';
import type { Database, NewRow } from '../schema';
import type { Staff } from './admin.factory';
import { createBulkWriter, flushSink, type IdAllocator } from './bulk-insert';
import { serviceFeeMatrix, statesOfAffairs, termsDocuments } from './catalog.data';
import { buildBaseGraphs, buildCreditorData } from './creditor.pipeline';
import { DEMO_ADMINS, DEMO_CREDITORS, type DemoUser, EXTRA_ADMINS } from './demo-accounts';
import { linkedFiles } from './linked-files';
import { addAll, DEMO_PROFILE, type RowSink } from './seed-context';
import { createSeedFaker } from './seed-random';

// Creditors whose debtors and invoices the API tests know: their base data must not change.
const PRESERVED = new Set(['main', 'second']);

/** Admins get every admin permission of schema/permissions.yaml unless listed; the super admin by role. */
function adminRow(admin: DemoUser, id: number, passwordHash: string): NewRow<'appUser'> {
  const allByRole = admin.roles.some((role) => permissionTables.roles[role]?.allPermissions);
  const granted = admin.adminPermissions ?? Object.keys(permissionTables.adminPermissions);
  return {
    id,
    username: admin.username,
    email: admin.username,
    name: admin.name,
    passwordHash,
    roles: admin.roles,
    product: admin.product ?? 'SMAFA',
    permissions: JSON.stringify(allByRole ? {} : { admin: granted }),
    optIn: true,
    status: admin.status ?? 'active',
    creditorId: null,
  };
}

export interface DemoRows {
  /** every demo row except the catalogues, per table, in insertion order */
  sink: RowSink;
  staff: Staff[];
  /** ids of the creditors whose base data stays as the tests know it */
  preservedCreditorIds: number[];
}

export interface DemoOptions {
  seed: number;
  today: string;
  now: string;
  passwordHash: string;
  ids: IdAllocator;
}

/**
 * The demo logins of the README and their creditors with data in every area, as rows (no database).
 * Base debtor graphs are drawn first and in the original order (same ids, same values as the first
 * demo data), then every creditor's further data from its own faker.
 *
 * @example
 * const { sink } = buildDemoRows({ seed: 20251101, today: '2025-11-01', now, passwordHash: 'x', ids: createIdAllocator() });
 */
export function buildDemoRows(options: DemoOptions): DemoRows {
  const { today, ids, passwordHash } = options;
  const sink: RowSink = {};
  const admins = DEMO_ADMINS.map((admin) => adminRow(admin, ids.next('appUser'), passwordHash));
  const baseFaker = createSeedFaker(options.seed);
  const creditorIds = DEMO_CREDITORS.map(() => ids.next('creditor'));
  const graphs = DEMO_CREDITORS.map((spec, i) =>
    buildBaseGraphs(spec, creditorIds[i], baseFaker, today, ids),
  );
  // creditor users follow the admins in id order, as in the first demo data; further admins come last
  const creditorUserCount = DEMO_CREDITORS.reduce((n, spec) => n + spec.users.length, 0);
  const extraAdmins = EXTRA_ADMINS.map((admin, i) =>
    adminRow(admin, admins.length + creditorUserCount + i + 1, passwordHash),
  );
  const staff = [...admins, ...extraAdmins]
    .filter((a) => a.status === 'active')
    .map((a) => ({ id: a.id!, email: a.email }));
  sink.appUser = [...admins];

  const f = createSeedFaker(options.seed + 1);
  DEMO_CREDITORS.forEach((spec, i) => {
    f.seed(options.seed + 1_000 * (i + 1));
    buildCreditorData({
      spec,
      creditorId: creditorIds[i],
      graphs: graphs[i],
      f,
      today,
      now: options.now,
      ids,
      profile: DEMO_PROFILE,
      passwordHash,
      staff,
      sink,
      preserveBase: PRESERVED.has(spec.key),
      index: i,
    });
  });
  for (let i = 0; i < extraAdmins.length; i++) ids.next('appUser');
  sink.appUser.push(...extraAdmins);
  // last: every file the rows above link, stored for its creditor
  addAll(sink, 'storedFile', linkedFiles(sink, options.now));
  return {
    sink,
    staff,
    preservedCreditorIds: DEMO_CREDITORS.flatMap((spec, i) =>
      PRESERVED.has(spec.key) ? [creditorIds[i]] : [],
    ),
  };
}

/**
 * Writes the catalogues (service-fee matrix, states of affairs, terms documents) and the demo rows.
 * Returns the rows written per table.
 */
export async function seedDemoData(
  db: Kysely<Database>,
  options: DemoOptions,
): Promise<DemoRows & { rows: Record<string, number> }> {
  const writer = createBulkWriter(db);
  const { states, options: stateOptions } = statesOfAffairs(`${options.today}T06:00:00Z`);
  await writer.insert('serviceFeeMatrixEntry', serviceFeeMatrix());
  await writer.insert('stateOfAffairs', states);
  await writer.insert('stateOfAffairsOption', stateOptions);
  await writer.insert('termsDocument', termsDocuments());
  const demo = buildDemoRows(options);
  const rows: Record<string, number> = {};
  for (const [table, list] of Object.entries(demo.sink)) rows[table] = list?.length ?? 0;
  await flushSink(writer, demo.sink);
  // the files (bytea) one by one in small statements: few and small, and no array of binary values
  // through unnest (see linked-files.ts)
  const files = demo.sink.storedFile ?? [];
  for (let start = 0; start < files.length; start += 50)
    await db.insertInto('storedFile').values(files.slice(start, start + 50)).execute();
  delete demo.sink.storedFile;
  return { ...demo, rows };
}
