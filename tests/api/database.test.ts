import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { enums } from '../../generated/enums';
import { permissionTables } from '../../generated/permissions';
import { plansKept } from '../../src/server/db/database';
import { KEPT_PLAN_SELECT } from '../../src/server/db/pglite-statements';
import { bearer, buildTestApp, loginAs, type TestApp } from '../helpers/app';

// The database keeps its own copy of every stored enumeration (one domain per YAML enum, migration
// 0002); these tests read the catalog and fail when YAML and database drift apart.

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(() => t.close());

// Enumerations the database never stores (filter choices, tutorial tags, a form action, reasons the
// client derives from codes). A new YAML enum must land either here or in a migration's domain.
const NOT_STORED = [
  'contactInformationAction',
  'insuranceReason',
  'limitFilter',
  // reason codes a bank sends with a returned direct debit: any ISO code may come (issue 30)
  'sepaReturnReason',
  'notInsurableReason',
  // the option kind of a state-of-affairs import file: read from the file and shown in its preview, never stored
  'stateOfAffairsOptionType',
  'timePeriodFilter',
  'tutorialTag',
];

// Columns named like an enumeration that hold free text on purpose (YAML declares them as strings).
// refresh_token.product is what a client claims at refresh time; the route, not the table, checks it.
const FREE_TEXT_COLUMNS = [
  'action_log_entry.action_type',
  'debtor_assignment.manual_decision_reason',
  'notification.type',
  'refresh_token.product',
  'voucher.dunning_status',
  'voucher_attachment.mime_type',
  // file types as the upload named them, and the period date of a permanent debt's invoice
  'stored_file.mime_type',
  'work_queue_answer_file.content_type',
  'voucher.permanent_debt_period',
  // the HTTP method a stored Idempotency-Key was first sent with (0120)
  'idempotency_key.method',
];

// Rows that may exist without a creditor: administrators, admin actions in the log, mail to
// administrators or visitors (onboarding) in the outbox, and administrators' invitations (0085).
const CREDITOR_OPTIONAL = ['action_log_entry', 'app_user', 'company_user_invitation', 'mail_outbox'];

const camelCase = (name: string) => name.replace(/_([a-z])/g, (_, c: string) => c.toUpperCase());

/** The literals of `… = ANY (ARRAY[…])` or `… <@ ARRAY[…]` in a constraint definition. */
function arrayLiterals(definition: string): string[] | undefined {
  const match = /ARRAY\[(.*?)\]/.exec(definition);
  if (!match) return undefined;
  return match[1].split(',').map((raw) =>
    raw
      .trim()
      .replace(/::[a-z ]+$/, '')
      .replace(/^\((.*)\)$/, '$1')
      .replace(/::[a-z ]+$/, '')
      .replace(/^'(.*)'$/, '$1')
      .replace(/''/g, "'"),
  );
}

const sorted = (values: Iterable<unknown>) => [...values].map(String).sort();

async function rows<T>(query: ReturnType<typeof sql<T>>): Promise<T[]> {
  return (await query.execute(t.db)).rows;
}

