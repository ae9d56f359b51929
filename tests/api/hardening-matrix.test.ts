import { sql } from 'kysely';
import qs from 'qs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { commands } from '../../generated/commands';
import { permissionTables } from '../../generated/permissions';
import { variants } from '../../generated/variants';
import type { RouteAccess } from '../../src/server/plugins/route-access';
import { createPermissionEvaluator } from '../../src/shared/permissions';
import { type TestApp, bearer, buildTestApp, loginAs } from '../helpers/app';
import { fingerprint } from '../helpers/commands';
import { type ApiRoute, apiRoutes, fillPath } from '../helpers/route-table';
import { plainPdf, upload } from './upload-helpers';

// The authorization matrix (issue 14): every route of the OpenAPI document × the ten demo
// identities and an admin acting as a creditor user (issue 26: each command's `impersonation`) ×
// own and foreign ids. The expected answer is derived from the permission and role
// YAML — each route declares its access (src/server/plugins/route-access.ts: the guard it uses, or
// `config.access`; command routes their commands of generated/commands.ts) and the one permission
// evaluator decides it per identity. It fails on a 2xx the YAML forbids, on a 401/403 (or 400) the
// YAML grants for own ids, on a 2xx for a foreign id, on a foreign row in any answer, and on a
// route that declares nothing. Writes (commands, marks, uploads) run only where they must be
// refused, with the database unchanged; granted writes are never executed.

const evaluator = createPermissionEvaluator(permissionTables);
const ADMIN_ROLES = new Set(permissionTables.roleGroups.admins);

const IDENTITIES = [
  'anonymous', // no token
  'creditor@example.com',
  'observer@example.com',
  'assistant@example.com',
  'management@example.com',
  'creditor2@example.com', // another creditor of the same product
  'admin@example.com',
  'productadmin-tpf@example.com', // product admin of another product
  'support@example.com', // admin with few permissions
  'superadmin@example.com',
] as const;
type Name = (typeof IDENTITIES)[number] | typeof IMPERSONATION;
/** the admin acting as the creditor's main user (GET /user-management/user/{id}/switch) */
const IMPERSONATION = 'admin@example.com as creditor@example.com';

/** One creditor's records, by what a path parameter names. */
interface Records {
  creditor: number;
  product: string;
  sap: string;
  debtor: number;
  location: number;
  permanentDebt: number;
  voucher: number;
  unprocessed: number;
  workQueueItem: number;
  debtorAssignment: number;
  feeCondition: number;
  actionLog: number;
  mainUser: number;
  file: string;
  claim: number;
  statement: number;
  termsSource: string;
}

interface Identity {
  name: Name;
  token?: string;
  roles: string[];
  product: string;
  userPermissions: unknown;
  adminPermissions: string[];
  creditorId: number | null;
  /** an impersonation: the admin's roles and admin permissions (the identity is the creditor user) */
  impersonatedBy?: { roles: string[]; adminPermissions: string[] };
  /** records the identity may reach (its own creditor; a product admin: a creditor of its product) */
  own: Records;
  /** records it must not reach (another creditor; another product) — none for the unscoped admins */
  foreign?: Records;
  /** text of foreign rows that must not appear in any of its answers */
  markers: string[];
}

let t: TestApp;
let routes: ApiRoute[];
const identities: Identity[] = [];

const LEAD = (productType: string) => ({
  productType,
  companyName: `Matrix ${productType} GmbH`,
  legalFormKey: 'GMBH',
  salutation: 'Frau',
  firstName: 'Lea',
  lastName: `Matrix${productType}`,
  email: `matrix.${productType.toLowerCase()}@example.com`,
  phone: '+49 30 1234567',
  zip: '10115',
  city: 'Berlin',
  turnover: 20_000_000,
  intermediaryNumber: '123456',
  privacyPolicyAccepted: true,
});

