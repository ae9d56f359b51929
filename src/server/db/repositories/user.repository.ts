import { type Kysely, sql } from 'kysely';
import type { Database } from '../schema';

/** A user with what the session needs: credentials, roles, tenant and the creditor's state. */
export interface SessionUser {
  id: number;
  username: string;
  email: string;
  name: string;
  passwordHash: string;
  roles: string[];
  product: string;
  permissions: Record<string, unknown>;
  optIn: boolean;
  passwordUpdateRequired: boolean;
  askForContactInformationChanges: boolean;
  status: string;
  creditorId: number | null;
  /** the session version access tokens carry (issue 26) */
  sessionVersion: number;
  creditorStatus: string | null;
  sapNumber: string | null;
}

function selectSessionUser(db: Kysely<Database>) {
  return db
    .selectFrom('appUser as u')
    .leftJoin('creditor as c', 'c.id', 'u.creditorId')
    .select([
      'u.id',
      'u.username',
      'u.email',
      'u.name',
      'u.passwordHash',
      'u.roles',
      'u.product',
      'u.permissions',
      'u.optIn',
      'u.passwordUpdateRequired',
      'u.askForContactInformationChanges',
      'u.status',
      'u.creditorId',
      'u.sessionVersion',
      'c.status as creditorStatus',
      'c.sapNumber',
    ]);
}

/** Finds a user by login name; e-mail addresses compare case-insensitively. */
export function findUserByUsername(db: Kysely<Database>, username: string): Promise<SessionUser | undefined> {
  return selectSessionUser(db)
    .where(sql<string>`lower(u.username)`, '=', username.trim().toLowerCase())
    .executeTakeFirst();
}

export function findUserById(db: Kysely<Database>, id: number): Promise<SessionUser | undefined> {
  return selectSessionUser(db).where('u.id', '=', id).executeTakeFirst();
}
