import type { Kysely } from 'kysely';
import type { CreateDebtorForm, PendingDebtorDecision } from '../../../../generated/types';
import { formatMoney } from '../../../shared/format';
import { normalizeVatId } from '../../../shared/validation';
import type { IdentCheckResult } from '../../adapters/credit-agency/credit-agency';
import type { CommandContext, CommandHandler } from '../../commands/command.types';
import type { Database } from '../../db/schema';
import { ACTIVE_DEBTOR_STATUSES } from '../../services/status-groups';
import { BUSINESS, debtorNameOf, insertLocation, PRIVATE_CUSTOMER, requireEInvoiceSeller, requireFreeCustomNumber } from './debtor-data';

/** How long a stored ident-check answer may be used to create the debtor. */
export const IDENT_CHECK_VALID_MINUTES = 60;
const LIMIT_VALID_MONTHS = 12;

const requestOf = (input: CreateDebtorForm) => ({
  debtorType: input.debtorType,
  name: debtorNameOf(input),
  firstName: input.firstName,
  lastName: input.lastName,
  dateOfBirth: input.dateOfBirth,
  street: input.street,
  house: input.house,
  zip: input.zip,
  city: input.city,
});

/** An existing debtor of the creditor with the same name at the same limit address postcode. */
async function findSameDebtor(trx: Kysely<Database>, creditorId: number, name: string, zip: string) {
  return trx
    .selectFrom('debtor')
    .select(['id', 'name', 'debtorType', 'approvedLimit', 'availableLimit', 'street', 'house', 'zip', 'city', 'country'])
    .where('creditorId', '=', creditorId)
    .where((eb) => eb(eb.fn('lower', ['name']), '=', name.toLowerCase()))
    .where('zip', '=', zip)
    .where('status', 'in', ACTIVE_DEBTOR_STATUSES)
    .orderBy('id')
    .executeTakeFirst();
}

/**
 * POST /csp/debtor: the ident check. The credit agency identifies the debtor and proposes a limit;
 * the answer is stored as a pending decision of this user (replacing the user's earlier unused
 * one) and shown in the dialog before the debtor is created. A debtor of the same name at the same
 * limit postcode is matched: creating then adds a location to it instead of a duplicate.
 */
