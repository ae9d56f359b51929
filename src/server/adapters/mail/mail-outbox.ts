import type { Kysely } from 'kysely';
import { defaultVariantCode } from '../../../../generated/variants';
import type { Database } from '../../db/schema';
import type { MailAttachment, Mailer } from './mail';
import type { PublicUrls } from './public-url';
import { checkMailParams, type MailParams, renderMail } from './mail-templates';

/*
 * The transactional outbox: a command writes its mail as a row in its own transaction, so a mail
 * leaves exactly when the change it reports was committed. `dispatchMail` sends due rows later,
 * retries failures with a growing pause and never hands one row to two processes at once.
 */

export interface MailToSend {
  /** the creditor the mail is about (null for mails outside a tenant) */
  creditorId: number | null;
  /** product code (SMAFA, APL …) whose name, logo and contact the mail shows; null: the default product */
  productType: string | null;
  recipient: string;
  /** a key of MAIL_TEMPLATES */
  template: string;
  params: MailParams;
  /** files sent along; stored in the row (base64) so every retry sends them too */
  attachments?: MailAttachment[];
  /** the clock of the caller; the row is due from then (default: the database's now()) */
  now?: Date;
}

/** First retry after one minute, doubling with every failed attempt, at most six hours. */
export const RETRY_BASE_MS = 60_000;
export const RETRY_MAX_MS = 6 * 60 * 60_000;
/**
 * How long a claimed row stays invisible to other processes while it is being sent; a process that
 * dies mid-send leaves the row to be sent again after this (at-least-once, like any outbox).
 */
export const CLAIM_LEASE_MS = 10 * 60_000;
const BATCH_SIZE = 20;
/** After this many failed attempts (about 17 hours of retries) a mail is parked for an admin to retry. */
export const MAIL_MAX_ATTEMPTS = 10;
const MAX_ERROR_LENGTH = 2_000;

/**
 * The pause before the next attempt after `attempts` failed ones.
 *
 * @example retryDelayMs(1) // 60_000
 * @example retryDelayMs(3) // 240_000
 * @example retryDelayMs(20) // 21_600_000 (six hours)
 */
export function retryDelayMs(attempts: number): number {
  return Math.min(RETRY_BASE_MS * 2 ** Math.max(0, attempts - 1), RETRY_MAX_MS);
}

/**
 * Writes a mail into the outbox inside the caller's transaction (never commits itself). An unknown
 * template or a missing parameter throws, so the command fails instead of the worker later.
 *
 * @example
 * await db.transaction().execute(async (trx) => {
 *   await enqueueMail(trx, { creditorId: 1, productType: 'SMAFA', recipient: 'creditor@example.com',
 *     template: 'creditorBlocked', params: { creditorName: 'Muster GmbH' } });
 * }); // → { id: 17 }
 */
export async function enqueueMail(trx: Kysely<Database>, mail: MailToSend): Promise<{ id: number }> {
  checkMailParams(mail.template, mail.params);
  const row = await trx
    .insertInto('mailOutbox')
    .values({
      creditorId: mail.creditorId,
      productType: mail.productType,
      recipient: mail.recipient,
      template: mail.template,
      params: JSON.stringify(mail.params),
      attachments: JSON.stringify(
        (mail.attachments ?? []).map((a) => ({ filename: a.filename, contentType: a.contentType, content: a.content.toString('base64') })),
      ),
      ...(mail.now
        ? {
            nextAttemptAt: mail.now,
            createdAt: mail.now,
          }
        : {}),
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return { id: Number(row.id) };
}

/** The attachments of an outbox row as the mailer takes them (content back from base64). */
function storedAttachments(value: unknown): MailAttachment[] | undefined {
  const list = (typeof value === 'string' ? JSON.parse(value) : value) as { filename: string; contentType: string; content: string }[] | null;
  if (!list?.length) return undefined;
  return list.map((a) => ({ filename: a.filename, contentType: a.contentType, content: Buffer.from(a.content, 'base64') }));
}

export interface DispatchResult {
  sent: number;
  failed: number;
  /** failed for the MAIL_MAX_ATTEMPTS-th time: parked, not tried again until an admin retries it */
  parked: number;
}

/**
 * Claims up to `limit` due rows in one statement: the sub-select locks them with SKIP LOCKED (rows
 * another process is claiming are passed over) and the update pushes their next attempt past the
 * lease, so no other process picks them up while they are being sent.
 */
async function claimDue(db: Kysely<Database>, now: Date, limit: number) {
  return db
    .updateTable('mailOutbox')
    .set({ nextAttemptAt: new Date(now.getTime() + CLAIM_LEASE_MS) })
    .where('id', 'in', (eb) =>
      eb
        .selectFrom('mailOutbox')
        .select('id')
        .where('sentAt', 'is', null)
        .where('parkedAt', 'is', null)
        .where('nextAttemptAt', '<=', now)
        .orderBy('nextAttemptAt')
        .orderBy('id')
        .limit(limit)
        .forUpdate()
        .skipLocked(),
    )
    .returning(['id', 'recipient', 'template', 'params', 'attachments', 'productType', 'attempts'])
    .execute();
}

/**
 * Sends every due, unsent outbox row (next_attempt_at ≤ now) through `mailer`: a sent row gets
 * sent_at and message_id; a failed one counts the attempt, keeps the error and waits
 * {@link retryDelayMs}; after MAIL_MAX_ATTEMPTS failures it is parked. Safe to run in several
 * processes at once; `signal` (the workers' time budget) ends the run after the current mail.
 *
 * @example
 * await dispatchMail(db, mailer, new Date()); // → { sent: 3, failed: 0 }
 */
export async function dispatchMail(
  db: Kysely<Database>,
  mailer: Mailer,
  now: Date,
  options: { baseUrl?: string | PublicUrls; signal?: AbortSignal } = {},
): Promise<DispatchResult> {
  const result: DispatchResult = { sent: 0, failed: 0, parked: 0 };
  // Each claimed row leaves the due set (sent, leased or postponed), so the loop ends.
  for (;;) {
    if (options.signal?.aborted) return result;
    // one at a time once the budget may end soon would be finer; a batch of 20 stays well inside it
    const batch = await claimDue(db, now, BATCH_SIZE);
    if (batch.length === 0) return result;
    for (const row of batch) {
      try {
        const params = (typeof row.params === 'string' ? JSON.parse(row.params) : row.params) as MailParams;
        const mail = renderMail(row.template, params ?? {}, row.productType ?? defaultVariantCode, options);
        const sent = await mailer.send({ to: row.recipient, ...mail, attachments: storedAttachments(row.attachments) });
        await db
          .updateTable('mailOutbox')
          .set({ sentAt: now, messageId: sent.messageId, lastError: null })
          .where('id', '=', row.id)
          .execute();
        result.sent++;
      } catch (error) {
        const attempts = row.attempts + 1;
        await db
          .updateTable('mailOutbox')
          .set({
            attempts,
            lastError: (error instanceof Error ? error.message : String(error)).slice(0, MAX_ERROR_LENGTH),
            nextAttemptAt: new Date(now.getTime() + retryDelayMs(attempts)),
            parkedAt: attempts >= MAIL_MAX_ATTEMPTS ? now : null,
          })
          .where('id', '=', row.id)
          .execute();
        result.failed++;
        if (attempts >= MAIL_MAX_ATTEMPTS) result.parked++;
      }
    }
  }
}
