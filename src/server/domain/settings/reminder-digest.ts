import { type Kysely, sql } from 'kysely';
import { enums } from '../../../../generated/enums';
import { enqueueMail } from '../../adapters/mail/mail-outbox';
import type { Database } from '../../db/schema';
import { enumValue } from '../../services/status-groups';

/**
 * How long each reminder frequency waits between two digests (schema/enums/reminderFrequency.yaml,
 * document 1 §3): a PostgreSQL interval per value. Checked against the enumeration when loaded.
 */
export const REMINDER_INTERVALS: Record<string, string> = {
  [enumValue('reminderFrequency', 'daily')]: '1 day',
  [enumValue('reminderFrequency', 'weekly')]: '7 days',
  [enumValue('reminderFrequency', 'biweekly')]: '14 days',
  [enumValue('reminderFrequency', 'monthly')]: '1 month',
  [enumValue('reminderFrequency', 'bimonthly')]: '2 months',
  [enumValue('reminderFrequency', 'three_monthly')]: '3 months',
  [enumValue('reminderFrequency', 'six_monthly')]: '6 months',
  [enumValue('reminderFrequency', 'yearly')]: '1 year',
};
for (const { value } of enums.reminderFrequency.values) {
  if (!REMINDER_INTERVALS[String(value)]) throw new Error(`reminder frequency '${value}' has no interval`);
}

const OPEN_DECISIONS = enums.workQueueStatus.groups.open.values.map(String);
const NEW_NOTIFICATION = enumValue('notificationStatus', 'new');
const BATCH = 100;

/** The interval of a setting's frequency, as SQL (a CASE over the lookup above). */
export const REMINDER_INTERVAL_SQL = sql`(case frequency ${sql.join(
  Object.entries(REMINDER_INTERVALS).map(([frequency, interval]) => sql`when ${frequency} then ${interval}::interval`),
  sql` `,
)} end)`;

/**
 * Writes the reminder digests that are due at `now` into the mail outbox: every address whose
 * frequency has passed since its last digest (since the setting was made, for the first) gets the
 * number of its creditor's open work-queue decisions and of the new notifications of the user with
 * that address since the last digest. Nothing to report: no mail, but the period counts as reminded.
 * Each row is claimed by id in the mail's transaction (FOR UPDATE SKIP LOCKED, its due condition
 * read again under the lock) and its mark moved there, so running twice (or in two processes) sends
 * one digest. Never by comparing the mark with the value read before: a timestamp written by SQL
 * carries microseconds a JavaScript Date cannot hold, such a claim never matched and the run looped
 * for ever (issue 27). The run walks the ids upwards once, so it ends whatever a row holds.
 * Returns the number of mails written.
 *
 * @example await sendDueReminders(db, new Date()) // → 3
 */
export async function sendDueReminders(db: Kysely<Database>, now: Date, signal?: AbortSignal): Promise<number> {
  let written = 0;
  let after = 0;
  for (;;) {
    const due = await db
      .selectFrom('emailReminderSetting as s')
      .innerJoin('creditor as c', 'c.id', 's.creditorId')
      .select(['s.id', 's.creditorId', 's.email', 's.frequency', 's.lastRemindedAt', 's.createdAt', 'c.product'])
      .where(sql<boolean>`coalesce(s.last_reminded_at, s.created_at) + ${REMINDER_INTERVAL_SQL} <= ${now}`)
      .where('s.id', '>', after)
      .orderBy('s.id')
      .limit(BATCH)
      .execute();
    if (due.length === 0) return written;
    after = due[due.length - 1].id;
    for (const setting of due) {
      if (signal?.aborted) return written;
      await db.transaction().execute(async (trx) => {
        // the claim: this row, still due under its lock (another process holding it is passed over)
        const claimed = await trx
          .selectFrom('emailReminderSetting')
          .select(['id', 'lastRemindedAt', 'createdAt'])
          .where('id', '=', setting.id)
          .where(sql<boolean>`coalesce(last_reminded_at, created_at) + ${REMINDER_INTERVAL_SQL} <= ${now}`)
          .forUpdate()
          .skipLocked()
          .executeTakeFirst();
        if (!claimed) return; // another run took it
        const since = claimed.lastRemindedAt ?? claimed.createdAt;
        await trx.updateTable('emailReminderSetting').set({ lastRemindedAt: now }).where('id', '=', setting.id).execute();
        const [{ openDecisions }] = await trx
          .selectFrom('workQueueItem')
          .select((eb) => eb.fn.countAll<string>().as('openDecisions'))
          .where('creditorId', '=', setting.creditorId)
          .where('status', 'in', OPEN_DECISIONS)
          .execute();
        const [{ newNotifications }] = await trx
          .selectFrom('notification as n')
          .innerJoin('appUser as u', 'u.id', 'n.userId')
          .select((eb) => eb.fn.countAll<string>().as('newNotifications'))
          .where('n.creditorId', '=', setting.creditorId)
          .where(sql<boolean>`lower(u.email) = ${setting.email.toLowerCase()}`)
          .where('n.status', '=', NEW_NOTIFICATION)
          .where('n.createdAt', '>', since)
          .execute();
        if (Number(openDecisions) === 0 && Number(newNotifications) === 0) return;
        await enqueueMail(trx, {
          creditorId: setting.creditorId,
          productType: setting.product,
          recipient: setting.email,
          template: 'reminderDigest',
          params: { openDecisions: Number(openDecisions), newNotifications: Number(newNotifications) },
          now,
        });
        written++;
      });
    }
  }
}
