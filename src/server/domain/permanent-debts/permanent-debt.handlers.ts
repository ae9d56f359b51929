import type { Selectable } from 'kysely';
import type { CreatePermanentDebtForm, StopPermanentDebtForm } from '../../../../generated/types';
import { formatDate, formatMoney } from '../../../shared/format';
import { parseDataUrl } from '../../../shared/validation/file.rules';
import { decodeDataUrl, storeFile } from '../uploads/file-store';
import { addDays } from '../../../shared/validation/german-input.parse';
import { todayIso } from '../../../shared/validation';
import type { CommandHandler } from '../../commands/command.types';
import type { PermanentDebtTable } from '../../db/schema';
import { ACTIVE_DEBTOR_STATUSES, ACTIVE_PERMANENT_DEBT_STATUSES } from '../../services/status-groups';
import { amountsConsistent, FIRST_DEBIT_LEAD_DAYS, netOf } from './permanent-debt.rules';

/** Stored states that still debit (schema/enums/permanentDebtStatus.yaml: created and active). */
export const RUNNING_STATES = ACTIVE_PERMANENT_DEBT_STATUSES;

/**
 * POST /permanent-debt/location/{locationIdentifier}/add (multipart): a recurring invoice for the
 * location's debtor, debited by SEPA direct debit from its first execution date on.
 */
export const createPermanentDebt: CommandHandler<CreatePermanentDebtForm> = async (ctx) => {
  const { input, trx, now } = ctx;
  const creditorId = ctx.creditor!.id;
  const locationId = Number(ctx.params.locationIdentifier);
  const location = await trx
    .selectFrom('location')
    .selectAll()
    .where('creditorId', '=', creditorId)
    .where('id', '=', locationId)
    .forUpdate()
    .executeTakeFirst();
  if (!location) return ctx.refuse('notFound', 404);
  if (input.location !== locationId || input.debtor !== location.debtorId) ctx.refuse('permanentDebts.locationMismatch', 400);
  const debtor = await trx
    .selectFrom('debtor')
    .selectAll()
    .where('creditorId', '=', creditorId)
    .where('id', '=', location.debtorId)
    .executeTakeFirstOrThrow();
  if (!ACTIVE_DEBTOR_STATUSES.includes(debtor.status) || location.status === 'inactive') ctx.refuse('permanentDebts.debtorNotActive');
  if (!debtor.sepaIban || !debtor.sepaReferenceNumber) ctx.refuse('permanentDebts.sepaMandateRequired');

  const earliest = addDays(todayIso(now), FIRST_DEBIT_LEAD_DAYS);
  if (input.startDate < earliest) ctx.refuse('permanentDebts.firstDebitEarliest', 400, { date: formatDate(earliest) });
  if (input.endDate && input.endDate < input.startDate) ctx.refuse('permanentDebts.endBeforeStart', 400);
  const netAmount = input.netAmount ?? netOf(input.grossAmount, input.vat);
  if (!amountsConsistent(input.grossAmount, netAmount, input.vat)) ctx.refuse('permanentDebts.amountsInconsistent', 400);

  const running = await trx
    .selectFrom('permanentDebt')
    .select('id')
    .where('creditorId', '=', creditorId)
    .where('locationId', '=', locationId)
    .where('status', 'in', RUNNING_STATES)
    .executeTakeFirst();
  if (running) ctx.refuse('permanentDebts.alreadyRunning');

  const file = input.attachment?.[0];
  const parsed = file ? parseDataUrl(file) : null;
  // the attachment is a stored file of the creditor like every upload: GET /api/files/… serves it
  const attachment = file ? decodeDataUrl(file) : null;
  const attachmentSource = attachment
    ? await storeFile(trx, { creditorId, creditorIdentifier: ctx.creditor!.identifier }, 'attachments', attachment, now)
    : null;
  const created = await trx
    .insertInto('permanentDebt')
    .values({
      creditorId,
      debtorId: debtor.id,
      locationId,
      customNumber: input.customNumber?.trim() || '',
      subject: input.subject.trim(),
      description: input.description?.trim() || null,
      grossAmount: input.grossAmount,
      netAmount,
      vat: input.vat,
      period: input.period,
      status: 'created',
      startDate: input.startDate,
      endDate: input.endDate ?? null,
      nextExecutionDate: input.startDate,
      performanceDateIndex: input.performanceDateIndex ?? 0,
      attachmentFileName: parsed ? parsed.name || 'anhang.pdf' : null,
      attachmentContent: attachment?.bytes ?? null,
      attachmentSource,
      createdAt: now,
      updatedAt: now,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  if (!input.customNumber?.trim()) {
    await trx.updateTable('permanentDebt').set({ customNumber: `DS-${created.id}` }).where('id', '=', created.id).execute();
  }
  return {
    response: { identifier: created.id },
    history: {
      debtorId: debtor.id,
      locationId,
      text: `${input.subject.trim()}: ${formatMoney(input.grossAmount)} brutto, erste Lastschrift am ${formatDate(input.startDate)}${
        input.endDate ? `, Ende ${formatDate(input.endDate)}` : ''
      }.`,
    },
    actionLog: { payload: { ...input, attachment: parsed ? [parsed.name] : [], permanentDebtId: created.id } },
  };
};

/** POST /permanent-debt/{id}/stop: no further direct debits; the stop is documented. */
export const stopPermanentDebt: CommandHandler<StopPermanentDebtForm> = async (ctx) => {
  const debt = ctx.target!.row as Selectable<PermanentDebtTable>;
  await ctx.trx
    .updateTable('permanentDebt')
    // the status with it: permanent_debt_stop_check allows a stop date only on a stopped one
    .set({ status: ctx.command.to!, stoppedAt: ctx.now, nextExecutionDate: null, updatedAt: ctx.now })
    .where('creditorId', '=', debt.creditorId)
    .where('id', '=', debt.id)
    .execute();
  const reason = ctx.input.reason?.trim();
  return { history: { text: [`${debt.subject} beendet; keine weiteren Lastschriften.`, reason ? `Grund: ${reason}` : ''].filter(Boolean).join(' ') } };
};
