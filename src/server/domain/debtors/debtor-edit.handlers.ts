import type { EditDebtorForm, PaymentDataForm } from '../../../../generated/types';
import { normalizeIban, normalizeVatId } from '../../../shared/validation';
import type { CommandContext, CommandHandler } from '../../commands/command.types';
import { ACTIVE_DEBTOR_STATUSES } from '../../services/status-groups';
import { BANK_TRANSFER, changes, DIRECT_DEBIT, debtorNameOf, fieldLabels, INACTIVE, PRIVATE_CUSTOMER } from './debtor-data';
import { debtorDeactivationBlocked, hasActivePermanentDebts } from './debtor.rules';


const NO_MANDATE = {
  paymentMethod: BANK_TRANSFER,
  sepaAccountOwner: null,
  sepaCity: null,
  sepaDate: null,
  sepaExpiredDate: null,
  sepaIban: null,
  sepaReferenceNumber: null,
};

/**
 * POST /debtor/update/{id} with master data: the company name and VAT id (stored compact, upper
 * case) of a business, or first and last name and date of birth of a private customer. The type is fixed after the ident check; a field the dialog does not
 * send keeps its value (an edit never blanks stored data).
 */
export const updateDebtor: CommandHandler<EditDebtorForm> = async (ctx) => {
  const { trx, input, target, now } = ctx;
  const debtor = target!.row;
  if (input.debtorType !== debtor.debtorType) ctx.refuse('commands.wrongState');
  const set: Record<string, unknown> =
    debtor.debtorType === PRIVATE_CUSTOMER
      ? {
          firstName: input.firstName ?? debtor.firstName,
          lastName: input.lastName ?? debtor.lastName,
          dateOfBirth: input.dateOfBirth ?? debtor.dateOfBirth,
        }
      : { vatId: input.vatId ? normalizeVatId(input.vatId) : debtor.vatId };
  set.name = debtorNameOf({ ...debtor, ...set, name: input.name ?? debtor.name, debtorType: debtor.debtorType });
  await trx
    .updateTable('debtor')
    .set({ ...set, updatedAt: now })
    .where('id', '=', target!.id)
    .where('creditorId', '=', target!.creditorId)
    .execute();
  return {
    history: { text: changes(debtor, set, fieldLabels(['name', 'firstName', 'lastName', 'dateOfBirth', 'vatId'])) },
  };
};

/** Refuses to drop a mandate while active permanent debts draw on it (document 1 §4). */
async function requireNoActivePermanentDebts(ctx: CommandContext) {
  if (await hasActivePermanentDebts(ctx.trx, ctx.target!.creditorId, { debtorId: ctx.target!.id })) {
    ctx.refuse('debtors.sepaMandateDeleteBlocked');
  }
}

const maskIban = (iban: string | null | undefined) => (iban ? `${iban.slice(0, 4)} … ${iban.slice(-4)}` : '–');

/**
 * POST /debtor/update/{id} with payment data: a SEPA direct-debit mandate (all mandate data, the
 * IBAN of a SEPA country stored in electronic format) or bank transfer, which removes a stored mandate — not
 * while active permanent debts exist.
 */
export const updatePaymentData: CommandHandler<PaymentDataForm> = async (ctx) => {
  const { trx, input, target, now } = ctx;
  const debtor = target!.row;
  let set: Record<string, unknown>;
  if (input.paymentMethod === DIRECT_DEBIT) {
    const { accountOwner, iban, city, date, referenceNumber } = input;
    if (!accountOwner || !iban || !city || !date || !referenceNumber) ctx.refuse('debtors.sepaMandateIncomplete', 400);
    set = {
      paymentMethod: DIRECT_DEBIT,
      sepaAccountOwner: accountOwner,
      sepaIban: normalizeIban(iban!),
      sepaCity: city,
      sepaDate: date,
      sepaExpiredDate: null,
      sepaReferenceNumber: referenceNumber,
    };
  } else {
    if (debtor.sepaIban) await requireNoActivePermanentDebts(ctx);
    set = NO_MANDATE;
  }
  await trx
    .updateTable('debtor')
    .set({ ...set, updatedAt: now })
    .where('id', '=', target!.id)
    .where('creditorId', '=', target!.creditorId)
    .execute();
  const text =
    set.paymentMethod === DIRECT_DEBIT
      ? `SEPA-Lastschriftmandat ${String(set.sepaReferenceNumber)}, IBAN ${maskIban(String(set.sepaIban))}`
      : debtor.sepaIban
        ? `Überweisung; SEPA-Mandat (IBAN ${maskIban(debtor.sepaIban)}) entfernt`
        : 'Überweisung';
  // the action log keeps no full IBAN
  return { history: { text, payload: { paymentMethod: set.paymentMethod } }, actionLog: { payload: { paymentMethod: set.paymentMethod, iban: maskIban(set.sepaIban as string | null) } } };
};

/** DELETE /debtor/{id}/sepa-mandate: back to bank transfer — not while active permanent debts exist. */
export const removeSepaMandate: CommandHandler = async (ctx) => {
  const { trx, target, now } = ctx;
  const debtor = target!.row;
  if (!debtor.sepaIban) ctx.refuse('commands.wrongState');
  await requireNoActivePermanentDebts(ctx);
  await trx
    .updateTable('debtor')
    .set({ ...NO_MANDATE, updatedAt: now })
    .where('id', '=', target!.id)
    .where('creditorId', '=', target!.creditorId)
    .execute();
  return {
    history: { text: `Mandat ${debtor.sepaReferenceNumber ?? ''}, IBAN ${maskIban(debtor.sepaIban)}`.trim() },
    actionLog: { payload: { referenceNumber: debtor.sepaReferenceNumber } },
  };
};

/**
 * GET /debtor/{id}/deactivate: the debtor and all its locations become inactive — not while active
 * permanent debts or a SEPA mandate for them exist. (The pipeline sets the debtor's state.)
 */
export const deactivateDebtor: CommandHandler = async (ctx) => {
  const { trx, target, now } = ctx;
  const blocked = debtorDeactivationBlocked({
    hasSepaMandate: Boolean(target!.row.sepaIban),
    hasActivePermanentDebts: await hasActivePermanentDebts(trx, target!.creditorId, { debtorId: target!.id }),
  });
  if (blocked) ctx.refuse('debtors.deactivationBlocked');
  const locations = await trx
    .updateTable('location')
    .set({ status: INACTIVE, updatedAt: now })
    .where('creditorId', '=', target!.creditorId)
    .where('debtorId', '=', target!.id)
    .where('status', 'in', ACTIVE_DEBTOR_STATUSES)
    .returning('id')
    .execute();
  return { history: { text: `${locations.length} Standort(e) mit deaktiviert` } };
};

/**
 * GET /debtor/{id}/activate (support only): the debtor becomes reactivated; its locations stay as
 * they are and are reactivated one by one.
 */
export const activateDebtor: CommandHandler = async () => ({ history: { text: 'Durch den Kundenservice' } });
