import { randomUUID } from 'node:crypto';
import type { SepaReturnImportForm } from '../../../../generated/types';
import { formatMoney } from '../../../shared/format';
import { germanText } from '../../commands/command-audit';
import type { CommandContext, CommandHandler } from '../../commands/command.types';
import { enumText } from '../../routes/vouchers/catalogue-text';
import { enumValue } from '../../services/status-groups';
import { decodeDataUrl } from '../uploads/file-store';
import { readReturnFile, type ReturnedDebit } from './return-file.reader';

const ACTION_EVENT = enumValue('historyEventType', 'action');
const WORK_QUEUE_EVENT = enumValue('historyEventType', 'work_queue');
const SUBMITTED = enumValue('sepaDebitStatus', 'submitted');
const RETURNED = enumValue('sepaDebitStatus', 'returned');
/** "no mandate": the debtor's mandate is flagged and no longer debited */
const NO_MANDATE = 'MD01';
const PRODUCT_ADMIN = 'ROLE_PRODUCT_ADMIN';
const SUPER_ADMIN = 'ROLE_SUPER_ADMIN';

/** The German text of a reason code (schema/enums/sepaReturnReason.yaml); an unknown code says so. */
export function returnReasonText(code: string): string {
  const text = enumText('sepaReturnReason', code);
  return text === code ? germanText('sepaDebits.unknownReason') : text;
}

/** A product administrator (and no wider admin role) touches only debits of the own product. */
const productScope = ({ caller }: CommandContext) =>
  caller.roles.includes(PRODUCT_ADMIN) && !caller.roles.includes(SUPER_ADMIN) ? caller.product : null;

/**
 * POST /sepa-debit/returns/import: the bank's camt.054 or pain.002 (return-file.reader.ts). Each
 * submitted debit it names is marked returned with its code; its voucher's history says why (the
 * reason in German) and that the invoice is open again — no longer in collection, so dunning and a
 * new debit may take it up; the creditor gets a work-queue item asking how to proceed; an MD01
 * flags the debtor's mandate. A debit already returned stays as it is (importing a file twice
 * changes nothing); an end-to-end id Kontor does not know — or of another product for a product
 * administrator — is counted as unknown.
 */
export const importSepaReturns: CommandHandler<SepaReturnImportForm> = async (ctx) => {
  const [value] = ctx.input.files ?? [];
  if (!value) ctx.refuse('sepaDebits.returnFileUnreadable', 400);
  const returns = readReturnFile(decodeDataUrl(value!).bytes.toString('utf8'));
  if (!returns) ctx.refuse('sepaDebits.returnFileUnreadable', 400);
  const product = productScope(ctx);
  let returned = 0;
  let alreadyReturned = 0;
  let unknown = 0;
  for (const item of returns!) {
    const outcome = await markReturned(ctx, item, product);
    if (outcome === 'returned') returned++;
    else if (outcome === 'alreadyReturned') alreadyReturned++;
    else unknown++;
  }
  return {
    response: { returned, alreadyReturned, unknown },
    actionLog: { payload: { returned, alreadyReturned, unknown, endToEndIds: returns!.map((r) => r.endToEndId) } },
  };
};

async function markReturned(
  ctx: CommandContext,
  item: ReturnedDebit,
  product: string | null,
): Promise<'returned' | 'alreadyReturned' | 'unknown'> {
  const { trx, now } = ctx;
  let query = trx
    .selectFrom('sepaDebit as s')
    .innerJoin('creditor as c', 'c.id', 's.creditorId')
    .innerJoin('voucher as v', 'v.id', 's.voucherId')
    .innerJoin('debtor as d', 'd.id', 's.debtorId')
    .select([
      's.id',
      's.status',
      's.creditorId',
      's.voucherId',
      's.debtorId',
      's.amount',
      's.mandateReference',
      'v.officialVoucherNumber',
      'v.customNumber',
      'v.locationId',
      'd.name as debtorName',
    ])
    .where('s.endToEndId', '=', item.endToEndId)
    .forUpdate('s');
  if (product) query = query.where('c.product', '=', product);
  const debit = await query.executeTakeFirst();
  if (!debit) return 'unknown';
  if (debit.status !== SUBMITTED) return 'alreadyReturned';

  const reason = returnReasonText(item.code);
  await trx
    .updateTable('sepaDebit')
    .set({ status: RETURNED, returnCode: item.code, returnedAt: now })
    .where('id', '=', debit.id)
    .execute();
  const number = debit.officialVoucherNumber ?? debit.customNumber ?? String(debit.voucherId);
  const flagged = item.code === NO_MANDATE;
  if (flagged) {
    await trx
      .updateTable('debtor')
      .set({ sepaMandateFlaggedAt: now, sepaMandateFlagCode: item.code, updatedAt: now })
      .where('id', '=', debit.debtorId)
      .execute();
  }
  await trx
    .insertInto('voucherHistory')
    .values({
      creditorId: debit.creditorId,
      voucherId: debit.voucherId,
      type: ACTION_EVENT,
      value: item.code,
      title: germanText('sepaDebits.history.returnedTitle'),
      text: germanText('sepaDebits.history.returnedText', { code: item.code, reason }),
      userEmail: ctx.caller.email,
      event: 'sepaDebitReturned',
      payload: JSON.stringify({ sepaDebitId: debit.id, endToEndId: item.endToEndId, code: item.code }),
      createdAt: now,
    })
    .execute();

  let text = germanText('sepaDebits.workQueue.text', {
    amount: formatMoney(Number(debit.amount)).replace(' €', ''),
    number,
    debtor: debit.debtorName,
    code: item.code,
    reason,
  });
  if (flagged) text += ` ${germanText('sepaDebits.workQueue.mandateFlagged', { mandate: debit.mandateReference })}`;
  const queued = await trx
    .insertInto('workQueueItem')
    .values({
      creditorId: debit.creditorId,
      debtorId: debit.debtorId,
      locationId: debit.locationId,
      status: 'open',
      title: germanText('sepaDebits.workQueue.title'),
      text,
      transactionKey: randomUUID(),
      originKey: `sepa-return:${debit.id}`,
      createdAt: now,
      updatedAt: now,
    })
    .onConflict((oc) => oc.columns(['creditorId', 'originKey']).where('originKey', 'is not', null).doNothing())
    .returning('id')
    .executeTakeFirst();
  if (queued) {
    await trx
      .insertInto('workQueueMessage')
      .values({ creditorId: debit.creditorId, workQueueItemId: queued.id, sender: 'other', text, createdAt: now })
      .execute();
    await trx
      .insertInto('workQueueVoucher')
      .values({ creditorId: debit.creditorId, workQueueItemId: queued.id, voucherId: debit.voucherId, isCounterVoucher: false })
      .execute();
    await trx
      .insertInto('voucherHistory')
      .values({
        creditorId: debit.creditorId,
        voucherId: debit.voucherId,
        type: WORK_QUEUE_EVENT,
        value: null,
        title: germanText('sepaDebits.workQueue.title'),
        text: 'Entscheidung angefragt',
        userEmail: null,
        event: 'workQueueRaised',
        payload: JSON.stringify({ workQueueItemId: queued.id, cause: `sepa-return:${debit.id}` }),
        createdAt: now,
      })
      .execute();
  }
  return 'returned';
}
