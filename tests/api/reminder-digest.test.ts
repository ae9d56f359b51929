import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { enums } from '../../generated/enums';
import { renderMail } from '../../src/server/adapters/mail/mail-templates';
import { sendDueReminders } from '../../src/server/domain/settings/reminder-digest';
import { type TestApp, buildTestApp } from '../helpers/app';

// The e-mail reminders (settings tab e-mail notifications): a digest per address at its frequency,
// driven by a moved clock, written once however often (or in how many processes) the job runs.

let t: TestApp;
let creditorId: number;
let assistantId: number;
const ADDRESS = 'Assistant@example.com';
const T0 = new Date('2031-01-01T08:00:00Z');
const day = (n: number) => new Date(T0.getTime() + n * 86_400_000);

beforeAll(async () => {
  t = await buildTestApp();
  const assistant = await t.db
    .selectFrom('appUser')
    .select(['id', 'creditorId'])
    .where('username', '=', 'assistant@example.com')
    .executeTakeFirstOrThrow();
  creditorId = assistant.creditorId!;
  assistantId = assistant.id;
  await t.db
    .insertInto('emailReminderSetting')
    .values({ creditorId, email: ADDRESS, frequency: 'weekly', createdAt: T0, updatedAt: T0 })
    .execute();
});
afterAll(() => t.close());

const digests = () =>
  t.db
    .selectFrom('mailOutbox')
    .select(['params', 'createdAt'])
    .where('recipient', '=', ADDRESS)
    .where('template', '=', 'reminderDigest')
    .orderBy('id')
    .execute();
const openDecisions = async () =>
  Number(
    (
      await t.db
        .selectFrom('workQueueItem')
        .select((eb) => eb.fn.countAll<string>().as('n'))
        .where('creditorId', '=', creditorId)
        .where('status', 'in', enums.workQueueStatus.groups.open.values.map(String))
        .executeTakeFirstOrThrow()
    ).n,
  );

describe('e-mail reminder digests', () => {
  it('waits one frequency after the setting was made', async () => {
    await sendDueReminders(t.db, day(6));
    expect(await digests()).toHaveLength(0);
  });

  it('mails the open decisions and the new notifications of the address once the week is over, once', async () => {
    await t.db
      .insertInto('notification')
      .values({ creditorId, userId: assistantId, title: 'Neue Entscheidung', createdAt: day(2) })
      .execute();
    expect(await sendDueReminders(t.db, day(7))).toBeGreaterThanOrEqual(1);
    const decisions = await openDecisions();
    expect(decisions).toBeGreaterThan(0);
    expect((await digests()).map((d) => d.params)).toEqual([{ openDecisions: decisions, newNotifications: 1 }]);
    // the same moment again, and two processes at once: nothing more
    expect(await sendDueReminders(t.db, day(7))).toBe(0);
    await Promise.all([sendDueReminders(t.db, day(10)), sendDueReminders(t.db, day(10))]);
    expect(await digests()).toHaveLength(1);
  });

  it('counts only notifications since the last digest, a week later', async () => {
    await sendDueReminders(t.db, day(13));
    expect(await digests()).toHaveLength(1);
    await Promise.all([sendDueReminders(t.db, day(14)), sendDueReminders(t.db, day(14))]);
    const all = await digests();
    expect(all).toHaveLength(2);
    expect(all[1].params).toEqual({ openDecisions: await openDecisions(), newNotifications: 0 });
  });

  it('writes nothing when there is nothing to report, and the frequency change applies from the last digest', async () => {
    await t.db.updateTable('workQueueItem').set({ status: 'done' }).where('creditorId', '=', creditorId).execute();
    await t.db.updateTable('emailReminderSetting').set({ frequency: 'daily' }).where('email', '=', ADDRESS).execute();
    await sendDueReminders(t.db, day(15));
    expect(await digests()).toHaveLength(2);
    const setting = await t.db.selectFrom('emailReminderSetting').select('lastRemindedAt').where('email', '=', ADDRESS).executeTakeFirstOrThrow();
    expect(setting.lastRemindedAt?.toISOString()).toBe(day(15).toISOString());
  });

  it('reads as a German mail with the counts and the portal address', () => {
    const mail = renderMail('reminderDigest', { openDecisions: 3, newNotifications: 0 }, 'SMAFA', { baseUrl: 'https://portal.example' });
    expect(mail.text).toContain('Offene Entscheidungen: 3');
    expect(mail.text).not.toContain('Neue Benachrichtigungen');
    expect(mail.text).toContain('https://portal.example');
  });
});
