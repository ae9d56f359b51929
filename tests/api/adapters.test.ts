import { mkdtemp, readdir, readFile, rm } from 'node:fs/promises';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { SMTPServer } from 'smtp-server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { variants } from '../../generated/variants';
import { createAdapters } from '../../src/server/adapters';
import { createLocalBookingSystem } from '../../src/server/adapters/booking-system/local-booking-system';
import { dispatchMail, enqueueMail, retryDelayMs } from '../../src/server/adapters/mail/mail-outbox';
import { createMailer } from '../../src/server/adapters/mail/nodemailer-mailer';
import { parseEml } from '../../src/server/adapters/mail/testing/read-eml';
import { startWorkers } from '../../src/server/adapters/workers';
import { buildTestApp, type TestApp } from '../helpers/app';

// Runs against PGlite and PostgreSQL alike: plain Kysely queries only, ids looked up, never assumed.

let t: TestApp;
let creditor: { id: number; product: string };
let mainUserCount: number;
let dir: string;
const quiet = { info: () => {}, error: () => {} };
const HOUR = 3_600_000;
const booking = createLocalBookingSystem({ delaySeconds: 3_600, log: quiet });

beforeAll(async () => {
  t = await buildTestApp();
  dir = await mkdtemp(path.join(tmpdir(), 'kontor-adapters-test-'));
  creditor = await t.db
    .selectFrom('appUser')
    .innerJoin('creditor', 'creditor.id', 'appUser.creditorId')
    .select(['creditor.id', 'creditor.product'])
    .where('appUser.username', '=', 'creditor@example.com')
    .executeTakeFirstOrThrow();
  mainUserCount = (
    await t.db
      .selectFrom('appUser')
      .select(({ fn }) => fn.countAll<number>().as('n'))
      .where('creditorId', '=', creditor.id)
      .where('status', 'in', ['active', 'password_reset_requested', 'password_reset'])
      .where((eb) => eb(eb.val('ROLE_CREDITOR'), '=', eb.fn.any('roles')))
      .executeTakeFirstOrThrow()
  ).n;
});
afterAll(async () => {
  await t?.close();
  if (dir) await rm(dir, { recursive: true, force: true });
});

const debtorOf = (id: number) =>
  t.db.selectFrom('debtor').selectAll().where('id', '=', id).executeTakeFirstOrThrow();

/** A debtor of the demo creditor matching the condition, with no request running. */
async function pickDebtor(blacklisted: boolean, minLimit = 0) {
  return t.db
    .selectFrom('debtor')
    .selectAll()
    .where('creditorId', '=', creditor.id)
    .where('isOnBlackList', '=', blacklisted)
    .where('status', '=', 'active')
    .where('limitRequestActive', '=', false)
    .where('approvedLimit', '>=', minLimit)
    .orderBy('id')
    .executeTakeFirstOrThrow();
}

/** What the limit-increase command does: the request plus the running flag, in one transaction. */
async function requestIncrease(debtorId: number, desiredLimit: number, now: Date) {
  return t.db.transaction().execute(async (trx) => {
    await trx.updateTable('debtor').set({ limitRequestActive: true }).where('id', '=', debtorId).execute();
    return booking.requestLimitIncrease(trx, {
      creditorId: creditor.id,
      debtorId,
      userId: null,
      desiredLimit,
      reason: 'Mehr Umsatz',
      now,
    });
  });
}

async function traces(debtorId: number, since: Date) {
  const notifications = await t.db
    .selectFrom('notification')
    .selectAll()
    .where('debtorId', '=', debtorId)
    .where('type', '=', 'limitIncrease')
    .where('createdAt', '>=', since)
    .execute();
  const history = await t.db
    .selectFrom('debtorHistory')
    .selectAll()
    .where('debtorId', '=', debtorId)
    .where('event', '=', 'limitIncreaseDecided')
    .where('createdAt', '>=', since)
    .execute();
  return { notifications, history };
}

