import type { ProductApplicationForm, ProductRequestForm } from '../../../../generated/types';
import { forms } from '../../../../generated/forms';
import { variants } from '../../../../generated/variants';
import { formatMoney } from '../../../shared/format';
import { type FormSchema, fillBlacklistedFields } from '../../../shared/onboarding/product-rules';
import { enqueueMail } from '../../adapters/mail/mail-outbox';
import { germanText } from '../../commands/command-audit';
import type { CommandContext, CommandHandler } from '../../commands/command.types';
import { registerCreditorWithMainUser, validateForProduct } from '../registration';
import './onboarding-claim.table';

/** A product the visitor may apply for here: known and not portal-only (404 otherwise). */
function offeredProduct(ctx: CommandContext, product: string) {
  const variant = variants[product];
  if (!variant?.onboarding.enabled) ctx.refuse('onboarding.unknownProduct', 404);
  return variant!;
}

/** The product's default service-fee matrix entry (GET /creditor-service-fee/sap-matrix/{id}/show-default). */
async function defaultMatrixIdentifier(ctx: CommandContext, product: string): Promise<string> {
  const entry = await ctx.trx
    .selectFrom('serviceFeeMatrixEntry')
    .select('id')
    .where('productType', '=', product)
    .where('isDefault', '=', true)
    .executeTakeFirst();
  if (!entry) ctx.refuse('registration.noDefaultMatrix', 409);
  return String(entry!.id);
}

/**
 * POST /onboarding/command/register-creditor (public): the product application. The product's
 * rules are checked with the schema the browser form uses; the product's blacklisted text fields are
 * filled with the product type (src/shared/onboarding); then the creditor and its main user are
 * registered (shared registration) with the product's first set-up fee option and its default
 * matrix entry. The applicant gets the registration mail, the provider's service address a mail.
 */
export const registerCreditorApplication: CommandHandler<ProductApplicationForm & { productType: string }> = async (ctx) => {
  const { input } = ctx;
  const variant = offeredProduct(ctx, input.productType);
  validateForProduct('productApplication', input, input.productType, { application: true });
  fillBlacklistedFields(input as unknown as Record<string, unknown>, forms.productApplication.schema as unknown as FormSchema, variant.onboarding, input.productType);
  const registered = await registerCreditorWithMainUser(ctx, {
    ...input,
    setupFee: variant.setupFeeOptions[0] ?? 0,
    serviceFeeMatrixIdentifier: await defaultMatrixIdentifier(ctx, input.productType),
  });
  const details = [
    `${germanText('fields.factorableTurnover')}: ${input.factorableTurnover != null ? formatMoney(input.factorableTurnover) : '–'}`,
    `${germanText('fields.sapNumber')}: ${registered.creditor.sapNumber}`,
  ].join('\n');
  await enqueueMail(ctx.trx, {
    creditorId: registered.creditor.id,
    productType: input.productType,
    recipient: variant.contact.mail,
    template: 'onboardingReceived',
    params: {
      kindLabel: 'Produktantrag',
      companyName: input.companyName,
      contactName: `${input.firstName} ${input.lastName}`,
      email: input.email,
      phone: input.phone,
      details,
    },
    now: ctx.now,
  });
  return {
    creditor: registered.creditor,
    response: { identifier: registered.creditor.id },
    actionLog: { payload: { ...registered.payload, sentToSap: registered.sentToSap } },
  };
};

/**
 * POST /onboarding/command/create-claim (public): a product request, kept as a lead and mailed to
 * the product's service address. The intermediary number is required where the product says so.
 */
export const createClaim: CommandHandler<ProductRequestForm & { productType: string }> = async (ctx) => {
  const { input, trx, now } = ctx;
  const variant = offeredProduct(ctx, input.productType);
  validateForProduct('productRequest', input, input.productType, { application: true });
  const claim = await trx
    .insertInto('onboardingClaim')
    .values({
      productType: input.productType,
      companyName: input.companyName,
      legalForm: input.legalFormKey,
      salutation: input.salutation,
      firstName: input.firstName,
      lastName: input.lastName,
      email: input.email,
      phone: input.phone,
      zip: input.zip,
      city: input.city,
      turnover: input.turnover ?? null,
      intermediaryNumber: input.intermediaryNumber || null,
      message: input.message || null,
      createdAt: now,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  await enqueueMail(trx, {
    creditorId: null,
    productType: input.productType,
    recipient: variant.contact.mail,
    template: 'onboardingReceived',
    params: {
      kindLabel: 'Produktanfrage',
      companyName: input.companyName,
      contactName: `${input.firstName} ${input.lastName}`,
      email: input.email,
      phone: input.phone,
      details: [`PLZ/Ort: ${input.zip} ${input.city}`, input.message ? `Nachricht: ${input.message}` : ''].filter(Boolean).join('\n'),
    },
    now,
  });
  // the action log names the product (a product admin finds the entry) and the lead it created
  return {
    response: { identifier: claim.id },
    actionLog: { productType: input.productType, payload: { ...input, claimIdentifier: claim.id } },
  };
};
