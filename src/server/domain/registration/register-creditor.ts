import { randomBytes } from 'node:crypto';
import { sql } from 'kysely';
import { normalizeIban, todayIso } from '../../../shared/validation';
import { enqueueMail } from '../../adapters/mail/mail-outbox';
import type { CommandContext, CommandCreditor } from '../../commands/command.types';
import { enumValue } from '../../services/status-groups';
import { INVITATION_VALID_DAYS, invitationTokenHash, UNUSABLE_PASSWORD } from '../settings/company-user.handlers';
import { transferMasterData } from '../admin/creditor-settings.handlers';
import { type RegistrationInput, type RegistrationPayload, registrationPayload } from './registration.payload';

/** The main user's role (roles.yaml ROLE_CREDITOR). */
const MAIN_USER_ROLE = 'ROLE_CREDITOR';
/** The steps of a registration, in order (schema/enums/registrationState.yaml). */
const SAP_REGISTERED = enumValue('registrationState', 'sap_registered');
const SETUP_FEE_CHARGED = enumValue('registrationState', 'setup_fee_charged');
const USER_CREATED = enumValue('registrationState', 'user_created');
const NEW_USER = enumValue('userStatus', 'new');
const ACTIVE_CONDITION = enumValue('serviceFeeConditionStatus', 'active');
/** SAP numbers of registered creditors continue the demo's range (6+ digits). */
const FIRST_SAP_NUMBER = 900_000;
/** One registration at a time draws the next SAP number (transaction-scoped advisory lock). */
const SAP_NUMBER_LOCK = 7_120_065;

export interface RegisteredCreditor {
  creditor: CommandCreditor;
  userId: number;
  payload: RegistrationPayload;
  /** whether the booking system took the master data (else: GET /creditor/send-to-sap/{id} later) */
  sentToSap: boolean;
}

const addDays = (day: string, days: number) => new Date(Date.parse(`${day}T00:00:00Z`) + days * 86_400_000).toISOString().slice(0, 10);
const addYears = (day: string, years: number) => {
  const d = new Date(`${day}T00:00:00Z`);
  d.setUTCFullYear(d.getUTCFullYear() + years);
  return d.toISOString().slice(0, 10);
};

/**
 * What a registration must not collide with (document 2 §5): the e-mail of any user or creditor (409
 * validation.emailTaken), an ONR number (cspIdentifier) of another creditor (409
 * validation.onrNumberTaken), a CMS key of another creditor (409 validation.cmsKeyTaken). Checked
 * inside the transaction; the unique indexes are the last word.
 */
async function refuseTaken(ctx: CommandContext, input: RegistrationInput): Promise<void> {
  const email = input.email.trim().toLowerCase();
  const user = await ctx.trx
    .selectFrom('appUser')
    .select('id')
    .where((eb) => eb.or([eb(sql`lower(username)`, '=', email), eb(sql`lower(email)`, '=', email)]))
    .executeTakeFirst();
  const creditor = await ctx.trx.selectFrom('creditor').select('id').where(sql`lower(email)`, '=', email).executeTakeFirst();
  if (user || creditor) ctx.refuse('validation.emailTaken', 409, {}, 'email');
  if (input.cspIdentifier) {
    const onr = await ctx.trx
      .selectFrom('creditor')
      .select('id')
      .where(sql`lower(csp_identifier)`, '=', input.cspIdentifier.trim().toLowerCase())
      .executeTakeFirst();
    if (onr) ctx.refuse('validation.onrNumberTaken', 409, {}, 'cspIdentifier');
  }
  if (input.cmsKey) {
    const cms = await ctx.trx
      .selectFrom('creditor')
      .select('id')
      .where(sql`lower(cms_key)`, '=', input.cmsKey.trim().toLowerCase())
      .executeTakeFirst();
    if (cms) ctx.refuse('validation.cmsKeyTaken', 409, {}, 'cmsKey');
  }
}

/** The service-fee matrix entry of the registration: it must belong to the product (400 otherwise). */
async function matrixEntryOf(ctx: CommandContext, input: RegistrationInput) {
  const entry = await ctx.trx
    .selectFrom('serviceFeeMatrixEntry')
    .select(['id', 'identifier', 'isDefault'])
    // the API names an entry by its id (GET /creditor-service-fee/sap-matrix/…); its SAP-side key works too
    .where((eb) => {
      const key = String(input.serviceFeeMatrixIdentifier).trim();
      return /^[0-9]{1,9}$/.test(key) ? eb.or([eb('id', '=', Number(key)), eb('identifier', '=', key)]) : eb('identifier', '=', key);
    })
    .where('productType', '=', input.productType)
    .executeTakeFirst();
  if (!entry) ctx.refuse('registration.unknownMatrix', 400, {}, 'serviceFeeMatrixIdentifier');
  return entry!;
}

