import type { AddLocationForm, EditLocationForm, LocationEmailForm, PostAddressForm } from '../../../../generated/types';
import type { CommandContext, CommandHandler } from '../../commands/command.types';
import { ACTIVE_DEBTOR_STATUSES } from '../../services/status-groups';
import { changes, fieldLabels, INACTIVE, insertLocation, locationColumns, requireEInvoiceSeller, requireFreeCustomNumber } from './debtor-data';
import { debtorDeactivationBlocked, hasActivePermanentDebts } from './debtor.rules';

const NO_POST_ADDRESS = {
  postFirstName: null,
  postName: null,
  postStreet: null,
  postHouse: null,
  postZip: null,
  postCity: null,
  postCountry: null,
  postPoBox: null,
};
// the history names changed fields by their German labels (schema/texts/fields.yaml)
const LOCATION_LABELS = fieldLabels([
  'name',
  'street',
  'house',
  'zip',
  'city',
  'deliveryType',
  'email',
  'contactPerson',
  'telephone',
  'customDebtorNumber',
  'eInvoiceFormat',
  'leitwegId',
]);

/** A location's debtor must be active for the location to change (an inactive debtor's are frozen). */
function requireActiveDebtor(ctx: CommandContext) {
  if (!ACTIVE_DEBTOR_STATUSES.includes(ctx.target!.row.debtor.status)) ctx.refuse('debtors.debtorInactive');
}

const where = (ctx: CommandContext) =>
  ctx.trx.updateTable('location').where('id', '=', ctx.target!.id).where('creditorId', '=', ctx.target!.creditorId);

/** POST /debtor/{id}/add-location: a further invoice address of the debtor; answers its id. */
export const addLocation: CommandHandler<AddLocationForm> = async (ctx) => {
  const { trx, input, target, now } = ctx;
  await requireFreeCustomNumber(ctx, input.customDebtorNumber);
  await requireEInvoiceSeller(ctx, input.eInvoiceFormat);
  const locationId = await insertLocation(trx, target!.creditorId, target!.id, input, input.name, now);
  return {
    response: { locationId },
    history: { locationId, text: `${input.name}, ${input.street} ${input.house}, ${input.zip} ${input.city}` },
  };
};

/** POST /location/update/{id}: the location's address, delivery and contact data. */
export const updateLocation: CommandHandler<EditLocationForm> = async (ctx) => {
  const { input, target, now } = ctx;
  requireActiveDebtor(ctx);
  await requireFreeCustomNumber(ctx, input.customDebtorNumber, target!.id);
  await requireEInvoiceSeller(ctx, input.eInvoiceFormat);
  const set = { name: input.name, addressName: input.name, ...locationColumns(input) };
  await where(ctx).set({ ...set, updatedAt: now }).execute();
  return { history: { text: changes(target!.row, set, LOCATION_LABELS) } };
};

/** GET /location/{id}/activate: an inactive location of an active debtor becomes reactivated. */
export const activateLocation: CommandHandler = async (ctx) => {
  requireActiveDebtor(ctx);
  return { history: { text: ctx.target!.row.name } };
};

/**
 * GET /location/{id}/deactivate: not while the location has active permanent debts; the last active
 * location takes the debtor with it — so then the debtor's own deactivation rules apply too.
 */
export const deactivateLocation: CommandHandler = async (ctx) => {
  const { trx, target, now } = ctx;
  requireActiveDebtor(ctx);
  const debtor = target!.row.debtor;
  if (await hasActivePermanentDebts(trx, target!.creditorId, { locationId: target!.id })) ctx.refuse('debtors.deactivationBlocked');
  const others = await trx
    .selectFrom('location')
    .select('id')
    .where('creditorId', '=', target!.creditorId)
    .where('debtorId', '=', debtor.id)
    .where('id', '!=', target!.id)
    .where('status', 'in', ACTIVE_DEBTOR_STATUSES)
    .execute();
  if (others.length > 0) return { history: { text: target!.row.name } };
  const blocked = debtorDeactivationBlocked({
    hasSepaMandate: Boolean(debtor.sepaIban),
    hasActivePermanentDebts: await hasActivePermanentDebts(trx, target!.creditorId, { debtorId: debtor.id }),
  });
  if (blocked) ctx.refuse('debtors.deactivationBlocked');
  await trx
    .updateTable('debtor')
    .set({ status: INACTIVE, updatedAt: now })
    .where('id', '=', debtor.id)
    .where('creditorId', '=', target!.creditorId)
    .execute();
  return { history: { text: `${target!.row.name} — letzter aktiver Standort: der Kunde wurde mit deaktiviert` } };
};

/**
 * POST /location/{id}/post-address: a separate postal address — street and house number or a PO box
 * (the form cannot say "either … or", so it is checked here).
 */
export const setPostAddress: CommandHandler<PostAddressForm> = async (ctx) => {
  const { input, now } = ctx;
  requireActiveDebtor(ctx);
  if (!input.poBox && !(input.street && input.house)) ctx.refuse('addresses.postAddressIncomplete', 400);
  const set = {
    postFirstName: input.firstName ?? null,
    postName: input.name,
    postStreet: input.poBox ? null : (input.street ?? null),
    postHouse: input.poBox ? null : (input.house ?? null),
    postPoBox: input.poBox ?? null,
    postZip: input.zip,
    postCity: input.city,
    postCountry: 'DE',
  };
  await where(ctx).set({ ...set, updatedAt: now }).execute();
  const place = input.poBox ? `Postfach ${input.poBox}` : `${input.street} ${input.house}`;
  return { history: { text: `${input.name}, ${place}, ${input.zip} ${input.city}` } };
};

/** DELETE /location/{id}/post-address: letters go to the location's own address again. */
export const deletePostAddress: CommandHandler = async (ctx) => {
  const { target, now } = ctx;
  requireActiveDebtor(ctx);
  if (!target!.row.postZip) ctx.refuse('addresses.noPostAddress');
  await where(ctx).set({ ...NO_POST_ADDRESS, updatedAt: now }).execute();
  return { history: { text: `${target!.row.postName ?? ''}, ${target!.row.postZip} ${target!.row.postCity ?? ''}`.trim() } };
};

/** POST /location/{id}/email-address {email}: the invoice e-mail address of the location. */
export const setLocationEmail: CommandHandler<LocationEmailForm> = async (ctx) => {
  const { input, target, now } = ctx;
  requireActiveDebtor(ctx);
  await where(ctx).set({ email: input.email, updatedAt: now }).execute();
  return { history: { text: `${target!.row.email ?? '–'} → ${input.email}` } };
};