describe('enumerations in the database', () => {
  it('has one domain per stored enumeration, with exactly the values of schema/enums', async () => {
    const domains = await rows<{ name: string; definition: string }>(sql`
      select t.typname as name, pg_get_constraintdef(c.oid) as definition
      from pg_type t join pg_constraint c on c.contypid = t.oid
      where t.typtype = 'd' and t.typnamespace = 'public'::regnamespace and c.contype = 'c'`);
    expect(domains.length).toBeGreaterThan(30);
    const seen = new Set<string>();
    for (const domain of domains) {
      const enumName = camelCase(domain.name);
      expect(enums[enumName], `domain ${domain.name} has no schema/enums/${enumName}.yaml`).toBeDefined();
      const values = arrayLiterals(domain.definition);
      expect(values, `${domain.name}: ${domain.definition}`).toBeDefined();
      expect(sorted(values!), `domain ${domain.name} differs from schema/enums/${enumName}.yaml`).toEqual(
        sorted(enums[enumName].values.map((v) => v.value)),
      );
      seen.add(enumName);
    }
    const missing = Object.keys(enums).filter((name) => !seen.has(name) && !NOT_STORED.includes(name));
    expect(missing, 'enumerations without a domain (add one in a migration or to NOT_STORED)').toEqual([]);
    expect(NOT_STORED.filter((name) => seen.has(name))).toEqual([]);
  });

  it('keeps value lists out of table CHECKs, except the roles of schema/roles.yaml', async () => {
    const checks = await rows<{ table: string; name: string; definition: string }>(sql`
      select conrelid::regclass::text as "table", conname as name, pg_get_constraintdef(oid) as definition
      from pg_constraint
      where contype = 'c' and connamespace = 'public'::regnamespace and conrelid <> 0`);
    const withLists = checks.filter((check) => arrayLiterals(check.definition));
    expect(withLists.map((check) => check.name).sort()).toEqual([
      'app_user_roles_known_check',
      'app_user_tenant_check',
    ]);
    const roles = withLists.find((check) => check.name === 'app_user_roles_known_check')!;
    expect(sorted(arrayLiterals(roles.definition)!)).toEqual(sorted(Object.keys(permissionTables.roles)));
    const tenant = withLists.find((check) => check.name === 'app_user_tenant_check')!;
    expect(sorted(arrayLiterals(tenant.definition)!)).toEqual(
      sorted(permissionTables.roleGroups.creditorUsers),
    );
  });

  it('types every status and type column with an enumeration domain', async () => {
    const columns = await rows<{ table: string; column: string; domain: string | null }>(sql`
      select c.table_name as "table", c.column_name as "column", c.domain_name as domain
      from information_schema.columns c join information_schema.tables t using (table_schema, table_name)
      where c.table_schema = 'public' and t.table_type = 'BASE TABLE'
        and c.column_name ~ '(^|_)(status|type|product|frequency|sender|salutation|color|method|reason|action|follow_up|period|form)$'`);
    const untyped = columns
      .filter((column) => !column.domain)
      .map((column) => `${column.table}.${column.column}`)
      .filter((name) => !FREE_TEXT_COLUMNS.includes(name));
    expect(untyped).toEqual([]);
    const typeOf = (table: string, column: string) =>
      columns.find((c) => c.table === table && c.column === column)?.domain;
    expect(typeOf('voucher', 'status')).toBe('voucher_status');
    expect(typeOf('voucher', 'sub_status')).toBe('voucher_sub_status');
    expect(typeOf('voucher', 'purchase_status')).toBe('purchase_status');
    expect(typeOf('work_queue_item', 'status')).toBe('work_queue_status');
    expect(typeOf('notification', 'status')).toBe('notification_status');
    expect(typeOf('creditor_voucher', 'type')).toBe('creditor_voucher_type');
    expect(typeOf('debtor', 'payment_method')).toBe('payment_method');
  });

  it('groups sub-statuses as schema/enums/voucherSubStatus.yaml does (voucher.sub_status_group, 0090)', async () => {
    const groups = Object.entries(enums.voucherSubStatus.groups);
    const groupOf = (value: string) => groups.filter(([, group]) => group.values.map(String).includes(value)).map(([name]) => name);
    const values = enums.voucherSubStatus.values.map((v) => String(v.value));
    // one column holds one group: the YAML's groups must not overlap
    expect(values.filter((value) => groupOf(value).length > 1)).toEqual([]);
    const voucher = await t.db.selectFrom('voucher').select(['id', 'subStatus']).limit(1).executeTakeFirstOrThrow();
    const inDatabase: Record<string, string | null> = {};
    for (const subStatus of values) {
      await t.db.updateTable('voucher').set({ subStatus }).where('id', '=', voucher.id).execute();
      const row = await t.db.selectFrom('voucher').select('subStatusGroup').where('id', '=', voucher.id).executeTakeFirstOrThrow();
      inDatabase[subStatus] = row.subStatusGroup;
    }
    await t.db.updateTable('voucher').set({ subStatus: voucher.subStatus }).where('id', '=', voucher.id).execute();
    expect(inDatabase).toEqual(Object.fromEntries(values.map((value) => [value, groupOf(value)[0] ?? null])));
    expect(inDatabase.halt).toBe('dunning');
  });

  it('rejects a value the YAML does not know', async () => {
    const voucher = await t.db.selectFrom('voucher').select('id').limit(1).executeTakeFirstOrThrow();
    await expect(
      t.db.updateTable('voucher').set({ subStatus: 'lost' }).where('id', '=', voucher.id).execute(),
    ).rejects.toMatchObject({ code: '23514' });
  });
});