/** The next SAP number: above every numeric one in use (the local booking system's numbering). */
async function nextSapNumber(ctx: CommandContext): Promise<string> {
  await sql`select pg_advisory_xact_lock(${SAP_NUMBER_LOCK})`.execute(ctx.trx);
  const { rows } = await sql<{ max: string | null }>`
    select max(sap_number::bigint)::text as max from creditor where sap_number ~ '^[0-9]{1,15}$'`.execute(ctx.trx);
  return String(Math.max(Number(rows[0]?.max ?? 0) + 1, FIRST_SAP_NUMBER));
}

/**
 * Registers a creditor with its main user — the one registration of the admin's "register
 * creditor" and the public product application (document 2 §3): in one transaction the creditor
 * with contact, legal, SEPA and intermediary data is SAP registered (SAP number, the payload of §3
 * handed over), its set-up fee charged, its service-fee condition (and the minimum annual fee's
 * first period) started, and its main user created (status new, no password, the current terms
 * to accept) with the registration mail carrying a one-time link /set-password/{token}.
 * The caller has validated the input (form schema and product rules).
 */
export async function registerCreditorWithMainUser(ctx: CommandContext, input: RegistrationInput): Promise<RegisteredCreditor> {
  const { trx, now } = ctx;
  const today = todayIso(now);
  await refuseTaken(ctx, input);
  const matrix = await matrixEntryOf(ctx, input);
  const payload = registrationPayload(input, today);
  const automatic = input.automaticallyCalculateCreditorLimit !== false;
  const contractStart = input.contractDate ?? today;
  const contactName = `${input.firstName.trim()} ${input.lastName.trim()}`;

  // step 1: the creditor, SAP registered
  const sapNumber = await nextSapNumber(ctx);
  const created = await trx
    .insertInto('creditor')
    .values({
      identifier: `K-R${sapNumber}`,
      name: input.companyName,
      tradeName: input.tradeName || null,
      product: input.productType,
      sapNumber,
      approvedLimit: 0,
      availableLimit: 0,
      street: input.streetAndHouse,
      zip: input.zip,
      city: input.city,
      email: input.email.trim(),
      phone: input.phone,
      salutation: input.salutation,
      contactName,
      mobileNumber: input.mobile || null,
      legalForm: input.legalFormKey,
      registerNumber: input.registerNumber || null,
      placeOfAuthority: input.placeOfAuthority || null,
      proprietor: input.proprietor || null,
      contractNumber: `V-${sapNumber}`,
      contractStart,
      contractDate: input.contractDate ?? today,
      foundingDate: input.foundingDate ?? null,
      entitledToDeductVat: input.entitledToDeductVat ?? null,
      vob: typeof input.vob === 'boolean' ? input.vob : null,
      annualTurnover: input.turnover ?? null,
      onlineTurnoverRate: input.onlineTurnoverRate ?? null,
      factorableTurnover: input.factorableTurnover ?? null,
      creditorLimit: automatic ? null : (input.creditorLimit ?? null),
      serviceFee: input.serviceFee ?? null,
      creditScore: input.buergelScore ?? null,
      cspIdentifier: input.cspIdentifier?.trim() || null,
      cmsKey: input.cmsKey?.trim() || null,
      ddmIdentifier: input.ddmIdentifier || null,
      wzCode: input.wzCode || null,
      sepaAccountOwner: input.sepaAccountOwner,
      sepaIban: normalizeIban(input.sepaIban),
      sepaCity: input.sepaCity,
      sepaDate: input.sepaDate,
      sepaReferenceNumber: `MREF-K${sapNumber}`,
      permissions: JSON.stringify({}),
      registrationState: SAP_REGISTERED,
      createdAt: now,
      updatedAt: now,
    })
    .returning(['id', 'identifier', 'status', 'product', 'sapNumber'])
    .executeTakeFirstOrThrow();
  const sentToSap = await handOverToBookingSystem(ctx, {
    id: created.id,
    identifier: created.identifier,
    name: input.companyName,
    sepaIban: normalizeIban(input.sepaIban),
  });
  await trx
    .insertInto('creditorIntermediary')
    .values({
      creditorId: created.id,
      assetConsultantName: input.intermediaryAssetConsultantName || null,
      salutation: input.intermediarySalutation ?? null,
      firstName: input.intermediaryFirstName || null,
      lastName: input.intermediaryLastName || null,
      street: input.intermediaryStreet || null,
      zip: input.intermediaryZip || null,
      city: input.intermediaryCity || null,
      phone: input.intermediaryPhone || null,
      email: input.intermediaryEmail || null,
      department: input.intermediaryDepartment || null,
      assetConsultantNumber: input.assetConsultantNumber || null,
      intermediaryNumber: input.intermediaryNumber || null,
      notes: input.intermediaryNotes || null,
      privacyPolicyAccepted: input.privacyPolicyAccepted === true,
    })
    .execute();

  // step 2: the set-up fee charged, the conditions in force from the contract start
  await trx
    .updateTable('creditor')
    .set({ setupFee: input.setupFee, registrationState: SETUP_FEE_CHARGED })
    .where('id', '=', created.id)
    .execute();
  await trx
    .insertInto('creditorServiceFeeCondition')
    .values({
      creditorId: created.id,
      matrixEntryId: matrix.id,
      status: ACTIVE_CONDITION,
      validFromDate: contractStart,
      isDefault: matrix.isDefault,
      createdAt: now,
      updatedAt: now,
    })
    .execute();
  const annual = payload.creditorServiceFee.serviceFeeAnnual;
  if (annual !== undefined) {
    const start = input.serviceFeePeriod ?? contractStart;
    await trx
      .insertInto('serviceFeePeriod')
      .values({ creditorId: created.id, startDate: start, endDate: addDays(addYears(start, 1), -1), currentAnnualServiceFee: annual, chargedAmount: 0, createdAt: now })
      .execute();
    await trx.updateTable('creditor').set({ isServiceFeePeriodActive: true }).where('id', '=', created.id).execute();
  }

  // step 3: the main user, invited to set the password; the current terms wait for the opt-in
  const user = await trx
    .insertInto('appUser')
    .values({
      username: input.email.trim(),
      email: input.email.trim(),
      name: contactName,
      passwordHash: UNUSABLE_PASSWORD,
      roles: [MAIN_USER_ROLE],
      product: input.productType,
      status: NEW_USER,
      optIn: false,
      creditorId: created.id,
      createdAt: now,
      updatedAt: now,
    })
    .returning(['id'])
    .executeTakeFirstOrThrow();
  await openTermsApproval(ctx, created.id, user.id, input.productType);
  const token = randomBytes(32).toString('base64url');
  await trx
    .insertInto('companyUserInvitation')
    .values({
      creditorId: created.id,
      userId: user.id,
      tokenHash: invitationTokenHash(token),
      expiresAt: new Date(now.getTime() + INVITATION_VALID_DAYS * 86_400_000),
      invitedByUserId: null,
      createdAt: now,
    })
    .execute();
  await enqueueMail(trx, {
    creditorId: created.id,
    productType: input.productType,
    recipient: input.email.trim(),
    template: 'creditorRegistration',
    params: { name: contactName, creditorName: input.companyName, setPasswordPath: `/set-password/${token}`, validDays: INVITATION_VALID_DAYS },
    now,
  });
  await trx.updateTable('creditor').set({ registrationState: USER_CREATED }).where('id', '=', created.id).execute();
  return { creditor: created, userId: user.id, payload, sentToSap };
}