describe('local booking system', () => {
  it('decides a limit increase only after the delay, then raises the limit and tells the creditor', async () => {
    const debtor = await pickDebtor(false);
    const desired = Math.max(debtor.approvedLimit * 2, 1_000_000);
    const now = new Date('2031-03-01T09:00:00Z');
    const { requestId } = await requestIncrease(debtor.id, desired, now);

    expect(await booking.decideDue(t.db, new Date(now.getTime() + HOUR - 1_000))).toBe(0);
    const open = await t.db
      .selectFrom('bookingRequest')
      .selectAll()
      .where('id', '=', requestId)
      .executeTakeFirstOrThrow();
    expect(open).toMatchObject({
      status: 'open',
      kind: 'limitIncrease',
      debtorId: debtor.id,
      decidedAt: null,
    });
    expect(open.payload).toEqual({ desiredLimit: desired, reason: 'Mehr Umsatz' });

    const at = new Date(now.getTime() + HOUR);
    expect(await booking.decideDue(t.db, at)).toBe(1);
    expect(await booking.decideDue(t.db, at)).toBe(0);

    const after = await debtorOf(debtor.id);
    expect(after.approvedLimit).toBe(desired);
    expect(after.availableLimit).toBe(debtor.availableLimit + desired - debtor.approvedLimit);
    expect(after.limitRequestActive).toBe(false);
    expect(after.limitUpdateDate?.toISOString()).toBe(at.toISOString());
    expect(after.limitExpiredDate?.toISOString()).toBe('2032-03-01T10:00:00.000Z');

    const request = await t.db
      .selectFrom('bookingRequest')
      .selectAll()
      .where('id', '=', requestId)
      .executeTakeFirstOrThrow();
    expect(request.status).toBe('approved');
    expect(request.decidedAt?.toISOString()).toBe(at.toISOString());
    expect(request.decision).toMatchObject({ approvedLimit: desired, previousLimit: debtor.approvedLimit });

    const { notifications, history } = await traces(debtor.id, at);
    expect(mainUserCount).toBeGreaterThan(0);
    expect(notifications).toHaveLength(mainUserCount);
    expect(notifications[0].title).toBe(`Limiterhöhung für ${debtor.name} genehmigt`);
    expect(notifications[0].message).toMatch(/^Angefragt: [\d.]+,\d\d €\. Genehmigt in voller Höhe/);
    expect(history).toHaveLength(1);
    expect(history[0]).toMatchObject({
      userEmail: null,
      title: notifications[0].title,
      text: notifications[0].message,
    });
    expect(history[0].payload).toMatchObject({ requestId, status: 'approved', approvedLimit: desired });

    const mails = await t.db
      .selectFrom('mailOutbox')
      .selectAll()
      .where('template', '=', 'limitIncreaseDecided')
      .execute();
    expect(mails.filter((m) => (m.params as { debtorName: string }).debtorName === debtor.name)).toHaveLength(
      mainUserCount,
    );
  });

  it('rejects the request for a blacklisted debtor and keeps its limit', async () => {
    const debtor = await pickDebtor(true);
    const now = new Date('2031-04-01T09:00:00Z');
    const { requestId } = await requestIncrease(debtor.id, debtor.approvedLimit + 100_000, now);
    const at = new Date(now.getTime() + HOUR);
    expect(await booking.decideDue(t.db, at)).toBe(1);

    const after = await debtorOf(debtor.id);
    expect(after).toMatchObject({
      approvedLimit: debtor.approvedLimit,
      availableLimit: debtor.availableLimit,
      limitRequestActive: false,
    });
    expect(after.limitUpdateDate?.getTime()).toBe(debtor.limitUpdateDate?.getTime());
    const request = await t.db
      .selectFrom('bookingRequest')
      .selectAll()
      .where('id', '=', requestId)
      .executeTakeFirstOrThrow();
    expect(request.status).toBe('rejected');
    expect(request.decision).toMatchObject({ reason: 'blacklisted' });
    const { notifications, history } = await traces(debtor.id, at);
    expect(notifications).toHaveLength(mainUserCount);
    expect(notifications[0].title).toBe(`Limiterhöhung für ${debtor.name} abgelehnt`);
    expect(history).toHaveLength(1);
  });

  it('partly approves above twice the limit; parallel runs decide each request once', async () => {
    const debtor = await pickDebtor(false, 3_000_000);
    const other = await t.db
      .selectFrom('debtor')
      .selectAll()
      .where('creditorId', '=', creditor.id)
      .where('id', '!=', debtor.id)
      .where('isOnBlackList', '=', false)
      .where('status', '=', 'active')
      .orderBy('id', 'desc')
      .executeTakeFirstOrThrow();
    const now = new Date('2031-05-01T09:00:00Z');
    await requestIncrease(debtor.id, debtor.approvedLimit * 3, now);
    await requestIncrease(other.id, 100_000, now);
    const at = new Date(now.getTime() + HOUR);
    const counts = await Promise.all([
      booking.decideDue(t.db, at),
      booking.decideDue(t.db, at),
      booking.decideDue(t.db, at),
    ]);
    expect(counts.reduce((a, b) => a + b, 0)).toBe(2);
    expect((await debtorOf(debtor.id)).approvedLimit).toBe(debtor.approvedLimit * 2);
    expect((await traces(debtor.id, at)).history).toHaveLength(1);
    expect((await traces(other.id, at)).history).toHaveLength(1);
  });
});

