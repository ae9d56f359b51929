import { type Expression, type ExpressionBuilder, type Kysely, type SqlBool, sql } from 'kysely';
import { permissionTables } from '../../../../generated/permissions';
import type { adminsRoutes } from '../../../../generated/routes/admins';
import type { usersRoutes } from '../../../../generated/routes/users';
import type { AdminListItem, UserListItem } from '../../../../generated/types';
import { LOGIN_DENIED_STATUSES } from '../../services/auth.service';
import { expandStatusFilter } from '../../services/status-groups';
import type { Database } from '../schema';
import { StatementCache } from '../statement-cache';
import { listAlong } from './list-along';
import {
  type AdminListQuery,
  containsPattern,
  type ListFiltersOf,
  orderBy,
  type ProductScope,
  type SortKeyOf,
  textOrder,
  valuesOf,
} from './admin-list-query';

// The statuses that keep a user from logging in: the same set the login checks.
const LOGIN_DENIED = [...LOGIN_DENIED_STATUSES];
const { roles: ROLES, roleGroups, adminPermissions } = permissionTables;
// The creditor's main user: the creditor role that is not a company-user role (schema/roles.yaml).
const MAIN_USER_ROLES = roleGroups.creditorUsers.filter((role) => !roleGroups.companyUsers.includes(role));

/** Whether a user with this status may log in. */
export const loginAllowed = (status: string): boolean => !LOGIN_DENIED.includes(status);

const loginAllowedSql = sql<boolean>`(u.status not in (${sql.join(LOGIN_DENIED)}))`;

/** Filters of GET /user-management/user/list (schema/resources/users.yaml). */
export type UserListFilters = ListFiltersOf<typeof usersRoutes.list>;

type UserEb = ExpressionBuilder<Database & { u: Database['appUser'] }, 'u'>;

/** The main user of each creditor (the first by id when there were several). */
export async function mainUsersOf(db: Kysely<Database>, creditorIds: number[]) {
  if (creditorIds.length === 0) return new Map<number, { id: number; username: string; roles: string[]; email: string; status: string }>();
  const rows = await db
    .selectFrom('appUser')
    .select(['id', 'creditorId', 'username', 'roles', 'email', 'status'])
    .where('creditorId', 'in', creditorIds)
    .where(sql<boolean>`roles && ${sql.val(MAIN_USER_ROLES)}::text[]`)
    .orderBy('id')
    .execute();
  const users = new Map<number, (typeof rows)[number]>();
  for (const row of rows) if (!users.has(row.creditorId!)) users.set(row.creditorId!, row);
  return users;
}

/**
 * A creditor's main user as a scalar subquery of a statement over `creditor as c` (the admin
 * creditor list, issue 32): the same user {@link mainUsersOf} picks (the lowest id among the main
 * user roles), as one JSON object, or null.
 */
export function mainUserAlong(eb: ExpressionBuilder<Database & { c: Database['creditor'] }, 'c'>) {
  return eb
    .selectFrom('appUser as u')
    .select(
      sql<{ id: number; username: string; roles: string[]; email: string; status: string }>`jsonb_build_object('id', u.id,
        'username', u.username, 'roles', to_jsonb(u.roles), 'email', u.email, 'status', u.status)`.as('user'),
    )
    .whereRef('u.creditorId', '=', 'c.id')
    .where(sql<boolean>`u.roles && ${sql.val(MAIN_USER_ROLES)}::text[]`)
    .orderBy('u.id')
    .limit(1)
    .as('mainUser');
}

const searchIn = (eb: UserEb, terms: string[] | undefined, columns: Expression<string | null>[]) =>
  valuesOf(terms)
    .map(containsPattern)
    .filter((p): p is string => p !== null)
    .map((pattern) => eb.or(columns.map((column) => eb(column, 'ilike', pattern))));

// ---- creditor users: GET /user-management/user/list -------------------------------------------

const USER_SORT: Record<string, ReturnType<typeof sql>> = {
  name: textOrder('u.name'),
  email: sql`lower(u.email)`,
  sapNumber: sql.ref('c.sapNumber'),
  city: textOrder('c.city'),
  product: sql.ref('u.product'),
  status: sql.ref('u.status'),
  loginAllowed: loginAllowedSql,
} satisfies Record<SortKeyOf<typeof usersRoutes.list>, ReturnType<typeof sql>>;

export const isSortableUserColumn = (column: string) => column in USER_SORT;