describe('statements', () => {
  it('plans every execution of a prepared statement for its values, on both engines', async () => {
    const [{ mode }] = await rows<{ mode: string }>(sql`select current_setting('plan_cache_mode') as mode`);
    expect(mode).toBe('force_custom_plan');
  });

  it('runs the admin lists on kept plans (PostgreSQL: connections of their own; PGlite: its one session switched around them), every other statement planned each time', async () => {
    const kept = plansKept(t.db);
    expect(kept).not.toBe(t.db);
    const modeOf = async (db: typeof t.db) =>
      (await sql<{ mode: string }>`select current_setting('plan_cache_mode') as mode`.execute(db)).rows[0].mode;
    // PGlite has one session: `auto` only around a marked statement, as its own parameters are bound
    const pglite = t.handle.kind === 'pglite';
    expect(await modeOf(kept)).toBe(pglite ? 'force_custom_plan' : 'auto');
    expect(await modeOf(t.db)).toBe('force_custom_plan');
    // a select built on the twin (a statement with a parameter: PGlite's named-statement path)
    const { mode } = await kept
      .selectNoFrom((eb) => [sql<string>`current_setting('plan_cache_mode')`.as('mode'), eb.val(1).as('one')])
      .executeTakeFirstOrThrow();
    expect(mode).toBe('auto');
    const admin = await loginAs(t.app, 'admin@example.com');
    const creditor = await loginAs(t.app, 'creditor@example.com');
    for (let i = 0; i < 8; i++) {
      for (const [url, token] of [
        ['/api/action-log/list?page=1&rowsPerPage=15', admin],
        ['/api/creditor/list?page=1&rowsPerPage=15', admin],
        ['/api/debtor/list?page=1&rowsPerPage=15', creditor],
      ] as const) {
        expect((await t.app.inject({ url, headers: bearer(token) })).statusCode).toBe(200);
      }
    }
    // one request at a time: each pool hands out the connection it was given back last
    const plans = async (db: typeof t.db) =>
      (
        await sql<{ statement: string; generic: number }>`
          select statement, generic_plans as generic from pg_prepared_statements`.execute(db)
      ).rows;
    const keptPlans = await plans(kept);
    for (const table of ['action_log_entry', 'creditor']) {
      expect(keptPlans.filter((p) => p.statement.includes(`from "${table}" as`) && p.generic > 0)).not.toHaveLength(0);
    }
    const ownPlans = await plans(t.db);
    expect(ownPlans.some((p) => p.statement.includes('"debtor"'))).toBe(true);
    // every statement not marked is planned for its values at each execution
    expect(ownPlans.filter((p) => p.generic > 0 && !p.statement.startsWith(KEPT_PLAN_SELECT))).toEqual([]);
    if (!pglite) expect(keptPlans.some((p) => p.statement.includes('"debtor"'))).toBe(false);
    expect(await modeOf(t.db)).toBe('force_custom_plan');
  });
});

describe('conventions', () => {
  it('gives every tenant-owned table a NOT NULL creditor_id with a foreign key', async () => {
    const columns = await rows<{ table: string; nullable: string }>(sql`
      select c.table_name as "table", c.is_nullable as nullable
      from information_schema.columns c join information_schema.tables t using (table_schema, table_name)
      where c.table_schema = 'public' and t.table_type = 'BASE TABLE' and c.column_name = 'creditor_id'`);
    expect(columns.length).toBeGreaterThan(20);
    const optional = columns.filter((c) => c.nullable === 'YES').map((c) => c.table);
    expect(optional.sort()).toEqual(CREDITOR_OPTIONAL);
    const referenced = await rows<{ table: string }>(sql`
      select distinct conrelid::regclass::text as "table"
      from pg_constraint c
      where contype in ('f', 'p') and connamespace = 'public'::regnamespace
        and exists (select 1 from pg_attribute a
                    where a.attrelid = c.conrelid and a.attnum = any (c.conkey) and a.attname = 'creditor_id')`);
    const tables = new Set(referenced.map((r) => r.table));
    expect(columns.map((c) => c.table).filter((table) => !tables.has(table))).toEqual([]);
  });

  it('stores money as bigint cents and server timestamps as timestamptz', async () => {
    const columns = await rows<{ table: string; column: string; type: string }>(sql`
      select c.table_name as "table", c.column_name as "column",
             coalesce(d.data_type, c.data_type) as type
      from information_schema.columns c
      join information_schema.tables t using (table_schema, table_name)
      left join information_schema.domains d on d.domain_schema = c.domain_schema and d.domain_name = c.domain_name
      where c.table_schema = 'public' and t.table_type = 'BASE TABLE'`);
    const wrong = columns.filter(
      ({ column, type }) =>
        // (full_amount is the yes/no flag of a state-of-affairs option)
        (/(^|_)(amount|limit|turnover)$|(minimum|annual|setup)(_service)?_fee$/.test(column) &&
          !['bigint', 'boolean'].includes(type)) ||
        (/_at$/.test(column) && type !== 'timestamp with time zone'),
    );
    expect(wrong).toEqual([]);
  });
});

