import { XMLValidator } from 'fast-xml-parser';
import { type Kysely, type Selectable, sql } from 'kysely';
import { formatMoney } from '../../../shared/format';
import type { BookingRequestTable, Database } from '../../db/schema';
import { ACTIVE_USER_STATUSES, MAIN_USER_ROLES } from '../../services/creditor-users';
import type { AdapterLogger } from '../adapter-logger';
import { enqueueMail } from '../mail/mail-outbox';
import { DECISION_TEXT_KEY, renderMailText } from '../mail/mail-templates';
import type { BookingSystem } from './booking-system';
import { decideLimitIncrease } from './limit-decision.rules';

/** "Limit increase requests take several days" (document 1 §9): three days unless configured. */
export const DEFAULT_DECISION_DELAY_SECONDS = 3 * 24 * 60 * 60;

const LIMIT_INCREASE = 'limitIncrease';
const EXTERNAL_VOUCHER = 'externalVoucher';

/** The local bnet's interface keys: 32 lower-case letters and digits, as the portal issues them (webAppKey). */
const isValidInterfaceKey = (key: string | null): boolean =>
  typeof key === 'string' && /^[a-z0-9]{32}$/.test(key);

/**
 * Whether the local bnet can read a voucher file: a PDF that ends with its end-of-file marker (a cut
 * download does not), or well-formed XML.
 */
function isReadableVoucherFile(file: { bytes: Buffer }): boolean {
  const bytes = file.bytes;
  if (bytes.length === 0) return false;
  const head = bytes.subarray(0, 1024).toString('latin1');
  if (head.includes('%PDF-')) return bytes.subarray(-1024).toString('latin1').includes('%%EOF');
  const text = bytes.toString('utf8').replace(/^\uFEFF/, '');
  return /^\s*</.test(text) && XMLValidator.validate(text) === true;
}
/** notification.type and debtor_history.event of a decided limit increase */
export const LIMIT_NOTIFICATION_TYPE = 'limitIncrease';
export const LIMIT_HISTORY_EVENT = 'limitIncreaseDecided';

// Only the creditor's main users whose status counts as active hear about decisions.

type BookingRequest = Selectable<BookingRequestTable>;
type Decide = (trx: Kysely<Database>, request: BookingRequest, now: Date) => Promise<void>;

const oneYearAfter = (date: Date): Date => {
  const next = new Date(date);
  next.setUTCFullYear(next.getUTCFullYear() + 1);
  return next;
};

const parseJson = (value: unknown): Record<string, any> =>
  ((typeof value === 'string' ? JSON.parse(value) : value) ?? {}) as Record<string, any>;

/**
 * Decides one limit increase (rule in limit-decision.rules.ts): updates the debtor, stores the
 * decision, and tells the creditor's main users by notification and mail; writes the debtor history.
 */
