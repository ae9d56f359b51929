import { randomBytes } from 'node:crypto';
import { isValidBIC } from 'ibantools';
import type { CreateSepaDebitFileForm, SepaCreditorIdentifierForm } from '../../../../generated/types';
import { formatDate } from '../../../shared/format';
import { normalizeCreditorIdentifier, todayIso } from '../../../shared/validation';
import { germanText } from '../../commands/command-audit';
import type { CommandHandler } from '../../commands/command.types';
import { enumValue } from '../../services/status-groups';
import { type DueDebit, dueDebits } from './due-debits';
import { euros, buildPain008, type Pain008Debit } from './pain008.builder';
import { earliestCollectionDate, isTargetDay, type SequenceType } from './target-calendar';

const ACTION_EVENT = enumValue('historyEventType', 'action');

/**
 * MsgId: creditor, collection date and a random part (`K12-20261201-9F3A01BC`), unique and short
 * enough that `-FRST` (payment information) and `-00001` (end-to-end id) keep it within 35.
 */
const messageIdFor = (creditorId: number, collectionDate: string) =>
  `K${creditorId}-${collectionDate.replace(/-/g, '')}-${randomBytes(4).toString('hex').toUpperCase()}`;

/**
 * POST /sepa-debit/file/create: the pain.008.001.08 file of the target creditor's account for a
 * collection date. Carries every due debit (due-debits.ts) due on or before the date whose lead
 * time the date allows; each is claimed by inserting its sepa_debit row under the unique index of
 * submitted debits per voucher — a debit another file took meanwhile (another process) is skipped,
 * and with nothing left the command is refused and nothing stays.
 */
export const createSepaDebitFile: CommandHandler<CreateSepaDebitFileForm> = async (ctx) => {
  const creditor = ctx.target!.row;
  const { collectionDate } = ctx.input;
  if (!creditor.sepaCreditorIdentifier) ctx.refuse('sepaDebits.creditorIdentifierMissing', 409);
  if (!creditor.sepaIban || !creditor.sepaAccountOwner) ctx.refuse('sepaDebits.creditorAccountMissing', 409);
  if (!isTargetDay(collectionDate)) ctx.refuse('sepaDebits.notTargetDay', 409, { date: formatDate(collectionDate) });
  const today = todayIso(ctx.now);
  const earliest = earliestCollectionDate(today, 'RCUR');
  if (collectionDate < earliest) ctx.refuse('sepaDebits.tooEarly', 409, { date: formatDate(earliest) });

  const candidates = (await dueDebits(ctx.trx, { today, creditorId: creditor.id })).filter(
    (d) => d.dueDate <= collectionDate && earliestCollectionDate(today, d.sequenceType) <= collectionDate,
  );
  if (candidates.length === 0) ctx.refuse('sepaDebits.nothingDue', 409);

  const messageId = messageIdFor(creditor.id, collectionDate);
  const file = await ctx.trx
    .insertInto('sepaDebitFile')
    .values({
      creditorId: creditor.id,
      collectionDate,
      messageId,
      creditorIban: creditor.sepaIban,
      numberOfTransactions: candidates.length,
      controlSum: candidates.reduce((sum, d) => sum + d.amount, 0),
      content: '',
      createdByUserId: ctx.caller.userId,
      createdAt: ctx.now,
    })
    .returning('id')
    .executeTakeFirstOrThrow();

  const claimed: (DueDebit & { endToEndId: string })[] = [];
  for (const [index, debit] of candidates.entries()) {
    const endToEndId = `${messageId}-${String(index + 1).padStart(5, '0')}`;
    const row = await ctx.trx
      .insertInto('sepaDebit')
      .values({
        creditorId: creditor.id,
        fileId: file.id,
        voucherId: debit.voucherId,
        debtorId: debit.debtorId,
        endToEndId,
        sequenceType: debit.sequenceType,
        mandateReference: debit.mandateReference,
        mandateDate: debit.mandateDate,
        amount: debit.amount,
      })
      .onConflict((oc) => oc.column('voucherId').where('status', '=', 'submitted').doNothing())
      .returning('id')
      .executeTakeFirst();
    if (row) claimed.push({ ...debit, endToEndId });
  }
  if (claimed.length === 0) ctx.refuse('sepaDebits.nothingDue', 409);

  const groups: Partial<Record<SequenceType, Pain008Debit[]>> = {};
  for (const debit of claimed) {
    const group = groups[debit.sequenceType] ?? [];
    groups[debit.sequenceType] = group;
    group.push({
      endToEndId: debit.endToEndId,
      amount: debit.amount,
      mandateId: debit.mandateReference,
      mandateDate: debit.mandateDate,
      debtorName: debit.debtorName,
      debtorIban: debit.debtorIban,
      remittance: `Rechnung ${debit.number}`,
    });
  }
  const controlSum = claimed.reduce((sum, d) => sum + d.amount, 0);
  const content = buildPain008({
    messageId,
    createdAt: ctx.now,
    initiatingParty: creditor.name,
    creditor: {
      name: creditor.sepaAccountOwner,
      iban: creditor.sepaIban,
      bic: creditor.sepaBic,
      identifier: creditor.sepaCreditorIdentifier,
    },
    collectionDate,
    debits: groups,
  });
  await ctx.trx
    .updateTable('sepaDebitFile')
    .set({ content, numberOfTransactions: claimed.length, controlSum })
    .where('id', '=', file.id)
    .execute();

  await ctx.trx
    .insertInto('voucherHistory')
    .values(
      claimed.map((debit) => ({
        creditorId: creditor.id,
        voucherId: debit.voucherId,
        type: ACTION_EVENT,
        value: debit.sequenceType,
        title: germanText('sepaDebits.history.submittedTitle'),
        text: germanText('sepaDebits.history.submittedText', {
          sequenceType: debit.sequenceType,
          amount: euros(debit.amount).replace('.', ','),
          date: formatDate(collectionDate),
          messageId,
        }),
        userEmail: ctx.caller.email,
        event: 'sepaDebitSubmitted',
        payload: JSON.stringify({ fileId: file.id, endToEndId: debit.endToEndId }),
        createdAt: ctx.now,
      })),
    )
    .execute();

  return {
    response: { fileId: file.id, numberOfTransactions: claimed.length, controlSum },
    actionLog: { payload: { collectionDate, fileId: file.id, messageId, numberOfTransactions: claimed.length, controlSum } },
  };
};

/** POST /sepa-debit/creditor-identifier: the checked Gläubiger-ID (and an optional BIC) in the creditor's master data. */
export const setSepaCreditorIdentifier: CommandHandler<SepaCreditorIdentifierForm> = async (ctx) => {
  const bic = ctx.input.sepaBic?.replace(/\s+/g, '').toUpperCase() || null;
  if (bic && !isValidBIC(bic)) ctx.refuse('sepaDebits.bicInvalid', 400);
  await ctx.trx
    .updateTable('creditor')
    .set({
      sepaCreditorIdentifier: normalizeCreditorIdentifier(ctx.input.sepaCreditorIdentifier),
      sepaBic: bic,
      updatedAt: ctx.now,
    })
    .where('id', '=', ctx.target!.id)
    .execute();
  return undefined;
};
