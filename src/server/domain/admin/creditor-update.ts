import { type Kysely, sql } from 'kysely';
import type { EditCreditorForm } from '../../../../generated/types';
import { normalizeIban, normalizeVatId } from '../../../shared/validation';
import type { CommandHandler } from '../../commands/command.types';
import type { Database } from '../../db/schema';
import { validateForProduct } from '../registration/product-validation';

const SEPA_FIELDS = ['sepaAccountOwner', 'sepaIban', 'sepaCity', 'sepaDate'] as const;
const day = (value: unknown) =>
  value instanceof Date
    ? value.toISOString().slice(0, 10)
    : value == null
      ? undefined
      : String(value).slice(0, 10);
const text = (value: string | null | undefined) => value ?? undefined;
const splitName = (name: string | null) => {
  const parts = (name ?? '').trim().split(/\s+/);
  return {
    firstName: parts.length > 1 ? parts.slice(0, -1).join(' ') : (parts[0] ?? ''),
    lastName: parts.length > 1 ? parts[parts.length - 1] : '',
  };
};

/**
 * The creditor's master data as the edit dialog's values (schema/forms/editCreditor.yaml), for
 * GET /creditor/{id}/edit-values; undefined when there is no such creditor.
 */
export async function creditorEditValues(
  db: Kysely<Database>,
  id: number,
): Promise<Partial<EditCreditorForm> | undefined> {
  const c = await db.selectFrom('creditor').selectAll().where('id', '=', id).executeTakeFirst();
  if (!c) return undefined;
  const i = await db
    .selectFrom('creditorIntermediary')
    .selectAll()
    .where('creditorId', '=', id)
    .executeTakeFirst();
  const values: Record<string, unknown> = {
    companyName: c.name,
    salutation: text(c.salutation),
    ...splitName(c.contactName),
    tradeName: text(c.tradeName),
    foundingDate: day(c.foundingDate),
    turnover: c.annualTurnover ?? undefined,
    onlineTurnoverRate: c.onlineTurnoverRate ?? undefined,
    factorableTurnover: c.factorableTurnover ?? undefined,
    automaticallyCalculateCreditorLimit: c.creditorLimit == null,
    creditorLimit: c.creditorLimit ?? undefined,
    streetAndHouse: [c.street, c.house].filter(Boolean).join(' ') || undefined,
    zip: text(c.zip),
    city: text(c.city),
    phone: text(c.phone),
    mobile: text(c.mobileNumber),
    email: text(c.email),
    legalFormKey: text(c.legalForm),
    entitledToDeductVat: c.entitledToDeductVat ?? undefined,
    vob: c.vob ?? undefined,
    registerNumber: text(c.registerNumber),
    placeOfAuthority: text(c.placeOfAuthority),
    proprietor: text(c.proprietor),
    vatId: text(c.vatId),
    invoiceIban: text(c.invoiceIban),
    invoiceBic: text(c.invoiceBic),
    sepaAccountOwner: text(c.sepaAccountOwner),
    sepaIban: text(c.sepaIban),
    sepaCity: text(c.sepaCity),
    sepaDate: day(c.sepaDate),
    intermediaryNumber: text(i?.intermediaryNumber),
    intermediaryAssetConsultantName: text(i?.assetConsultantName),
    assetConsultantNumber: text(i?.assetConsultantNumber),
    intermediarySalutation: text(i?.salutation),
    intermediaryFirstName: text(i?.firstName),
    intermediaryLastName: text(i?.lastName),
    intermediaryDepartment: text(i?.department),
    intermediaryStreet: text(i?.street),
    intermediaryZip: text(i?.zip),
    intermediaryCity: text(i?.city),
    intermediaryPhone: text(i?.phone),
    intermediaryEmail: text(i?.email),
    intermediaryNotes: text(i?.notes),
    contractDate: day(c.contractDate),
    buergelScore: c.creditScore ?? undefined,
    cspIdentifier: text(c.cspIdentifier),
    ddmIdentifier: text(c.ddmIdentifier),
    wzCode: text(c.wzCode),
    serviceFee: c.serviceFee == null ? undefined : Number(c.serviceFee),
  };
  return Object.fromEntries(
    Object.entries(values).filter(([, v]) => v !== undefined && v !== ''),
  ) as Partial<EditCreditorForm>;
}

/**
 * POST /creditor/{id}/update: the admin changes a creditor's master data (the pipeline has checked
 * the admin permission, the product scope and loaded the creditor FOR UPDATE). The product's
 * onboarding bounds apply; the e-mail must not belong to another creditor or another creditor's
 * user, the ONR number not to another creditor (409); the SEPA data stay as they are once the
 * creditor has been sent to the accounting system (409 adminCommands.sepaViaRequest). The action
 * log keeps what changed, old and new.
 */