const decideLimitIncreaseRequest: Decide = async (trx, request, now) => {
  const { desiredLimit } = parseJson(request.payload) as { desiredLimit: number };
  // locked: a concurrent purchase must not change available_limit between read and write
  const debtor = await trx
    .selectFrom('debtor')
    .select(['id', 'name', 'approvedLimit', 'isOnBlackList', 'status'])
    .where('creditorId', '=', request.creditorId)
    .where('id', '=', request.debtorId ?? -1)
    .forUpdate()
    .executeTakeFirst();
  if (!debtor) {
    await trx
      .updateTable('bookingRequest')
      .set({ status: 'rejected', decision: JSON.stringify({ reason: 'debtorNotFound' }), decidedAt: now })
      .where('id', '=', request.id)
      .execute();
    return;
  }
  const decision = decideLimitIncrease({ desiredLimit, ...debtor });
  const changesLimit = decision.status !== 'rejected';
  await trx
    .updateTable('debtor')
    .set((eb) => ({
      limitRequestActive: false,
      updatedAt: now,
      ...(changesLimit
        ? {
            approvedLimit: decision.newLimit,
            availableLimit: eb('availableLimit', '+', decision.newLimit - debtor.approvedLimit),
            limitUpdateDate: now,
            limitExpiredDate: oneYearAfter(now),
          }
        : {}),
    }))
    .where('creditorId', '=', request.creditorId)
    .where('id', '=', debtor.id)
    .execute();
  const stored = {
    requestId: request.id,
    status: decision.status,
    reason: decision.reason,
    desiredLimit,
    previousLimit: debtor.approvedLimit,
    approvedLimit: decision.newLimit,
  };
  await trx
    .updateTable('bookingRequest')
    .set({ status: decision.status, decision: JSON.stringify(stored), decidedAt: now })
    .where('id', '=', request.id)
    .execute();

  const creditor = await trx
    .selectFrom('creditor')
    .select('product')
    .where('id', '=', request.creditorId)
    .executeTakeFirstOrThrow();
  const textKey = DECISION_TEXT_KEY[decision.status];
  const amounts = { desiredLimit: formatMoney(desiredLimit), approvedLimit: formatMoney(decision.newLimit) };
  const title = renderMailText(
    `limitIncreaseDecided.subject.${textKey}`,
    { debtorName: debtor.name },
    creditor.product,
  );
  const text = renderMailText(`limitIncreaseDecided.summary.${textKey}`, amounts, creditor.product);

  const mainUsers = await trx
    .selectFrom('appUser')
    .select(['id', 'email'])
    .where('creditorId', '=', request.creditorId)
    .where('status', 'in', ACTIVE_USER_STATUSES)
    .where((eb) => eb.or(MAIN_USER_ROLES.map((role) => eb(eb.val(role), '=', eb.fn.any('roles')))))
    .orderBy('id')
    .execute();
  if (mainUsers.length) {
    await trx
      .insertInto('notification')
      .values(
        mainUsers.map((user) => ({
          creditorId: request.creditorId,
          userId: user.id,
          type: LIMIT_NOTIFICATION_TYPE,
          title,
          message: text,
          debtorId: debtor.id,
          createdAt: now,
        })),
      )
      .execute();
  }
  for (const user of mainUsers) {
    await enqueueMail(trx, {
      creditorId: request.creditorId,
      productType: creditor.product,
      recipient: user.email,
      template: 'limitIncreaseDecided',
      params: {
        debtorName: debtor.name,
        status: decision.status,
        desiredLimit,
        approvedLimit: decision.newLimit,
      },
      now,
    });
  }
  await trx
    .insertInto('debtorHistory')
    .values({
      creditorId: request.creditorId,
      debtorId: debtor.id,
      title,
      text,
      userEmail: null,
      event: LIMIT_HISTORY_EVENT,
      payload: JSON.stringify(stored),
      createdAt: now,
    })
    .execute();
};

/** How each kind of request is decided; a new kind is one entry here. */
const DECIDERS: Record<string, Decide> = { [LIMIT_INCREASE]: decideLimitIncreaseRequest };

export interface LocalBookingSystemOptions {
  /** seconds from request to decision (BOOKING_DECISION_DELAY_SECONDS) */
  delaySeconds?: number;
  log?: AdapterLogger;
}

/**
 * A booking system that decides its requests itself once `delaySeconds` have passed
 * (`BOOKING_SYSTEM=local`), with the rule of limit-decision.rules.ts.
 *
 * @example
 * const booking = createLocalBookingSystem({ delaySeconds: 60 });
 * await db.transaction().execute((trx) =>
 *   booking.requestLimitIncrease(trx, { creditorId: 1, debtorId: 5, userId: 2, desiredLimit: 3_000_000, now: new Date() }));
 * await booking.decideDue(db, new Date(Date.now() + 61_000)); // → 1
 */