async function recordsOf(username: string, listToken: string): Promise<Records> {
  const c = await t.db
    .selectFrom('appUser as u')
    .innerJoin('creditor as c', 'c.id', 'u.creditorId')
    .select(['c.id', 'c.product', 'c.sapNumber', 'u.id as userId'])
    .where('u.username', '=', username)
    .executeTakeFirstOrThrow();
  const first = async (table: string, column = 'creditor_id', where = sql`true`) => {
    const { rows } = await sql<{ id: number }>`select id from ${sql.table(table)} where ${sql.ref(column)} = ${c.id} and ${where} order by id limit 1`.execute(t.db);
    return Number(rows[0]?.id ?? 0);
  };
  const location = await sql<{ id: number; debtorId: number }>`select id, debtor_id as "debtorId" from location where creditor_id = ${c.id} order by id limit 1`.execute(t.db);
  const terms = await sql<{ source: string }>`select source from terms_document where product_type = ${c.product} order by id limit 1`.execute(t.db);
  const file = await sql<{ path: string }>`select path from stored_file where creditor_id = ${c.id} order by id limit 1`.execute(t.db);
  const claim = await sql<{ id: number }>`select id from onboarding_claim where product_type = ${c.product} order by id limit 1`.execute(t.db);
  const unprocessed = await t.app.inject({ url: '/api/unprocessed-voucher/list', headers: bearer(listToken) });
  return {
    creditor: c.id,
    product: c.product,
    sap: c.sapNumber ?? '0',
    debtor: Number(location.rows[0]?.debtorId ?? (await first('debtor'))),
    location: Number(location.rows[0]?.id ?? 0),
    permanentDebt: await first('permanent_debt'),
    voucher: await first('voucher'),
    unprocessed: Number(unprocessed.json().vouchers?.[0]?.id ?? 0),
    workQueueItem: await first('work_queue_item'),
    debtorAssignment: await first('debtor_assignment'),
    feeCondition: await first('creditor_service_fee_condition'),
    actionLog: await first('action_log_entry'),
    mainUser: c.userId,
    file: file.rows[0]?.path.replace(/^\/files\//, '') ?? 'none',
    claim: Number(claim.rows[0]?.id ?? 0),
    statement: await first('creditor_voucher'),
    termsSource: terms.rows[0]?.source ?? 'none',
  };
}

/** Names and numbers of other creditors and their debtors that never occur in the own data. */
async function markersBesides(ownCreditorIds: number[]): Promise<string[]> {
  const { rows } = await sql<{ m: string }>`
    select c.name as m from creditor c where c.id <> all(${ownCreditorIds})
    union select c.identifier from creditor c where c.id <> all(${ownCreditorIds})
    union (select d.name from debtor d where d.creditor_id <> all(${ownCreditorIds}) order by d.id limit 40)`.execute(t.db);
  const own = await sql<{ text: string }>`
    select string_agg(x, '|') as text from (
      select name as x from creditor where id = any(${ownCreditorIds})
      union all select name from debtor where creditor_id = any(${ownCreditorIds})
      union all select name from location where creditor_id = any(${ownCreditorIds})) s`.execute(t.db);
  const ownText = own.rows[0]?.text ?? '';
  return rows.map((r) => r.m).filter((m) => m && m.length >= 8 && !ownText.includes(m));
}

beforeAll(async () => {
  t = await buildTestApp();
  routes = apiRoutes(t.app);
  const tokens: Record<string, string> = {};
  for (const name of [...IDENTITIES.slice(1), 'creditor-tpf@example.com']) tokens[name] = await loginAs(t.app, name);
  // the demo data has no upload in processing, no stored file and no lead: one of each per side
  // (TPF takes no uploads)
  for (const name of ['creditor@example.com', 'creditor2@example.com']) {
    const uploaded = await upload(t, tokens[name], [{ name: 'Matrix.pdf', bytes: plainPdf(`Matrix ${name}`) }]);
    expect(uploaded.status, JSON.stringify(uploaded.body)).toBe(200);
  }
  for (const productType of ['SMAFA', 'TPF']) {
    const lead = await t.app.inject({ method: 'POST', url: '/api/onboarding/command/create-claim', payload: LEAD(productType) });
    expect(lead.statusCode, lead.body).toBe(200);
  }
  const c1 = await recordsOf('creditor@example.com', tokens['creditor@example.com']);
  const c2 = await recordsOf('creditor2@example.com', tokens['creditor2@example.com']);
  const tpf = await recordsOf('creditor-tpf@example.com', tokens['creditor-tpf@example.com']);
  const tpfCreditors = (await t.db.selectFrom('creditor').select('id').where('product', '=', 'TPF').execute()).map((r) => r.id);
  const markers = { c1: await markersBesides([c1.creditor]), c2: await markersBesides([c2.creditor]), tpf: await markersBesides(tpfCreditors) };
  for (const name of IDENTITIES) {
    const user =
      name === 'anonymous'
        ? undefined
        : await t.db.selectFrom('appUser').select(['roles', 'product', 'permissions', 'creditorId']).where('username', '=', name).executeTakeFirstOrThrow();
    const stored = (user?.permissions ?? {}) as { admin?: string[] };
    const scope =
      user?.creditorId === c1.creditor ? { own: c1, foreign: c2, markers: markers.c1 }
      : user?.creditorId === c2.creditor ? { own: c2, foreign: c1, markers: markers.c2 }
      : name === 'productadmin-tpf@example.com' ? { own: tpf, foreign: c1, markers: markers.tpf }
      : { own: c1, markers: [] };
    identities.push({
      name,
      token: name === 'anonymous' ? undefined : tokens[name],
      roles: (user?.roles ?? []) as string[],
      product: user?.product ?? 'SMAFA',
      userPermissions: stored,
      adminPermissions: Array.isArray(stored.admin) ? stored.admin : [],
      creditorId: user?.creditorId ?? null,
      ...scope,
    });
  }
  // the admin acting as the creditor's main user: the creditor's view, the admin behind it
  const creditor = identities.find((who) => who.name === 'creditor@example.com')!;
  const admin = identities.find((who) => who.name === 'admin@example.com')!;
  const switched = await t.app.inject({ url: `/api/user-management/user/${c1.mainUser}/switch`, headers: bearer(admin.token!) });
  expect(switched.statusCode, switched.body).toBe(200);
  identities.push({
    ...creditor,
    name: IMPERSONATION,
    token: switched.json().token,
    impersonatedBy: { roles: admin.roles, adminPermissions: admin.adminPermissions },
  });
}, 120_000);
afterAll(() => t?.close());

// ---------------------------------------------------------------------------------------------
// What the YAML grants

const isAdmin = (who: Identity) => who.roles.some((role) => ADMIN_ROLES.has(role));
const contextOf = (who: Identity) => ({
  roles: who.roles,
  productPermissions: variants[who.product]?.permissions ?? {},
  userPermissions: who.userPermissions,
});

function commandGranted(name: string, who: Identity): boolean {
  const command = commands[name];
  if (command.public) return true;
  if (!who.token || !who.roles.some((role) => command.roles.includes(role))) return false;
  // what an admin acting as the user may take is the command's YAML
  if (who.impersonatedBy && command.impersonation !== 'allowed') return false;
  if (isAdmin(who)) return !command.adminPermission || evaluator.hasAdminPermission(command.adminPermission, who.roles, who.adminPermissions);
  return who.creditorId != null && (!command.permission || evaluator.isAllowed(command.permission, contextOf(who)));
}

/** A command route the user may take but not an admin acting as the user: the refusal must say so. */
function refusedAsImpersonation(access: RouteAccess, who: Identity): boolean {
  if (!who.impersonatedBy || access.kind !== 'command') return false;
  const user = { ...who, impersonatedBy: undefined };
  return access.commands.some((name) => commandGranted(name, user));
}

/** Whether the permission and role YAML grants the route to the identity. */
function granted(access: RouteAccess, who: Identity): boolean {
  switch (access.kind) {
    case 'public':
      return true;
    case 'user':
      return Boolean(who.token);
    case 'creditor':
      return Boolean(who.token) && evaluator.isCreditorUser(who.roles) && who.creditorId != null && access.permissions.every((path) => evaluator.isAllowed(path, contextOf(who)));
    case 'admin': {
      if (access.alsoImpersonating && who.impersonatedBy) {
        const { roles, adminPermissions } = who.impersonatedBy;
        return Array.isArray(access.adminPermissions) && access.adminPermissions.some((key) => evaluator.hasAdminPermission(key, roles, adminPermissions));
      }
      if (!who.token || !isAdmin(who)) return false;
      if (access.adminPermissions === 'any') return true;
      if (access.adminPermissions === 'superAdmin') return who.roles.some((role) => permissionTables.roles[role]?.allPermissions);
      return access.adminPermissions.some((key) => evaluator.hasAdminPermission(key, who.roles, who.adminPermissions));
    }
    case 'command':
      return access.commands.some((name) => commandGranted(name, who));
  }
}

// ---------------------------------------------------------------------------------------------
// Requests

/** Which record a path parameter names, from the path around it (first match wins). */
const PARAMS: [RegExp, (r: Records) => string | number][] = [
  [/\{debtorId\}/, (r) => r.debtor],
  [/\{locationId\}|\{locationIdentifier\}/, (r) => r.location],
  [/\{sap\}/, (r) => r.sap],
  [/\{code\}|sap-matrix\/\{id\}/, (r) => r.product],
  [/^\/unprocessed-voucher\/show\/\{id\}/, (r) => r.unprocessed],
  [/^\/(sap\/)?debtor\/(show\/|update\/)?\{id\}/, (r) => r.debtor],
  [/^\/location\/(update\/)?\{id\}/, (r) => r.location],
  [/^\/permanent-debt\/\{id\}/, (r) => r.permanentDebt],
  [/^\/((sap|bnet)\/)?voucher\/(show\/|continue\/)?\{id\}|work-queue\/voucher\/\{id\}/, (r) => r.voucher],
  [/work-queue\/(show\/)?\{id\}/, (r) => r.workQueueItem],
  [/creditor-fee-condition\/\{id\}\/delete/, (r) => r.feeCondition],
  [/^\/creditor\/(send-to-sap\/)?\{id\}|creditor-fee-condition\/\{id\}|send-setup-fee\/\{id\}/, (r) => r.creditor],
  [/debtor-assignment(-details)?(\/assign)?\/\{id\}/, (r) => r.debtorAssignment],
  [/^\/action-log\/\{id\}/, (r) => r.actionLog],
  [/^\/creditor-voucher\/\{identifier\}\/download/, (r) => r.statement],
  [/^\/onboarding\/claim\/\{id\}/, (r) => r.claim],
  [/^\/user-management\/user\/\{id\}/, (r) => r.mainUser],
];

type JsonSchema = Record<string, any>;

/** Values of the named string formats (schema/validation.yaml) the validator accepts. */
const FORMAT_SAMPLES: Record<string, string> = {
  // a date far enough ahead for the forms' "not before" rules
  date: new Date(Date.now() + 60 * 86_400_000).toISOString().slice(0, 10),
  email: 'matrix@example.com',
  phone: '+49 30 1234567',
  digits: '12345',
  iban: 'DE89370400440532013000',
  password: 'Matrix-Passwort-2026!',
  intermediaryNumber: '123456',
  vatId: 'DE136695976',
  'data-url': 'data:application/pdf;name=matrix.pdf;base64,JVBERi0xLjQK',
};

/**
 * A value the schema most likely accepts — every property filled, so that a refusal comes from the
 * access check and not from the validator (those that still fail validation are refused all the same).
 */
function sampleOf(schema: JsonSchema | undefined): unknown {
  if (!schema) return undefined;
  if (schema.const !== undefined) return schema.const;
  if (Array.isArray(schema.enum)) return schema.enum.find((v: unknown) => v !== null);
  if (schema.anyOf || schema.oneOf) return sampleOf((schema.anyOf ?? schema.oneOf)[0]);
  const type = Array.isArray(schema.type) ? schema.type.find((x: string) => x !== 'null') : schema.type;
  switch (type) {
    case 'object':
      return Object.fromEntries(Object.entries(schema.properties ?? {}).map(([key, property]) => [key, sampleOf(property as JsonSchema)]));
    case 'array':
      return Array.from({ length: Math.max(schema.minItems ?? 0, 1) }, () => sampleOf(schema.items));
    case 'integer':
    case 'number':
      // large enough for the turnover ranges, an id that exists nowhere
      return Math.min(Math.max(Number(schema.minimum ?? 1), 500_000), Number(schema.maximum ?? Infinity));
    case 'boolean':
      return true;
    default: {
      if (FORMAT_SAMPLES[schema.format]) return FORMAT_SAMPLES[schema.format];
      const candidates = ['Matrix', '12345', '1', 'A', 'DE89370400440532013000'];
      const fits = (text: string) => (!schema.pattern || new RegExp(schema.pattern, 'u').test(text)) && text.length <= (schema.maxLength ?? Infinity);
      return (candidates.find(fits) ?? 'Matrix').padEnd(schema.minLength ?? 0, 'x');
    }
  }
}

function urlFor(route: ApiRoute, records: Records): string {
  const path = fillPath(route.path.replace('{*}', '{wildcard}'), (name) => {
    if (name === 'wildcard') return records.file;
    const schema = route.params.find((p) => p.name === name)?.schema;
    if (Array.isArray(schema?.enum) && !/\{code\}|sap-matrix/.test(route.path)) return String(schema.enum[0]);
    const found = PARAMS.find(([pattern]) => pattern.test(route.path) && (name === 'id' || pattern.source.includes(name)));
    // a record the creditor lacks (TPF has no permanent debts): an id that exists nowhere
    return String(found ? found[1](records) || 2147483647 : 1);
  }).replace(/%2F/g, '/');
  const query = QUERY[route.path]?.(records) ?? {};
  return `/api${path}${Object.keys(query).length ? `?${qs.stringify(query)}` : ''}`;
}

/** Query parameters a read needs to answer at all. */
const QUERY: Record<string, (r: Records) => Record<string, unknown>> = {
  '/user-management/terms-document/download': (r) => ({ source: r.termsSource }),
  '/creditor-voucher/list-download': (r) => ({ creditorVoucherIdentifiers: [r.statement] }),
  // the DATEV export's period (issue 30); without settings it answers 409, which the matrix accepts
  '/voucher/datev': () => ({ from: '2026-01-01', to: '2026-01-31' }),
};

/** Paths whose parameters name no record (they answer the same for every id). */
const unscopedPath = (route: ApiRoute) => !route.params.length || /\{(code|key)\}|sap-matrix/.test(route.path);

/** Routes that change data: never executed where granted, only refused. */
const writes = (route: ApiRoute, access: RouteAccess) =>
  route.method !== 'GET' || access.kind === 'command' || route.path.includes('/command/');

/**
 * Granted reads that answer a refusal for a documented reason — the state, not the YAML.
 * (key: `identity METHOD path`)
 */
const GRANTED_REFUSALS: Record<string, string> = {};

async function send(route: ApiRoute, url: string, who: Identity) {
  return t.app.inject({
    method: route.method as 'GET',
    url,
    headers: who.token ? bearer(who.token) : {},
    ...(route.method === 'GET' ? {} : { payload: (sampleOf(route.body) ?? {}) as Record<string, unknown> }),
  });
}

const accessOf = (route: ApiRoute) => t.app.routeAccess.get(`${route.method} /api${route.path}`);

describe('authorization matrix: every route × ten identities × own and foreign ids, derived from the YAML', () => {
  it('every command names its permission per side of its roles, and what an impersonation may take', () => {
    const sides = (roles: string[]) => new Set(roles.map((role) => permissionTables.roles[role]?.side));
    const missing: string[] = [];
    for (const [name, command] of Object.entries(commands)) {
      if (command.public) continue;
      const side = sides(command.roles);
      // `anyAdmin` (the own password) is the only admin command without a key
      if (side.has('admin') && !command.adminPermission && name !== 'updatePassword') missing.push(`${name}: adminPermission`);
      if (side.has('creditor') && !['allowed', 'refused'].includes(command.impersonation)) missing.push(`${name}: impersonation`);
    }
    expect(missing).toEqual([]);
    // the decisions of issue 26: users, passwords and payment data never under impersonation
    for (const name of ['registerCompanyUser', 'updateCompanyUser', 'deleteCompanyUser', 'updatePassword', 'updatePaymentData', 'removeSepaMandate']) {
      expect(commands[name].impersonation, name).toBe('refused');
    }
  });

  it('every route of the OpenAPI document declares its access', () => {
    expect(routes.length).toBeGreaterThan(150);
    const undeclared = routes.filter((route) => !accessOf(route)).map((r) => `${r.method} ${r.path}`);
    expect(undeclared, 'routes without an access declaration (guard with .access or config.access)').toEqual([]);
    // the evaluator sees every identity as the YAML describes it
    expect(identities.map((who) => who.roles.length > 0)).toEqual([...IDENTITIES.map((name) => name !== 'anonymous'), true]);
  });

  it('reads: no 2xx the YAML forbids, no refusal it grants, no foreign id answered, no foreign row shown', async () => {
    const problems: string[] = [];
    const tally = { forbidden: 0, granted2xx: 0, grantedOther: 0, foreignRefused: 0 };
    for (const route of routes) {
      const access = accessOf(route);
      if (!access || writes(route, access)) continue;
      for (const who of identities) {
        const allowed = granted(access, who);
        const cases: ['own' | 'foreign', Records][] = [['own', who.own]];
        if (who.foreign && !unscopedPath(route)) cases.push(['foreign', who.foreign]);
        for (const [side, records] of cases) {
          const url = urlFor(route, records);
          const response = await send(route, url, who);
          const status = response.statusCode;
          const label = `${who.name} ${route.method} ${url} (${side}, ${JSON.stringify(access)}) → ${status} ${response.body.slice(0, 120)}`;
          if (status >= 500) problems.push(`5xx: ${label}`);
          if (!allowed) {
            tally.forbidden++;
            if (status < 400) problems.push(`the YAML forbids it, answered: ${label}`);
            else if (!who.token && status !== 401) problems.push(`no token, not 401: ${label}`);
          } else if (side === 'foreign') {
            tally.foreignRefused++;
            if (status < 400) problems.push(`foreign id answered: ${label}`);
          } else if (status < 300) {
            tally.granted2xx++;
          } else {
            tally.grantedOther++;
            const exception = GRANTED_REFUSALS[`${who.name} ${route.method} ${route.path}`];
            if ([400, 401, 403].includes(status) && !exception) problems.push(`the YAML grants it, refused: ${label}`);
          }
          if (status < 300) for (const marker of who.markers) if (response.body.includes(marker)) problems.push(`foreign row "${marker}" in ${label}`);
        }
      }
    }
    console.info(`[matrix] reads: ${JSON.stringify(tally)}`);
    expect(problems).toEqual([]);
    // the matrix really reads: most granted own calls answer, and many calls are refused
    expect(tally.granted2xx).toBeGreaterThan(300);
    expect(tally.grantedOther).toBeLessThan(tally.granted2xx / 10);
    expect(tally.forbidden).toBeGreaterThan(400);
    expect(tally.foreignRefused).toBeGreaterThan(50);
  }, 120_000);

  it('writes: refused (4xx) wherever the YAML does not grant them or the id is foreign — the database unchanged', async () => {
    const before = await fingerprint(t);
    const problems: string[] = [];
    const byStatus: Record<number, number> = {};
    for (const route of routes) {
      const access = accessOf(route);
      if (!access || !writes(route, access)) continue;
      for (const who of identities) {
        const cases: Records[] = [];
        if (!granted(access, who)) cases.push(who.own);
        if (who.foreign && !unscopedPath(route) && who.token) cases.push(who.foreign);
        for (const records of cases) {
          const url = urlFor(route, records);
          const response = await send(route, url, who);
          const status = response.statusCode;
          byStatus[status] = (byStatus[status] ?? 0) + 1;
          const label = `${who.name} ${route.method} ${url} (${JSON.stringify(access)}) → ${status} ${response.body.slice(0, 120)}`;
          if (status < 400 || status >= 500) problems.push(`not refused: ${label}`);
          else if (!who.token && status !== 401) problems.push(`no token, not 401: ${label}`);
          else if (records === who.own && refusedAsImpersonation(access, who) && response.json().reason !== 'commands.impersonationRefused') {
            problems.push(`not refused as an impersonation: ${label}`);
          }
        }
      }
    }
    console.info(`[matrix] refused writes by status: ${JSON.stringify(byStatus)}`);
    expect(problems).toEqual([]);
    const after = await fingerprint(t);
    expect(Object.keys(before).filter((table) => before[table] !== after[table]), 'tables changed by refused writes').toEqual([]);
    // most refusals come from the access checks, not from the body validator
    const total = Object.values(byStatus).reduce((a, b) => a + b, 0);
    expect(total).toBeGreaterThan(300);
    expect((byStatus[401] ?? 0) + (byStatus[403] ?? 0) + (byStatus[404] ?? 0)).toBeGreaterThan(total * 0.8);
  }, 120_000);
});
