import { randomUUID } from 'node:crypto';
import { type Kysely, sql } from 'kysely';
import type { Database } from '../../db/schema';
import { enumValue, INVOICE_TYPES } from '../../services/status-groups';

/**
 * The provider's side of the work queue, as the local back office plays it (run by the workers
 * loop on its clock):
 *
 * - it raises a decision for each new cause, once: a dispute the creditor opened (the voucher's
 *   `disputeOpened` history entry, while the dispute still runs) → state SV-202; an open invoice
 *   without any document (no file name, no document id, no attachment) handed over in the last 30
 *   days → SV-606; an open invoice to a location whose post comes back ("unzustellbar" in its
 *   address — the local rule, like the credit agency's markers) → SV-707. The cause is the item's
 *   `origin_key`, unique per creditor, so two processes or a rerun raise one item.
 * - it finishes answers: an item sent at least a day ago becomes done (finished, with a message of
 *   the provider). One UPDATE claims them, so each is finished once.
 *
 * A state the catalogue no longer has (the admins import it as CSV) raises nothing.
 *
 * @example await runWorkQueueBackOffice(db, new Date()) // → { raised: 2, finished: 1 }
 */
export async function runWorkQueueBackOffice(
  db: Kysely<Database>,
  now: Date,
): Promise<{ raised: number; finished: number }> {
  const finished = await finishSentAnswers(db, now);
  let raised = 0;
  for (const cause of await newCauses(db, now)) if (await raise(db, cause, now)) raised++;
  return { raised, finished };
}

/** Sent answers are taken up by the provider a day later. */
export const FINISH_AFTER_MS = 86_400_000;
/** How far back an invoice without document raises a decision. */
const MISSING_DOCUMENT_DAYS = 30;
/** The local rule for "address unknown": the post comes back from an address with this word. */
const UNDELIVERABLE = 'unzustellbar';

const STATE = { dispute: 'SV-202', missingDocument: 'SV-606', addressUnknown: 'SV-707' } as const;
const DISPUTE = enumValue('voucherSubStatus', 'customer_complaint');
const OPEN = enumValue('voucherStatus', 'open');

interface Cause {
  key: string;
  state: string;
  creditorId: number;
  voucherId: number;
  debtorId: number | null;
  locationId: number | null;
  number: string;
}

async function finishSentAnswers(db: Kysely<Database>, now: Date): Promise<number> {
  return db.transaction().execute(async (trx) => {
    const done = await trx
      .updateTable('workQueueItem')
      .set({ status: 'done', finishedAt: now, updatedAt: now })
      .where('status', '=', 'send')
      .where('sentAt', '<=', new Date(now.getTime() - FINISH_AFTER_MS))
      .returning(['id', 'creditorId'])
      .execute();
    for (const item of done) {
      await trx
        .insertInto('workQueueMessage')
        .values({
          creditorId: item.creditorId,
          workQueueItemId: item.id,
          sender: 'other',
          text: 'Vielen Dank, Ihre Antwort wurde bearbeitet.',
          createdAt: now,
        })
        .execute();
    }
    return done.length;
  });
}