export const identCheck: CommandHandler<CreateDebtorForm> = async (ctx) => {
  const { trx, input, creditor, caller, now } = ctx;
  await requireFreeCustomNumber(ctx, input.customDebtorNumber);
  const result: IdentCheckResult = await ctx.adapters.creditAgency.identCheck(requestOf(input));
  // the name as the creditor knows it (the agency's is normalised), at the agency's postcode
  const same = await findSameDebtor(trx, creditor!.id, debtorNameOf(input), result.limitAddress.zip || input.zip);
  await trx
    .updateTable('pendingDebtorDecision')
    .set({ resolvedAt: now })
    .where('creditorId', '=', creditor!.id)
    .where('userId', '=', caller.userId)
    .where('resolvedAt', 'is', null)
    .where('requiresDebtorAssignment', '=', false)
    .execute();
  const streetAndHouse = `${input.street} ${input.house}`.trim();
  const row = await trx
    .insertInto('pendingDebtorDecision')
    .values({
      creditorId: creditor!.id,
      userId: caller.isAdmin ? null : caller.userId,
      debtorId: same?.id ?? null,
      hasBlacklistEntry: result.hasBlacklistEntry,
      isNewLocation: Boolean(same),
      requiresDebtorAssignment: false,
      identificationReason: same ? 'limit_address_and_name' : result.cspIdentifier ? 'csp_identifier' : null,
      newDebtorLimit: result.limit,
      newDebtorLimitColor: result.color,
      reasonCodes: result.reasonCodes,
      limitName: result.limitAddress.name,
      limitStreet: result.limitAddress.street,
      limitHouse: result.limitAddress.house,
      limitZip: result.limitAddress.zip,
      limitCity: result.limitAddress.city,
      requestIsBusiness: input.debtorType === BUSINESS,
      requestName: debtorNameOf(input),
      requestContact: input.contactPerson ?? null,
      requestStreetAndHouse: streetAndHouse,
      requestZip: input.zip,
      requestCity: input.city,
      requestDateOfBirth: input.dateOfBirth ?? null,
      requestEmail: input.email ?? null,
      requestPhone: input.telephone ?? null,
      createdAt: now,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  const decision: PendingDebtorDecision = {
    id: row.id,
    debtor: same
      ? {
          id: same.id,
          name: same.name,
          type: same.debtorType as 'business' | 'customer',
          approvedLimit: same.approvedLimit,
          availableLimit: same.availableLimit,
          address: { name: same.name, street: same.street, house: same.house, zip: same.zip, city: same.city, country: same.country },
        }
      : null,
    hasBlacklistEntry: result.hasBlacklistEntry,
    isNewLocation: Boolean(same),
    limitAddress: { ...result.limitAddress },
    location: null,
    newDebtorLimit: result.limit,
    newDebtorLimitColor: result.color,
    reasonCodes: result.reasonCodes,
    requiresDebtorAssignment: false,
    requestData: {
      name: debtorNameOf(input),
      contact: input.contactPerson ?? null,
      streetAndHouse,
      zip: input.zip,
      city: input.city,
      dateOfBirth: input.dateOfBirth ?? null,
      email: input.email ?? null,
      phone: input.telephone ?? null,
      isBusiness: input.debtorType === BUSINESS,
    },
    identificationReason: same ? 'limit_address_and_name' : result.cspIdentifier ? 'csp_identifier' : null,
  };
  return {
    response: decision as unknown as Record<string, unknown>,
    actionLog: { payload: { request: requestOf(input), limit: result.limit, color: result.color, reasonCodes: result.reasonCodes } },
  };
};

/** The user's stored ident-check answer for exactly these data, young enough to be used. */
async function storedDecision(ctx: CommandContext<CreateDebtorForm>) {
  const { trx, input, creditor, caller, now } = ctx;
  const since = new Date(now.getTime() - IDENT_CHECK_VALID_MINUTES * 60_000);
  let query = trx
    .selectFrom('pendingDebtorDecision')
    .selectAll()
    .where('creditorId', '=', creditor!.id)
    .where('resolvedAt', 'is', null)
    .where('createdAt', '>=', since)
    .where('requestName', '=', debtorNameOf(input))
    .where('requestZip', '=', input.zip)
    .where('requestStreetAndHouse', '=', `${input.street} ${input.house}`.trim());
  query = caller.isAdmin ? query.where('userId', 'is', null) : query.where('userId', '=', caller.userId);
  return query.orderBy('id', 'desc').forUpdate().executeTakeFirst();
}

/**
 * POST /debtor/create: creates the debtor and its first location from the stored ident-check
 * answer (limit, limit address, blacklist) and the business's VAT id (stored compact, upper case),
 * then resolves that answer. Without a fitting answer (none, expired, or the data changed since the
 * check) the creditor must check again. A matched existing debtor gets a new location instead (its
 * master data, the VAT id included, stays; editDebtor changes it).
 */
export const createDebtor: CommandHandler<CreateDebtorForm> = async (ctx) => {
  const { trx, input, creditor, now } = ctx;
  const decision = await storedDecision(ctx);
  if (!decision) ctx.refuse('debtors.identCheckRequired');
  await requireFreeCustomNumber(ctx, input.customDebtorNumber);
  await requireEInvoiceSeller(ctx, input.eInvoiceFormat);
  const name = debtorNameOf(input);
  let debtorId = decision!.debtorId;
  if (debtorId == null) {
    const limit = Number(decision!.newDebtorLimit ?? 0);
    const expires = new Date(now);
    expires.setMonth(expires.getMonth() + LIMIT_VALID_MONTHS);
    // the identity's value is taken first so that the identifier can carry it
    const { id } = await trx
      .selectNoFrom((eb) => eb.fn<number>('nextval', [eb.val('debtor_id_seq')]).as('id'))
      .executeTakeFirstOrThrow();
    await trx
      .insertInto('debtor')
      .values({
        id: Number(id),
        creditorId: creditor!.id,
        identifier: `D-${id}`,
        name,
        debtorType: input.debtorType,
        firstName: input.debtorType === PRIVATE_CUSTOMER ? (input.firstName ?? null) : null,
        lastName: input.debtorType === PRIVATE_CUSTOMER ? (input.lastName ?? null) : null,
        dateOfBirth: input.debtorType === PRIVATE_CUSTOMER ? (input.dateOfBirth ?? null) : null,
        street: decision!.limitStreet ?? input.street,
        house: decision!.limitHouse ?? input.house,
        zip: decision!.limitZip ?? input.zip,
        city: decision!.limitCity ?? input.city,
        approvedLimit: limit,
        availableLimit: limit,
        limitUpdateDate: now,
        limitExpiredDate: limit > 0 ? expires : null,
        isOnBlackList: decision!.hasBlacklistEntry,
        vatId: input.debtorType === BUSINESS && input.vatId ? normalizeVatId(input.vatId) : null,
        createdAt: now,
        updatedAt: now,
      })
      .execute();
    debtorId = Number(id);
  }
  const locationId = await insertLocation(trx, creditor!.id, debtorId, input, name, now);
  await trx
    .updateTable('pendingDebtorDecision')
    .set({ resolvedAt: now, debtorId, locationId })
    .where('id', '=', decision!.id)
    .execute();
  const limitText = formatMoney(Number(decision!.newDebtorLimit ?? 0));
  const debtor = await trx.selectFrom('debtor').select(['identifier', 'sapNumber']).where('id', '=', debtorId).executeTakeFirstOrThrow();
  return {
    response: { debtorId, locationId },
    history: {
      debtorId,
      locationId,
      text: decision!.debtorId == null
        ? `${name}, ${input.zip} ${input.city}: Limit ${limitText} (Ampel ${decision!.newDebtorLimitColor ?? '–'})`
        : `Neuer Standort ${input.street} ${input.house}, ${input.zip} ${input.city} für den vorhandenen Kunden`,
    },
    actionLog: { payload: { ...input, debtorId, locationId }, debtorIdentifier: debtor.identifier, debtorSapNumber: debtor.sapNumber ?? '' },
  };
};