export const updateCreditor: CommandHandler<EditCreditorForm> = async (ctx) => {
  const { trx, input, now } = ctx;
  const creditor = ctx.creditor!;
  validateForProduct('editCreditor', input, creditor.product, { application: false });
  const before = (await creditorEditValues(trx, creditor.id))!;
  const row = await trx
    .selectFrom('creditor')
    .select(['sentToSapAt'])
    .where('id', '=', creditor.id)
    .executeTakeFirstOrThrow();
  const sepaChanged = SEPA_FIELDS.some((field) =>
    field === 'sepaIban'
      ? normalizeIban(String(input.sepaIban ?? '')) !== normalizeIban(String(before.sepaIban ?? ''))
      : String(input[field] ?? '') !== String(before[field] ?? ''),
  );
  if (row.sentToSapAt && sepaChanged) ctx.refuse('adminCommands.sepaViaRequest', 409);

  const email = input.email.trim().toLowerCase();
  const takenBy = await trx
    .selectFrom('creditor')
    .select('id')
    .where(sql`lower(email)`, '=', email)
    .where('id', '<>', creditor.id)
    .executeTakeFirst();
  const userOfOther = await trx
    .selectFrom('appUser')
    .select('id')
    .where((eb) => eb.or([eb(sql`lower(username)`, '=', email), eb(sql`lower(email)`, '=', email)]))
    .where((eb) => eb.or([eb('creditorId', 'is', null), eb('creditorId', '<>', creditor.id)]))
    .executeTakeFirst();
  if (takenBy || userOfOther) ctx.refuse('validation.emailTaken', 409);
  if (input.cspIdentifier) {
    const onr = await trx
      .selectFrom('creditor')
      .select('id')
      .where(sql`lower(csp_identifier)`, '=', input.cspIdentifier.trim().toLowerCase())
      .where('id', '<>', creditor.id)
      .executeTakeFirst();
    if (onr) ctx.refuse('validation.onrNumberTaken', 409);
  }

  const automatic = input.automaticallyCalculateCreditorLimit !== false;
  await trx
    .updateTable('creditor')
    .set({
      name: input.companyName,
      tradeName: input.tradeName || null,
      salutation: input.salutation,
      contactName: `${input.firstName.trim()} ${input.lastName.trim()}`,
      foundingDate: input.foundingDate,
      annualTurnover: input.turnover,
      onlineTurnoverRate: input.onlineTurnoverRate ?? null,
      factorableTurnover: input.factorableTurnover,
      creditorLimit: automatic ? null : (input.creditorLimit ?? null),
      street: input.streetAndHouse,
      house: null,
      zip: input.zip,
      city: input.city,
      phone: input.phone,
      mobileNumber: input.mobile || null,
      email: input.email.trim(),
      legalForm: input.legalFormKey,
      vatId: input.vatId ? normalizeVatId(input.vatId) : null,
      invoiceIban: input.invoiceIban ? normalizeIban(input.invoiceIban) : null,
      invoiceBic: input.invoiceBic?.trim().toUpperCase() || null,
      entitledToDeductVat: input.entitledToDeductVat ?? null,
      vob: typeof input.vob === 'boolean' ? input.vob : null,
      registerNumber: input.registerNumber || null,
      placeOfAuthority: input.placeOfAuthority || null,
      proprietor: input.proprietor || null,
      contractDate: input.contractDate,
      creditScore: input.buergelScore ?? null,
      cspIdentifier: input.cspIdentifier || null,
      ddmIdentifier: input.ddmIdentifier || null,
      wzCode: input.wzCode || null,
      serviceFee: input.serviceFee ?? null,
      ...(row.sentToSapAt
        ? {}
        : {
            sepaAccountOwner: input.sepaAccountOwner,
            sepaIban: normalizeIban(input.sepaIban),
            sepaCity: input.sepaCity,
            sepaDate: input.sepaDate,
          }),
      updatedAt: now,
    })
    .where('id', '=', creditor.id)
    .execute();
  const intermediary = {
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
  };
  await trx
    .insertInto('creditorIntermediary')
    .values({ creditorId: creditor.id, ...intermediary })
    .onConflict((oc) => oc.column('creditorId').doUpdateSet(intermediary))
    .execute();

  const after = (await creditorEditValues(trx, creditor.id))!;
  const changes = Object.fromEntries(
    [...new Set([...Object.keys(before), ...Object.keys(after)])]
      .filter(
        (key) =>
          JSON.stringify(before[key as keyof typeof before]) !==
          JSON.stringify(after[key as keyof typeof after]),
      )
      .map((key) => [
        key,
        { from: before[key as keyof typeof before] ?? null, to: after[key as keyof typeof after] ?? null },
      ]),
  );
  return { actionLog: { payload: { changes } } };
};
