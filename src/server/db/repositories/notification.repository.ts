import { type Kysely, sql } from 'kysely';
import type { Notification } from '../../../../generated/types';
import type { Database } from '../schema';
import { toEpochSeconds } from '../values';

export interface NotificationListQuery {
  page: number;
  rowsPerPage: number;
  sortBy?: 'created' | 'status' | 'title';
  sortDesc?: boolean;
  filters?: { status?: string[] };
}

const SORT_COLUMNS = {
  created: sql.ref('n.createdAt'),
  status: sql.ref('n.status'),
  title: sql`n.title collate "und-x-icu"`,
} as const;

/**
 * One page of a user's own notifications (read state is per user), newest first unless sorted
 * otherwise, with `count` and `empty` (the user has no notifications at all).
 *
 * @example
 * await listNotifications(db, userId, { page: 1, rowsPerPage: 15, filters: { status: ['new'] } });
 */
export async function listNotifications(db: Kysely<Database>, userId: number, query: NotificationListQuery) {
  const statuses = query.filters?.status ?? [];
  const base = db
    .selectFrom('notification as n')
    .where('n.userId', '=', userId)
    .$if(statuses.length > 0, (q) => q.where('n.status', 'in', statuses));
  const desc = query.sortBy ? Boolean(query.sortDesc) : true;
  const [rows, { count }, any] = await Promise.all([
    base
      .leftJoin('voucher as v', 'v.id', 'n.voucherId')
      .leftJoin('debtor as d', 'd.id', 'n.debtorId')
      .select([
        'n.id',
        'n.status',
        'n.createdAt',
        'n.title',
        'n.type',
        'n.message',
        'n.voucherId',
        'v.officialVoucherNumber',
        'v.customNumber',
        'n.debtorId',
        'd.name as debtorName',
      ])
      .orderBy(sql`${SORT_COLUMNS[query.sortBy ?? 'created']} ${desc ? sql`desc` : sql`asc`}`)
      .orderBy('n.id', desc ? 'desc' : 'asc')
      .limit(query.rowsPerPage)
      .offset((query.page - 1) * query.rowsPerPage)
      .execute(),
    base.select((eb) => eb.fn.countAll<number>().as('count')).executeTakeFirstOrThrow(),
    db.selectFrom('notification').select('id').where('userId', '=', userId).limit(1).executeTakeFirst(),
  ]);
  const entries: Notification[] = rows.map((row) => ({
    identifier: row.id,
    status: row.status as Notification['status'],
    created: toEpochSeconds(row.createdAt)!,
    title: row.title,
    type: row.type,
    message: row.message,
    voucher: row.voucherId
      ? { id: row.voucherId, numberToShow: row.officialVoucherNumber ?? row.customNumber }
      : null,
    debtor: row.debtorId && row.debtorName ? { id: row.debtorId, name: row.debtorName } : null,
  }));
  return { entries, count, empty: !any };
}

/** Unread (new) notifications of a user — the toolbar badge. */
export async function countNewNotifications(db: Kysely<Database>, userId: number): Promise<number> {
  const row = await db
    .selectFrom('notification')
    .where('userId', '=', userId)
    .where('status', '=', 'new')
    .select((eb) => eb.fn.countAll<number>().as('count'))
    .executeTakeFirstOrThrow();
  return row.count;
}

/**
 * Sets the status of the user's own notifications (`ids` undefined: all of them). Ids of other
 * users are ignored, so nobody can change someone else's read state. Returns how many changed.
 */
/** Whether every id names one of the user's own notifications (unknown and other users' ids do not). */
export async function ownsNotifications(db: Kysely<Database>, userId: number, ids: number[]): Promise<boolean> {
  const wanted = [...new Set(ids)];
  if (wanted.length === 0) return true;
  const row = await db
    .selectFrom('notification')
    .select((eb) => eb.fn.countAll<string>().as('count'))
    .where('userId', '=', userId)
    .where('id', 'in', wanted)
    .executeTakeFirstOrThrow();
  return Number(row.count) === wanted.length;
}

export async function setNotificationStatus(
  db: Kysely<Database>,
  userId: number,
  status: 'new' | 'read',
  ids?: number[],
): Promise<number> {
  if (ids && ids.length === 0) return 0;
  const result = await db
    .updateTable('notification')
    .set({ status })
    .where('userId', '=', userId)
    .where('status', '<>', status)
    .$if(ids !== undefined, (q) => q.where('id', 'in', ids!))
    .executeTakeFirst();
  return Number(result.numUpdatedRows);
}