/**
 * The master data handed to the booking system (the spec's SAP) inside a savepoint. Decision: a
 * booking system that fails does not refuse the registration (the creditor, its user and the mail
 * are the provider's own business): the hand-over is undone alone, `sent_to_sap_at` stays empty,
 * the action log says `sentToSap: false`, and the admins hand it over later with
 * GET /creditor/send-to-sap/{id} — which refuses a creditor already sent.
 */
async function handOverToBookingSystem(
  ctx: CommandContext,
  creditor: { id: number; identifier: string; name: string; sepaIban: string | null },
): Promise<boolean> {
  await sql`savepoint booking_hand_over`.execute(ctx.trx);
  try {
    await transferMasterData(ctx, creditor);
    await sql`release savepoint booking_hand_over`.execute(ctx.trx);
  } catch {
    // the guard of the command's adapters has logged why (run-command.ts)
    await sql`rollback to savepoint booking_hand_over`.execute(ctx.trx);
    return false;
  }
  await ctx.trx.updateTable('creditor').set({ sentToSapAt: ctx.now }).where('id', '=', creditor.id).execute();
  return true;
}

/** An open approval of the product's newest version of every terms document (the opt-in at first login). */
export async function openTermsApproval(ctx: CommandContext, creditorId: number, userId: number, product: string): Promise<void> {
  const documents = await ctx.trx
    .selectFrom('termsDocument as d')
    .select('d.id')
    .where('d.productType', '=', product)
    .where((eb) =>
      eb(
        'd.modifiedAt',
        '=',
        eb
          .selectFrom('termsDocument as n')
          .select((n) => n.fn.max('n.modifiedAt').as('latest'))
          .whereRef('n.productType', '=', 'd.productType')
          .whereRef('n.documentType', '=', 'd.documentType'),
      ),
    )
    .execute();
  if (!documents.length) return;
  const approval = await ctx.trx
    .insertInto('termsApproval')
    .values({ creditorId, userId, createdAt: ctx.now })
    .returning('id')
    .executeTakeFirstOrThrow();
  await ctx.trx
    .insertInto('termsApprovalDocument')
    .values(documents.map((d) => ({ termsApprovalId: approval.id, termsDocumentId: d.id })))
    .execute();
}