describe('mail outbox', () => {
  const notice = (recipient: string, now?: Date) => ({
    creditorId: creditor.id,
    productType: 'APL',
    recipient,
    template: 'notice',
    params: {
      title: 'Wartung am Sonntag',
      text: 'Das Portal ist am Sonntag von 8 bis 10 Uhr nicht erreichbar.',
    },
    now,
  });
  const row = (id: number) =>
    t.db.selectFrom('mailOutbox').selectAll().where('id', '=', id).executeTakeFirstOrThrow();

  it('leaves no row when the enqueueing transaction rolls back', async () => {
    await expect(
      t.db.transaction().execute(async (trx) => {
        await enqueueMail(trx, notice('rollback@example.com'));
        throw new Error('command failed');
      }),
    ).rejects.toThrow('command failed');
    const rows = await t.db
      .selectFrom('mailOutbox')
      .select('id')
      .where('recipient', '=', 'rollback@example.com')
      .execute();
    expect(rows).toHaveLength(0);
    await expect(
      t.db.transaction().execute((trx) => enqueueMail(trx, { ...notice('x@example.com'), template: 'nope' })),
    ).rejects.toThrow(/unknown mail template/);
  });

  it('writes a due mail as an .eml file into the outbox and marks it sent', async () => {
    const now = new Date('2031-06-01T09:00:00Z');
    const { id } = await t.db
      .transaction()
      .execute((trx) => enqueueMail(trx, notice('file@example.com', now)));
    const outboxDir = path.join(dir, 'outbox');
    const mailer = createMailer({ outboxDir, log: quiet });
    await dispatchMail(t.db, mailer, new Date(now.getTime() - 1_000)); // not due yet
    expect((await row(id)).sentAt).toBeNull();
    const result = await dispatchMail(t.db, mailer, now);
    expect(result.sent).toBeGreaterThanOrEqual(1);

    const sent = await row(id);
    expect(sent.sentAt?.toISOString()).toBe(now.toISOString());
    expect(sent.messageId).toMatch(/^<.+>$/);
    const files = await Promise.all(
      (await readdir(outboxDir)).map((f) => readFile(path.join(outboxDir, f), 'utf8')),
    );
    const mail = parseEml(files.find((f) => f.includes(sent.messageId!))!);
    expect(mail.headers.to).toBe('file@example.com');
    expect(mail.headers.from).toBe('Kontor <no-reply@kontor.example>');
    expect(mail.headers.subject).toBe(`${variants.APL.productName}: Wartung am Sonntag`);
    expect(mail.text).toContain('Guten Tag,');
    expect(mail.text).toContain('Das Portal ist am Sonntag von 8 bis 10 Uhr nicht erreichbar.');
    expect(mail.text).toContain(`Mit freundlichen Grüßen\r\nIhr Team von ${variants.APL.productName}`);
    expect(mail.html).toContain(variants.APL.logo);
  });

  it('hands every row to exactly one of several dispatchers running at once', async () => {
    const sentTo: string[] = [];
    const recording = {
      send: async (message: { to: string }) => {
        await new Promise((resolve) => setTimeout(resolve, 5)); // let the dispatchers interleave
        sentTo.push(message.to);
        return { messageId: `<${sentTo.length}@test>` };
      },
      close: async () => {},
    };
    const now = new Date('2031-06-15T09:00:00Z');
    const recipients = Array.from({ length: 30 }, (_, i) => `parallel-${i}@example.com`);
    await t.db.transaction().execute(async (trx) => {
      for (const recipient of recipients) await enqueueMail(trx, notice(recipient, now));
    });
    await Promise.all([1, 2, 3].map(() => dispatchMail(t.db, recording, now)));
    const ours = sentTo.filter((to) => to.startsWith('parallel-'));
    expect(ours.sort()).toEqual([...recipients].sort());
  });

  it('counts a failed attempt, keeps the error and retries later with a growing pause', async () => {
    const closedPort = await freePort();
    const mailer = createMailer({ smtpUrl: `smtp://127.0.0.1:${closedPort}`, outboxDir: dir, log: quiet });
    const now = new Date('2031-07-01T09:00:00Z');
    const { id } = await t.db
      .transaction()
      .execute((trx) => enqueueMail(trx, notice('fail@example.com', now)));

    expect((await dispatchMail(t.db, mailer, now)).failed).toBeGreaterThanOrEqual(1);
    let failed = await row(id);
    expect(failed).toMatchObject({ attempts: 1, sentAt: null, messageId: null });
    expect(failed.lastError).toMatch(/ECONNREFUSED|connect/i);
    expect(failed.nextAttemptAt.getTime()).toBe(now.getTime() + retryDelayMs(1));

    await dispatchMail(t.db, mailer, now); // not due yet: untouched
    expect((await row(id)).attempts).toBe(1);
    const later = new Date(now.getTime() + retryDelayMs(1));
    await dispatchMail(t.db, mailer, later);
    failed = await row(id);
    expect(failed).toMatchObject({ attempts: 2, sentAt: null });
    expect(failed.nextAttemptAt.getTime()).toBe(later.getTime() + retryDelayMs(2));
    await mailer.close();
  });

  it('sends through a real SMTP server', async () => {
    const received: { raw: string; rcptTo: string[] }[] = [];
    const server = new SMTPServer({
      authOptional: true,
      disabledCommands: ['STARTTLS'],
      logger: false,
      onData(stream, session, callback) {
        const chunks: Buffer[] = [];
        stream.on('data', (chunk: Buffer) => chunks.push(chunk));
        stream.on('end', () => {
          received.push({
            raw: Buffer.concat(chunks).toString('utf8'),
            rcptTo: session.envelope.rcptTo.map((r) => r.address),
          });
          callback();
        });
      },
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const { port } = server.server.address() as { port: number };
    const mailer = createMailer({
      smtpUrl: `smtp://127.0.0.1:${port}`,
      outboxDir: dir,
      from: 'Kontor Test <test@kontor.example>',
      log: quiet,
    });
    try {
      const now = new Date('2031-08-01T09:00:00Z');
      const { id } = await t.db
        .transaction()
        .execute((trx) => enqueueMail(trx, notice('smtp@example.com', now)));
      await dispatchMail(t.db, mailer, now);
      const sent = await row(id);
      expect(sent.sentAt?.toISOString()).toBe(now.toISOString());
      const message = received.find((m) => m.rcptTo.includes('smtp@example.com'))!;
      expect(message).toBeDefined();
      const mail = parseEml(message.raw);
      expect(mail.headers.subject).toBe(`${variants.APL.productName}: Wartung am Sonntag`);
      expect(mail.headers.to).toBe('smtp@example.com');
      expect(mail.headers.from).toBe('Kontor Test <test@kontor.example>');
      expect(mail.headers['message-id']).toBe(sent.messageId);
      expect(mail.text).toContain('nicht erreichbar');
    } finally {
      await mailer.close();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    }
  });
});

describe('workers', () => {
  it('decide due requests and send their mails in one run on a moved clock', async () => {
    const outboxDir = path.join(dir, 'worker-outbox');
    const adapters = createAdapters(
      { BOOKING_DECISION_DELAY_SECONDS: '60', MAIL_OUTBOX_DIR: outboxDir },
      { dataDir: dir, log: quiet },
    );
    let clock = new Date('2031-09-01T09:00:00Z');
    // the booking system's decisions and the mail outbox (a run in 2031 would also dun and bill years)
    const workers = startWorkers({
      db: t.db,
      adapters,
      intervalMs: 60_000,
      now: () => clock,
      log: quiet,
      tasks: ['bookings', 'mail'],
    });
    try {
      const debtor = await pickDebtor(false);
      await t.db.transaction().execute((trx) =>
        adapters.bookingSystem.requestLimitIncrease(trx, {
          creditorId: creditor.id,
          debtorId: debtor.id,
          userId: null,
          desiredLimit: debtor.approvedLimit + 50_000,
          now: clock,
        }),
      );
      await workers.runOnce();
      expect((await traces(debtor.id, clock)).history).toHaveLength(0);
      clock = new Date(clock.getTime() + 60_000);
      await workers.runOnce();
      expect((await traces(debtor.id, clock)).history).toHaveLength(1);
      const files = await readdir(outboxDir);
      const mails = await Promise.all(
        files.map(async (f) => parseEml(await readFile(path.join(outboxDir, f), 'utf8'))),
      );
      const subjects = mails.map((m) => m.headers.subject);
      expect(subjects.filter((s) => s === `Limiterhöhung für ${debtor.name} genehmigt`)).toHaveLength(
        mainUserCount,
      );
    } finally {
      await workers.stop();
      await adapters.mailer.close();
    }
  });

  it('refuse an unknown implementation at start-up', () => {
    expect(() => createAdapters({ CREDIT_AGENCY: 'schufa' }, { dataDir: dir })).toThrow(
      /CREDIT_AGENCY=schufa is not known/,
    );
    expect(() => createAdapters({ BOOKING_DECISION_DELAY_SECONDS: 'soon' }, { dataDir: dir })).toThrow(
      /BOOKING_DECISION_DELAY_SECONDS/,
    );
  });
});

/** A port nothing listens on (opened and closed again). */
async function freePort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as { port: number };
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return port;
}
