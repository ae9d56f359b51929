import { randomUUID } from 'node:crypto';
import type { Kysely } from 'kysely';
import { permissionTables } from '../../../generated/permissions';
import type { Database } from '../db/schema';

const ADMIN_ROLES = new Set(permissionTables.roleGroups.admins);

/** Who acted, as the action log records it (document 2 §2/§3: `extra` holds admin and user e-mail). */
export interface ActionLogActor {
  /** the logged-in user's id (the impersonated user's during an impersonation) */
  userId: number;
  roles: string[];
  product: string;
  creditorId: number | null;
  /** while an admin acts as this user (impersonation): the admin's e-mail */
  adminEmail?: string;
}

/** The identifiers an entry names besides its creditor (all default to empty, document 1 §7). */
export interface ActionLogRefs {
  /** the creditor the entry is about when it is not the actor's own (an admin's entry) */
  creditorId?: number | null;
  debtorIdentifier?: string;
  debtorSapNumber?: string;
  voucherIdentifier?: string;
  voucherReference?: string;
  voucherSapNumber?: string;
}

/**
 * Writes one action-log entry (and answers its id) for something that is not a command (commands write theirs through
 * command-audit.ts): a login, an export, a client's own entry. The creditor's identifier and SAP
 * number are read from the actor's creditor; e-mails as in command-audit (an admin is `adminEmail`,
 * a creditor user `userEmail`, an impersonation both).
 *
 * @example await writeActionLog(db, actorOf(request), 'csv_export', { export: 'vouchers' });
 */
export async function writeActionLog(
  db: Kysely<Database>,
  actor: ActionLogActor,
  actionType: string,
  payload: unknown,
  refs: ActionLogRefs = {},
): Promise<number> {
  const user = await db.selectFrom('appUser').select('email').where('id', '=', actor.userId).executeTakeFirst();
  const creditorId = refs.creditorId !== undefined ? refs.creditorId : actor.creditorId;
  const creditor = creditorId
    ? await db.selectFrom('creditor').select(['identifier', 'sapNumber', 'product']).where('id', '=', creditorId).executeTakeFirst()
    : undefined;
  const isAdmin = actor.roles.some((role) => ADMIN_ROLES.has(role));
  const email = user?.email ?? null;
  return db
    .insertInto('actionLogEntry')
    .values({
      userId: actor.userId,
      actionType,
      productType: creditor?.product ?? (actor.product || null),
      payload: JSON.stringify(payload ?? {}),
      adminEmail: isAdmin ? email : (actor.adminEmail ?? null),
      userEmail: isAdmin ? null : email,
      creditorId: creditorId ?? null,
      creditorIdentifier: creditor?.identifier ?? '',
      debtorIdentifier: refs.debtorIdentifier ?? '',
      voucherIdentifier: refs.voucherIdentifier ?? '',
      creditorSapNumber: creditor?.sapNumber ?? '',
      debtorSapNumber: refs.debtorSapNumber ?? '',
      voucherReference: refs.voucherReference ?? '',
      voucherSapNumber: refs.voucherSapNumber ?? '',
      transactionKey: randomUUID(),
      createdAt: new Date(),
    })
    .returning('id')
    .executeTakeFirstOrThrow()
    .then((row) => row.id);
}

/** The actor of an authenticated request (`request.user`). */
export function actorOf(user: {
  id: number;
  roles: string[];
  product: string;
  creditorId: number | null;
  adminEmail?: string;
}): ActionLogActor {
  return { userId: user.id, roles: user.roles, product: user.product, creditorId: user.creditorId, adminEmail: user.adminEmail };
}
