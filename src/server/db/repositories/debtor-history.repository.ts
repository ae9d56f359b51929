import type { Kysely } from 'kysely';
import type { DebtorHistoryEntry, LogItem } from '../../../../generated/types';
import type { Database } from '../schema';
import { toEpochSeconds } from '../values';

/**
 * The history of one debtor of `creditorId` and its locations, newest first
 * (GET /debtor/{id}/history/list), or undefined when the debtor is not the creditor's.
 *
 * @example await listDebtorHistory(db, creditorId, 12); // [{ id, created, title, text, userEmail, location }]
 */
export async function listDebtorHistory(
  db: Kysely<Database>,
  creditorId: number,
  debtorId: number,
): Promise<DebtorHistoryEntry[] | undefined> {
  const debtor = await db
    .selectFrom('debtor')
    .select('id')
    .where('creditorId', '=', creditorId)
    .where('id', '=', debtorId)
    .executeTakeFirst();
  if (!debtor) return undefined;
  const rows = await db
    .selectFrom('debtorHistory as h')
    .leftJoin('location as l', 'l.id', 'h.locationId')
    .select([
      'h.id',
      'h.createdAt',
      'h.title',
      'h.text',
      'h.userEmail',
      'l.id as locationId',
      'l.name as locationName',
      'l.customDebtorNumber',
    ])
    .where('h.creditorId', '=', creditorId)
    .where('h.debtorId', '=', debtorId)
    .orderBy('h.createdAt', 'desc')
    .orderBy('h.id', 'desc')
    .execute();
  return rows.map((row) => ({
    id: row.id,
    created: toEpochSeconds(row.createdAt)!,
    title: row.title,
    text: row.text,
    userEmail: row.userEmail,
    location:
      row.locationId != null
        ? { id: row.locationId, name: row.locationName!, customNumber: row.customDebtorNumber }
        : null,
  }));
}

const jsonText = (value: unknown) =>
  value == null ? null : typeof value === 'string' ? value : JSON.stringify(value);

/**
 * The process log of one debtor, newest first (GET /debtor/{id}/process-log/list, admin view:
 * any creditor's debtor), or undefined when no such debtor exists. context and extra are JSON text.
 *
 * @example await listDebtorProcessLog(db, 12); // [{ identifier, creationDate, channel, message, … }]
 */
export async function listDebtorProcessLog(
  db: Kysely<Database>,
  debtorId: number,
): Promise<LogItem[] | undefined> {
  const debtor = await db.selectFrom('debtor').select('id').where('id', '=', debtorId).executeTakeFirst();
  if (!debtor) return undefined;
  const rows = await db
    .selectFrom('logItem')
    .selectAll()
    .where('debtorId', '=', debtorId)
    .orderBy('createdAt', 'desc')
    .orderBy('id', 'desc')
    .execute();
  return rows.map((row) => ({
    creationDate: toEpochSeconds(row.createdAt)!,
    updateDate: toEpochSeconds(row.updatedAt),
    identifier: Number(row.id),
    channel: row.channel,
    context: jsonText(row.context),
    message: row.message,
    extra: jsonText(row.extra),
  }));
}