export function createLocalBookingSystem(options: LocalBookingSystemOptions = {}): BookingSystem {
  const delayMs = (options.delaySeconds ?? DEFAULT_DECISION_DELAY_SECONDS) * 1000;
  const log = options.log ?? console;
  return {
    async requestLimitIncrease(trx, request) {
      const row = await trx
        .insertInto('bookingRequest')
        .values({
          creditorId: request.creditorId,
          debtorId: request.debtorId,
          userId: request.userId,
          kind: LIMIT_INCREASE,
          payload: JSON.stringify({ desiredLimit: request.desiredLimit, reason: request.reason ?? null }),
          decideAfter: new Date(request.now.getTime() + delayMs),
          createdAt: request.now,
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      return { requestId: row.id };
    },

    async transferCreditor(trx, transfer) {
      const creditor = await trx
        .selectFrom('creditor')
        .select(['id', 'sapNumber'])
        .where('id', '=', transfer.creditorId)
        .executeTakeFirstOrThrow();
      // the local system numbers a creditor it does not know yet from its id (1000000 + id)
      const sapNumber = creditor.sapNumber ?? String(1_000_000 + creditor.id);
      const row = await trx
        .insertInto('bookingRequest')
        .values({
          creditorId: transfer.creditorId,
          userId: transfer.userId,
          kind: transfer.kind,
          payload: JSON.stringify(transfer.payload),
          // taken at once: no decision to wait for
          status: 'approved',
          decision: JSON.stringify({ sapNumber }),
          decideAfter: transfer.now,
          decidedAt: transfer.now,
          createdAt: transfer.now,
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      return { requestId: row.id, sapNumber };
    },

    async transferExternalVoucher(trx, transfer) {
      if (!isValidInterfaceKey(transfer.interfaceKey))
        return { accepted: false, reason: 'noValidInterfaceKey' };
      if (!isReadableVoucherFile(transfer.file)) return { accepted: false, reason: 'fileMissingOrFaulty' };
      // bnet takes a voucher number once per creditor: a second transfer of it is refused
      if (transfer.customNumber) {
        const known = await trx
          .selectFrom('bookingRequest')
          .select('id')
          .where('creditorId', '=', transfer.creditorId)
          .where('kind', '=', EXTERNAL_VOUCHER)
          .where(sql<boolean>`payload->>'customNumber' = ${transfer.customNumber}`)
          .executeTakeFirst();
        if (known) return { accepted: false, reason: 'transferFailed' };
      }
      const row = await trx
        .insertInto('bookingRequest')
        .values({
          creditorId: transfer.creditorId,
          userId: transfer.userId,
          kind: EXTERNAL_VOUCHER,
          payload: JSON.stringify({
            voucherType: transfer.voucherType,
            customNumber: transfer.customNumber,
            fileName: transfer.file.name,
            size: transfer.file.bytes.length,
          }),
          status: 'approved',
          decideAfter: transfer.now,
          decidedAt: transfer.now,
          createdAt: transfer.now,
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      const bnetId = `BN-EXT-${String(row.id).padStart(8, '0')}`;
      await trx
        .updateTable('bookingRequest')
        .set({ decision: JSON.stringify({ bnetId }) })
        .where('id', '=', row.id)
        .execute();
      return { accepted: true, requestId: row.id, bnetId };
    },

    async decideDue(db, now, signal) {
      let decided = 0;
      // a request whose decision failed is left open for the next run, not retried in this one
      const failed: number[] = [];
      for (;;) {
        if (signal?.aborted) return decided;
        let current: number | undefined;
        try {
          const found = await db.transaction().execute(async (trx) => {
            // SKIP LOCKED: a request another process is deciding right now is passed over
            const request = await trx
              .selectFrom('bookingRequest')
              .selectAll()
              .where('status', '=', 'open')
              .where('decideAfter', '<=', now)
              .where('kind', 'in', Object.keys(DECIDERS))
              .$if(failed.length > 0, (q) => q.where('id', 'not in', failed))
              .orderBy('decideAfter')
              .orderBy('id')
              .limit(1)
              .forUpdate()
              .skipLocked()
              .executeTakeFirst();
            if (!request) return false;
            current = request.id;
            await DECIDERS[request.kind](trx, request, now);
            return true;
          });
          if (!found) return decided;
          decided++;
        } catch (error) {
          if (current === undefined) throw error;
          failed.push(current);
          log.error({ err: error }, `booking request ${current} could not be decided`);
        }
      }
    },
  };
}