describe('tenant integrity', () => {
  let first: { creditorId: number; debtorId: number; locationId: number; userId: number };
  let second: { creditorId: number; debtorId: number; locationId: number; userId: number };

  async function tenantOf(username: string) {
    const user = await t.db
      .selectFrom('appUser')
      .select(['id', 'creditorId'])
      .where('username', '=', username)
      .executeTakeFirstOrThrow();
    const location = await t.db
      .selectFrom('location')
      .select(['id', 'debtorId'])
      .where('creditorId', '=', user.creditorId!)
      .orderBy('id')
      .executeTakeFirstOrThrow();
    return {
      creditorId: user.creditorId!,
      debtorId: location.debtorId,
      locationId: location.id,
      userId: user.id,
    };
  }

  beforeAll(async () => {
    first = await tenantOf('creditor@example.com');
    second = await tenantOf('creditor2@example.com');
  });

  const voucher = (creditorId: number, debtorId: number, locationId: number, number: string) =>
    t.db
      .insertInto('voucher')
      .values({
        creditorId,
        debtorId,
        locationId,
        customNumber: number,
        type: 'invoice',
        voucherDate: '2025-03-01',
      })
      .returning('id')
      .executeTakeFirstOrThrow();

  it("accepts a voucher of the creditor's own debtor and location", async () => {
    const { id } = await voucher(second.creditorId, second.debtorId, second.locationId, 'DB-TEST-OWN');
    expect(id).toBeGreaterThan(0);
  });

  it("rejects a voucher pointing at another creditor's debtor", async () => {
    await expect(
      voucher(second.creditorId, first.debtorId, first.locationId, 'DB-TEST-1'),
    ).rejects.toMatchObject({
      code: '23503',
    });
  });

  it('rejects a voucher whose location belongs to another debtor of the same creditor', async () => {
    const other = await t.db
      .selectFrom('location')
      .select('id')
      .where('creditorId', '=', first.creditorId)
      .where('debtorId', '<>', first.debtorId)
      .executeTakeFirstOrThrow();
    await expect(voucher(first.creditorId, first.debtorId, other.id, 'DB-TEST-2')).rejects.toMatchObject({
      code: '23503',
    });
  });

  it("rejects links to another creditor's rows: work queue, notification, child voucher", async () => {
    const item = await t.db
      .insertInto('workQueueItem')
      .values({ creditorId: second.creditorId, title: 'Test' })
      .returning('id')
      .executeTakeFirstOrThrow();
    const foreign = await t.db
      .selectFrom('voucher')
      .select('id')
      .where('creditorId', '=', first.creditorId)
      .executeTakeFirstOrThrow();
    await expect(
      t.db
        .insertInto('workQueueVoucher')
        .values({ creditorId: second.creditorId, workQueueItemId: item.id, voucherId: foreign.id })
        .execute(),
    ).rejects.toMatchObject({ code: '23503' });
    await expect(
      t.db
        .insertInto('notification')
        .values({ creditorId: second.creditorId, userId: first.userId, title: 'Test' })
        .execute(),
    ).rejects.toMatchObject({ code: '23503' });
    await expect(
      t.db
        .insertInto('voucher')
        .values({ creditorId: second.creditorId, parentId: foreign.id, type: 'credit_advice' })
        .execute(),
    ).rejects.toMatchObject({ code: '23503' });
  });

  it('lets nobody decide their own SEPA update request', async () => {
    const admin = await t.db
      .selectFrom('appUser')
      .select('id')
      .where('username', '=', 'admin@example.com')
      .executeTakeFirstOrThrow();
    await expect(
      t.db
        .insertInto('sepaUpdateRequest')
        .values({
          creditorId: second.creditorId,
          status: 'accepted',
          accountOwner: 'Test',
          iban: 'DE89370400440532013000',
          creatorUserId: admin.id,
          decisionUserId: admin.id,
          decisionAt: new Date(),
        })
        .execute(),
    ).rejects.toMatchObject({ code: '23514' });
  });
});