function userConditions(eb: UserEb, scope: ProductScope, filters: UserListFilters = {}): Expression<SqlBool> {
  const all: Expression<SqlBool>[] = [eb('u.creditorId', 'is not', null)];
  if (scope) all.push(eb('u.product', '=', scope));
  all.push(
    ...searchIn(eb, filters.search, [
      eb.ref('u.name'),
      eb.ref('u.username'),
      eb.ref('u.email'),
      sql<string>`(select c2.sap_number from creditor c2 where c2.id = u.creditor_id)`,
    ]),
  );
  if (filters.status?.length) all.push(eb('u.status', 'in', expandStatusFilter('userStatus', filters.status)));
  if (filters.product?.length) all.push(eb('u.product', 'in', filters.product));
  return eb.and(all);
}

/** A user row as the user list item (also the users tab of the admin creditor details). */
export function toUserListItem(row: {
  id: number;
  username: string;
  email: string;
  roles: string[];
  product: string;
  permissions: Record<string, unknown>;
  name: string;
  status: string;
  sapNumber: string | null;
  city: string | null;
  salutation?: string | null;
  contactName?: string | null;
  street?: string | null;
  house?: string | null;
  zip?: string | null;
  phone?: string | null;
  mobileNumber?: string | null;
  contactEmail?: string | null;
}): UserListItem {
  return {
    id: row.id,
    username: row.username,
    loginAllowed: loginAllowed(row.status),
    sapNumber: row.sapNumber,
    city: row.city,
    email: row.email,
    roles: row.roles,
    product: row.product as UserListItem['product'],
    permissions: row.permissions ?? {},
    name: row.name,
    status: row.status as UserListItem['status'],
    // the creditor's contact (decision: the contact dialog opens prefilled)
    contact: {
      salutation: (row.salutation ?? null) as NonNullable<UserListItem['contact']>['salutation'],
      contactName: row.contactName ?? null,
      street: [row.street, row.house].filter(Boolean).join(' ') || null,
      zip: row.zip ?? null,
      city: row.city,
      phone: row.phone ?? null,
      mobileNumber: row.mobileNumber ?? null,
      email: row.contactEmail ?? null,
    },
  };
}

const userColumns = [
  'u.id',
  'u.username',
  'u.email',
  'u.roles',
  'u.product',
  'u.permissions',
  'u.name',
  'u.status',
  'c.sapNumber',
  'c.city',
  'c.salutation',
  'c.contactName',
  'c.street',
  'c.house',
  'c.zip',
  'c.phone',
  'c.mobileNumber',
  'c.email as contactEmail',
] as const;

/** The creditors' users matching the filters in the list's order (no paging): the page query. */
export function creditorUserPageQuery(db: Kysely<Database>, scope: ProductScope, query: Omit<AdminListQuery<UserListFilters>, 'page' | 'rowsPerPage'>) {
  const sortColumn = USER_SORT[query.sortBy ?? 'name'];
  if (!sortColumn) throw new Error(`not a sortable user column: ${query.sortBy}`);
  return db
    .selectFrom('appUser as u')
    .innerJoin('creditor as c', 'c.id', 'u.creditorId')
    .where((eb) => userConditions(eb as unknown as UserEb, scope, query.filters))
    .select(userColumns)
    .orderBy(orderBy(sortColumn, query.sortDesc))
    .orderBy('u.id', query.sortDesc ? 'desc' : 'asc');
}

/** The number of creditors' users in scope matching the filters. */
export function creditorUserCountQuery(db: Kysely<Database>, scope: ProductScope, filters: UserListFilters | undefined) {
  return db
    .selectFrom('appUser as u')
    .innerJoin('creditor as c', 'c.id', 'u.creditorId')
    .where((eb) => userConditions(eb as unknown as UserEb, scope, filters))
    .select((eb) => eb.fn.countAll<number>().as('n'));
}

/** The statements of the user list, compiled once per scope kind, filter and sort (src/server/db/statement-cache.ts). */
const userListStatements = new StatementCache();

/**
 * One page of the creditors' users (GET /user-management/user/list), with `count`, `empty` and the
 * stored permissions and session of the admin `readerId` who asks — one statement (issue 32,
 * `listAlong`). The route asserts the reader before it answers.
 *
 * @example await listCreditorUsers(db, 'TPF', adminId, { page: 1, rowsPerPage: 15, sortDesc: false });
 */
export async function listCreditorUsers(
  db: Kysely<Database>,
  scope: ProductScope,
  readerId: number,
  query: AdminListQuery<UserListFilters>,
) {
  const { rows, ...totals } = await listAlong(db, userListStatements, scope, readerId, query, {
    page: (slot) => creditorUserPageQuery(db, slot, query),
    count: (slot) => creditorUserCountQuery(db, slot, query.filters),
    any: (slot) => db.selectFrom('appUser as u').select('u.id').where((eb) => userConditions(eb, slot)),
  });
  return { users: rows.map(toUserListItem), ...totals };
}