/** Causes that have no item yet. */
async function newCauses(db: Kysely<Database>, now: Date): Promise<Cause[]> {
  const notRaised = (key: ReturnType<typeof sql<string>>) =>
    sql<boolean>`not exists (select 1 from work_queue_item w where w.creditor_id = v.creditor_id and w.origin_key = ${key})`;
  const number = sql<string>`coalesce(v.official_voucher_number, v.custom_number, v.id::text)`;

  const disputeKey = sql<string>`'dispute:' || h.id`;
  const disputes = await db
    .selectFrom('voucherHistory as h')
    .innerJoin('voucher as v', (join) =>
      join.onRef('v.id', '=', 'h.voucherId').onRef('v.creditorId', '=', 'h.creditorId'),
    )
    .select([
      disputeKey.as('key'),
      'v.creditorId',
      'v.id as voucherId',
      'v.debtorId',
      'v.locationId',
      number.as('number'),
    ])
    .where('h.event', '=', 'disputeOpened')
    .where('h.createdAt', '<=', now)
    .where('v.subStatus', '=', DISPUTE)
    .where(notRaised(disputeKey))
    .execute();

  const missingKey = sql<string>`'missingDocument:' || v.id`;
  const missing = await db
    .selectFrom('voucher as v')
    .select([
      missingKey.as('key'),
      'v.creditorId',
      'v.id as voucherId',
      'v.debtorId',
      'v.locationId',
      number.as('number'),
    ])
    .where('v.status', '=', OPEN)
    .where('v.type', 'in', INVOICE_TYPES)
    .where('v.debtorId', 'is not', null)
    .where('v.originalName', 'is', null)
    .where('v.documentId', 'is', null)
    // invoices of a permanent debt are written by the portal itself and need no document
    .where('v.permanentDebtId', 'is', null)
    .where('v.createdAt', '<=', now)
    .where('v.createdAt', '>', new Date(now.getTime() - MISSING_DOCUMENT_DAYS * 86_400_000))
    .where(sql<boolean>`not exists (select 1 from voucher_attachment a where a.voucher_id = v.id)`)
    .where(notRaised(missingKey))
    .execute();

  const addressKey = sql<string>`'addressUnknown:' || l.id`;
  const pattern = `%${UNDELIVERABLE}%`;
  const undeliverable = await db
    .selectFrom('voucher as v')
    .innerJoin('location as l', (join) =>
      join.onRef('l.id', '=', 'v.locationId').onRef('l.creditorId', '=', 'v.creditorId'),
    )
    .select([
      addressKey.as('key'),
      'v.creditorId',
      'v.id as voucherId',
      'v.debtorId',
      'v.locationId',
      number.as('number'),
    ])
    .distinctOn('l.id')
    .where('v.status', '=', OPEN)
    .where('v.type', 'in', INVOICE_TYPES)
    .where((eb) =>
      eb.or([
        eb('l.street', 'ilike', pattern),
        eb('l.addressName', 'ilike', pattern),
        eb('l.city', 'ilike', pattern),
        eb('l.postStreet', 'ilike', pattern),
      ]),
    )
    .where(notRaised(addressKey))
    .orderBy('l.id')
    .orderBy('v.id')
    .execute();

  return [
    ...disputes.map((c) => ({ ...c, state: STATE.dispute })),
    ...missing.map((c) => ({ ...c, state: STATE.missingDocument })),
    ...undeliverable.map((c) => ({ ...c, state: STATE.addressUnknown })),
  ];
}

/** One new item for a cause, with its voucher and the provider's message; false when it exists already. */
async function raise(db: Kysely<Database>, cause: Cause, now: Date): Promise<boolean> {
  return db.transaction().execute(async (trx) => {
    const state = await trx
      .selectFrom('stateOfAffairs')
      .select(['code', 'title', 'text'])
      .where('code', '=', cause.state)
      .executeTakeFirst();
    if (!state) return false;
    const text = `${state.text ?? state.title} Beleg ${cause.number}.`;
    const item = await trx
      .insertInto('workQueueItem')
      .values({
        creditorId: cause.creditorId,
        debtorId: cause.debtorId,
        locationId: cause.debtorId == null ? null : cause.locationId,
        stateOfAffairsCode: state.code,
        status: 'open',
        title: state.title,
        text,
        transactionKey: randomUUID(),
        originKey: cause.key,
        createdAt: now,
        updatedAt: now,
      })
      .onConflict((oc) =>
        oc.columns(['creditorId', 'originKey']).where('originKey', 'is not', null).doNothing(),
      )
      .returning('id')
      .executeTakeFirst();
    if (!item) return false; // another run raised it
    await trx
      .updateTable('workQueueItem')
      .set({ fileIdentifier: `AZ-${now.getUTCFullYear()}-${String(item.id).padStart(6, '0')}` })
      .where('id', '=', item.id)
      .execute();
    await trx
      .insertInto('workQueueMessage')
      .values({
        creditorId: cause.creditorId,
        workQueueItemId: item.id,
        sender: 'other',
        text,
        createdAt: now,
      })
      .execute();
    await trx
      .insertInto('workQueueVoucher')
      .values({
        creditorId: cause.creditorId,
        workQueueItemId: item.id,
        voucherId: cause.voucherId,
        isCounterVoucher: false,
      })
      .execute();
    await trx
      .insertInto('voucherHistory')
      .values({
        creditorId: cause.creditorId,
        voucherId: cause.voucherId,
        type: enumValue('historyEventType', 'work_queue'),
        value: null,
        title: state.title,
        text: 'Entscheidung angefragt',
        userEmail: null,
        event: 'workQueueRaised',
        payload: JSON.stringify({ workQueueItemId: item.id, cause: cause.key }),
        createdAt: now,
      })
      .execute();
    return true;
  });
}