/** Every user of one creditor, main user first (the users tab of the admin creditor details). */
export async function usersOfCreditor(db: Kysely<Database>, creditorId: number): Promise<UserListItem[]> {
  const rows = await db
    .selectFrom('appUser as u')
    .innerJoin('creditor as c', 'c.id', 'u.creditorId')
    .where('u.creditorId', '=', creditorId)
    .select(userColumns)
    .orderBy(sql`not (u.roles && ${sql.val(MAIN_USER_ROLES)}::text[])`)
    .orderBy('u.id')
    .execute();
  return rows.map(toUserListItem);
}

// ---- administrators: GET /user-management/user/admin-list -------------------------------------

const ADMIN_ROLES = roleGroups.admins;
const ALL_PERMISSIONS = Object.keys(adminPermissions);
// The admin role of a user (an admin has one); sorting uses the same expression.
const adminRoleSql = sql<string>`(select r from unnest(u.roles) r where r in (${sql.join(ADMIN_ROLES)}) limit 1)`;

const ADMIN_SORT: Record<string, ReturnType<typeof sql>> = {
  username: sql`lower(u.username)`,
  email: sql`lower(u.email)`,
  role: adminRoleSql,
  product: sql.ref('u.product'),
  loginAllowed: loginAllowedSql,
} satisfies Record<SortKeyOf<typeof adminsRoutes.list>, ReturnType<typeof sql>>;

export const isSortableAdminColumn = (column: string) => column in ADMIN_SORT;

/** Filters of GET /user-management/user/admin-list (schema/resources/admins.yaml). */
export type AdminListFilters = ListFiltersOf<typeof adminsRoutes.list>;

function adminConditions(eb: UserEb, filters: AdminListFilters = {}): Expression<SqlBool> {
  const all: Expression<SqlBool>[] = [eb('u.creditorId', 'is', null), sql<SqlBool>`u.roles && ${sql.val(ADMIN_ROLES)}::text[]`];
  all.push(...searchIn(eb, filters.search, [eb.ref('u.username'), eb.ref('u.email'), eb.ref('u.name')]));
  if (filters.product?.length) all.push(eb('u.product', 'in', filters.product));
  return eb.and(all);
}

/** The statements of the admin list, compiled once per filter and sort (src/server/db/statement-cache.ts). */
const adminListStatements = new StatementCache();

/**
 * One page of the administrators (GET /user-management/user/admin-list), with `count`, `empty` and
 * the stored permissions and session of the super admin `readerId` who asks — one statement (issue
 * 32, `listAlong`; the list has no product scope). `permissions` are the granted admin
 * permissions; a super admin has all of them (document 2 §6). The route asserts the reader before it
 * answers.
 *
 * @example await listAdmins(db, superAdminId, { page: 1, rowsPerPage: 15, sortDesc: false });
 */
export async function listAdmins(db: Kysely<Database>, readerId: number, query: AdminListQuery<AdminListFilters>) {
  const sortColumn = ADMIN_SORT[query.sortBy ?? 'username'];
  if (!sortColumn) throw new Error(`not a sortable admin column: ${query.sortBy}`);
  const admins = () => db.selectFrom('appUser as u');
  // "any row" is always true: the caller, a super admin, is one, so no rows means "no matches"
  const { rows, ...totals } = await listAlong(db, adminListStatements, null, readerId, query, {
    page: () =>
      admins()
        .where((eb) => adminConditions(eb, query.filters))
        .select(['u.id', 'u.username', 'u.email', 'u.roles', 'u.product', 'u.permissions', 'u.status', adminRoleSql.as('role')])
        .orderBy(orderBy(sortColumn, query.sortDesc))
        .orderBy('u.id', query.sortDesc ? 'desc' : 'asc'),
    count: () =>
      admins()
        .where((eb) => adminConditions(eb, query.filters))
        .select((eb) => eb.fn.countAll<number>().as('n')),
    any: () => admins().where((eb) => adminConditions(eb)).select('u.id'),
  });
  return {
    admins: rows.map((row): AdminListItem => {
      const all = row.roles.some((role) => ROLES[role]?.allPermissions);
      const granted = (row.permissions as { admin?: unknown }).admin;
      return {
        id: row.id,
        username: row.username,
        loginAllowed: loginAllowed(row.status),
        email: row.email,
        role: row.role,
        product: row.product as AdminListItem['product'],
        permissions: all ? ALL_PERMISSIONS : Array.isArray(granted) ? granted.map(String) : [],
      };
    }),
    ...totals,
  };
}
