import type { Kysely, Selectable } from 'kysely';
import { variants } from '../../../generated/variants';
import { todayIso } from '../../shared/validation';
import { addDays } from '../../shared/validation/german-input.parse';
import type { Adapters } from '../adapters';
import { enqueueMail } from '../adapters/mail/mail-outbox';
import type { CreditorTable, Database, VoucherTable } from '../db/schema';
import { readEInvoice } from '../einvoice';
import { keepVoucherEInvoice } from '../einvoice/out/keep-voucher-einvoice';
import { BuyerDataMissing, SellerDataMissing } from '../einvoice/out/voucher-einvoice';
import { ACTIVE_USER_STATUSES, MAIN_USER_ROLES } from '../services/creditor-users';
import { INVOICE_TYPES } from '../services/status-groups';
import { annexRefusal, documentRefusal } from './document-rules';
import { readInvoiceText } from './invoice-text';
import { readPdfText } from './pdf-text';
import { processingCodeLabel, writeProcessingCode, writeProcessLog } from './processing-log';
import type { Stage } from './processing-queue';
import { identifyDebtor } from './debtor-identification';

/** What a stage works with: the job's transaction, the locked voucher, its creditor and the clock. */
export interface StageContext {
  trx: Kysely<Database>;
  voucher: Selectable<VoucherTable>;
  creditor: Selectable<CreditorTable>;
  adapters: Adapters;
  now: Date;
}

/** What a stage decides: the next stage and when it is due (default now). */
export interface StageResult {
  next: Stage;
  runAt?: Date;
}

/** What the read stage keeps of the document (voucher.document_data). */
export interface DocumentData {
  format: 'ubl' | 'cii' | 'text';
  number: string | null;
  issueDate: string | null;
  dueDate: string | null;
  deliveryDate: string | null;
  amountDue: number | null;
  buyer: {
    name: string | null;
    street: string | null;
    zip: string | null;
    city: string | null;
    email: string | null;
    vatId?: string | null;
  } | null;
  iban: string | null;
}

const ids = (ctx: StageContext) => ({ creditorId: ctx.voucher.creditorId, voucherId: ctx.voucher.id });
const MIN_REMAINING_DAYS = 3;
const MAX_TERM_DAYS = 90;
const MAX_SERVICE_BEFORE_DAYS = 30;
const DAY_MS = 86_400_000;
const daysBetween = (from: string, to: string) => Math.round((Date.parse(to) - Date.parse(from)) / DAY_MS);
/** The day of the clock (tests move it), as `yyyy-MM-dd`. */
const dayOf = (now: Date) => todayIso(now);

async function update(ctx: StageContext, values: Partial<Record<keyof VoucherTable, unknown>>) {
  await ctx.trx
    .updateTable('voucher')
    .set({ ...(values as object), updatedAt: ctx.now })
    .where('id', '=', ctx.voucher.id)
    .execute();
  Object.assign(ctx.voucher, values);
}

/** Notifies every active main user of the creditor (the bell panel reads these rows). */
export async function notifyMainUsers(
  ctx: StageContext,
  type: string,
  title: string,
  message: string | null,
) {
  const users = await ctx.trx
    .selectFrom('appUser')
    .select('id')
    .where('creditorId', '=', ctx.creditor.id)
    .where('status', 'in', [...ACTIVE_USER_STATUSES])
    .where((eb) => eb.or(MAIN_USER_ROLES.map((role) => eb(eb.val(role), '=', eb.fn.any('roles')))))
    .execute();
  for (const user of users) {
    await ctx.trx
      .insertInto('notification')
      .values({
        creditorId: ctx.creditor.id,
        userId: user.id,
        type,
        title,
        message,
        voucherId: ctx.voucher.id,
        debtorId: ctx.voucher.debtorId,
        createdAt: ctx.now,
      })
      .execute();
  }
}

/** A processing error: the voucher shows the code (status failed, still unprocessed) and the creditor is told. */
export async function failProcessing(
  ctx: StageContext,
  code: number,
  detail?: string | null,
): Promise<StageResult> {
  await update(ctx, { status: 'failed', processingStatus: null, endOfPauseAt: null });
  await reportProcessingError(ctx, code, detail);
  return { next: 'done' };
}

/** The code in the voucher's history and a processing-error notification for the main users. */
export async function reportProcessingError(ctx: StageContext, code: number, detail?: string | null): Promise<void> {
  await writeProcessingCode(ctx.trx, ids(ctx), code, ctx.now, detail ?? null);
  const name = ctx.voucher.originalName ?? `Beleg ${ctx.voucher.id}`;
  await notifyMainUsers(
    ctx,
    'processingError',
    `Verarbeitungsfehler: ${name}`,
    `${code} ${processingCodeLabel(code)}`,
  );
}

/** The editing pause: due at its end (a later end — it cannot move today — is simply waited for). */
async function pause(ctx: StageContext): Promise<StageResult> {
  const end = ctx.voucher.endOfPauseAt;
  if (end && end.getTime() > ctx.now.getTime()) return { next: 'pause', runAt: end };
  // Decision: the editing pause is the last moment of the hand-over; a creditor blocked or terminated
  // before it ends hands nothing over ("blocked: … cannot hand over new vouchers", document 1 §4):
  // processing is cancelled with 801 and the upload stays in the unprocessed list to be deleted.
  if (ctx.creditor.status === 'blocked' || ctx.creditor.status === 'terminated')
    return failProcessing(ctx, 801, ctx.creditor.status === 'blocked' ? 'Gläubiger gesperrt' : 'Gläubiger gekündigt');
  await update(ctx, { processingStatus: 'document_will_be_identified', endOfPauseAt: null });
  await writeProcessingCode(ctx.trx, ids(ctx), 102, ctx.now);
  return { next: 'read' };
}

/** Reads the document: the e-invoice's data, or the German wording of a plain PDF; unreadable → 920/929. */
async function read(ctx: StageContext): Promise<StageResult> {
  const files = await ctx.trx
    .selectFrom('voucherAttachment as a')
    .innerJoin('storedFile as f', 'f.path', 'a.path')
    .select(['f.content', 'f.fileName'])
    .where('a.voucherId', '=', ctx.voucher.id)
    .where('f.creditorId', '=', ctx.creditor.id)
    .orderBy('a.id')
    .execute();
  const [document, ...annexes] = files;
  if (!document) return failProcessing(ctx, 920, 'Dokument fehlt');
  for (const annex of annexes) {
    const refusal = annexRefusal(Buffer.from(annex.content), annex.fileName);
    if (refusal) return failProcessing(ctx, refusal.code, refusal.detail);
  }
  const bytes = Buffer.from(document.content);
  const result = readEInvoice(bytes, document.fileName);
  if (!result.ok) return failProcessing(ctx, result.code, result.message);
  let data: DocumentData;
  const invoice = result.invoice;
  // the e-invoice's VAT breakdown (BG-23), which its outgoing e-invoice and the DATEV export state; a plain PDF has none
  const vatBreakdown = invoice.vatBreakdown.length ? invoice.vatBreakdown : null;
  if (invoice.format !== 'none') {
    const refusal = documentRefusal(invoice);
    if (refusal) return failProcessing(ctx, refusal.code, refusal.detail);
    // only a direct debit (means code 59) names the DEBTOR's account (BT-91); a transfer's is the seller's
    const account = invoice.paymentMeans.find((p) => p.code === '59' && p.iban)?.iban ?? null;
    data = {
      format: invoice.format,
      number: invoice.number,
      issueDate: invoice.issueDate,
      dueDate: invoice.dueDate,
      deliveryDate: invoice.deliveryDate,
      amountDue: invoice.amountDue,
      buyer: invoice.buyer,
      iban: account,
    };
  } else {
    let text = '';
    try {
      text = readPdfText(bytes);
    } catch {
      return failProcessing(ctx, 925);
    }
    const found = readInvoiceText(text);
    if (!text.trim()) return failProcessing(ctx, 929, 'Kein lesbarer Text im Dokument');
    // text without a single word (glyph numbers of an embedded font instead of letters)
    if (!/\p{L}{2}/u.test(text)) return failProcessing(ctx, 920, 'Text des Dokuments nicht lesbar');
    if (!found.isInvoice) return failProcessing(ctx, 926);
    if (found.numbers.length > 1)
      return failProcessing(ctx, 936, `Rechnungen ${found.numbers.join(', ')} in einem Dokument`);
    if (!found.number) return failProcessing(ctx, 923);
    if (!found.issueDate) return failProcessing(ctx, 922);
    if (found.deliveryDateUnreadable) return failProcessing(ctx, 928, 'Leistungsdatum nicht lesbar');
    if (found.amountDue === null) return failProcessing(ctx, 931);
    if (found.currency !== 'EUR') return failProcessing(ctx, 932, `Währung ${found.currency} statt EUR`);
    if (found.amountDue === 0) return failProcessing(ctx, 939);
    data = {
      format: 'text',
      number: found.number,
      issueDate: found.issueDate,
      dueDate: found.dueDate,
      deliveryDate: found.deliveryDate,
      amountDue: found.amountDue,
      buyer: found.buyerName
        ? { name: found.buyerName, street: null, zip: null, city: null, email: null }
        : null,
      iban: found.iban,
    };
  }
  if (data.amountDue !== null && data.amountDue <= 0 && INVOICE_TYPES.includes(ctx.voucher.type))
    return failProcessing(ctx, 939);
  const voucherDate = data.issueDate!;
  await update(ctx, {
    documentData: JSON.stringify(data),
    vatBreakdown: vatBreakdown && JSON.stringify(vatBreakdown),
    customNumber: data.number,
    voucherDate,
    performanceDate: data.deliveryDate ?? voucherDate,
    // no due date written: the product's usual 30 days term
    paymentDeadline: data.dueDate ?? addDays(voucherDate, 30),
    amount: data.amountDue ?? 0,
    leftoverAmount: data.amountDue ?? 0,
    initialLeftoverAmount: data.amountDue ?? 0,
    email: ctx.voucher.email ?? (ctx.voucher.deliveryType === 'email' ? (data.buyer?.email ?? null) : null),
    processingStatus: 'document_read',
  });
  await writeProcessingCode(
    ctx.trx,
    ids(ctx),
    108,
    ctx.now,
    `Rechnung ${data.number} vom ${voucherDate.split('-').reverse().join('.')}`,
  );
  return { next: 'debtor' };
}

/** Debtor identification: a known customer, a new one by the credit agency, or a case for the admins. */
async function debtor(ctx: StageContext): Promise<StageResult> {
  await update(ctx, { processingStatus: 'debtor_will_be_identified' });
  if (ctx.voucher.debtorId && ctx.voucher.locationId) {
    await writeProcessingCode(ctx.trx, ids(ctx), 109, ctx.now, 'Kunde beim Hochladen gewählt');
    return { next: 'check' };
  }
  const data = (ctx.voucher.documentData ?? {}) as DocumentData;
  const outcome = await identifyDebtor(ctx, data);
  if (outcome.kind === 'unreadable') return failProcessing(ctx, 921, outcome.reason);
  if (outcome.kind === 'assignment') {
    await update(ctx, { processingStatus: 'debtor_in_review' });
    await writeProcessingCode(
      ctx.trx,
      ids(ctx),
      104,
      ctx.now,
      'Kunde nicht eindeutig: Zuordnung durch den Kundenservice',
    );
    return { next: 'waitDebtorAssignment', runAt: new Date(ctx.now.getTime() + 60_000) };
  }
  await update(ctx, { debtorId: outcome.debtorId, locationId: outcome.locationId });
  await writeProcessingCode(ctx.trx, ids(ctx), 109, ctx.now, outcome.text);
  return { next: 'check' };
}

/** Waits (polling) for the admins' decision on the debtor-assignment case of this voucher. */
async function waitDebtorAssignment(ctx: StageContext): Promise<StageResult> {
  const decided = await ctx.trx
    .selectFrom('debtorAssignment')
    .select(['status', 'assignedDebtorId', 'assignedLocationId'])
    .where('voucherId', '=', ctx.voucher.id)
    .orderBy('id', 'desc')
    .executeTakeFirst();
  if (decided?.status === 'declined') return failProcessing(ctx, 921, 'Kunde konnte nicht zugeordnet werden');
  if (decided?.status !== 'accepted' || !decided.assignedDebtorId) {
    return { next: 'waitDebtorAssignment', runAt: new Date(ctx.now.getTime() + 60_000) };
  }
  let locationId = decided.assignedLocationId ?? ctx.voucher.locationId;
  if (!locationId) {
    const first = await ctx.trx
      .selectFrom('location')
      .select('id')
      .where('creditorId', '=', ctx.creditor.id)
      .where('debtorId', '=', decided.assignedDebtorId)
      .orderBy('id')
      .executeTakeFirst();
    locationId = first?.id ?? null;
  }
  if (!locationId) return failProcessing(ctx, 921, 'Zugeordneter Kunde ohne Standort');
  await update(ctx, { debtorId: decided.assignedDebtorId, locationId });
  await writeProcessingCode(ctx.trx, ids(ctx), 109, ctx.now, 'Kunde durch den Kundenservice zugeordnet');
  return { next: 'check' };
}

/** A decision the creditor must take (document 1 §4 pending vouchers): continue or delete. */
async function askCreditor(
  ctx: StageContext,
  pendingStatus: string,
  code: number,
  reason: number,
  runAt?: Date,
): Promise<StageResult> {
  await update(ctx, {
    status: 'pending',
    pendingStatus,
    purchaseStatusReason: reason,
    processingStatus: 'review_completed',
  });
  await writeProcessingCode(ctx.trx, ids(ctx), code, ctx.now);
  const name = ctx.voucher.customNumber ?? ctx.voucher.originalName ?? String(ctx.voucher.id);
  await notifyMainUsers(
    ctx,
    'decisionNeeded',
    `Entscheidung erforderlich: Beleg ${name}`,
    processingCodeLabel(code),
  );
  return runAt ? { next: 'check', runAt } : { next: 'waitDecision' };
}

const isFactoring = (ctx: StageContext) => variants[ctx.creditor.product]?.kind === 'factoring';
/** Billing products whose invoices are insured (purchase assurance; the protection variant's default protection). */
const isInsured = (ctx: StageContext) => {
  const variant = variants[ctx.creditor.product];
  return variant?.kind !== 'factoring' && variant?.withPurchaseAssurance === true;
};

/**
 * Why an invoice cannot be insured (document 1 §4 "Insurance not possible: incomplete, already due,
 * term over 90 days, service date over 30 days before invoice date"; document 2 §8 the thresholds),
 * as pending status and purchase-status reason — or null. Decision: "already due" includes a
 * remaining term under 3 days (document 2's threshold), both "payment deadline too short".
 */
export function insuranceRefusal(
  v: Pick<
    Selectable<VoucherTable>,
    'customNumber' | 'voucherDate' | 'paymentDeadline' | 'performanceDate' | 'amount'
  >,
  today: string,
): { pending: string; reason: number } | null {
  if (!v.customNumber || !v.voucherDate || !v.paymentDeadline || !(Number(v.amount) > 0))
    return { pending: 'insurance_invoice_incomplete', reason: 2 };
  if (daysBetween(v.voucherDate, v.paymentDeadline) > MAX_TERM_DAYS)
    return { pending: 'insurance_payment_deadline_too_long', reason: 11 };
  if (daysBetween(today, v.paymentDeadline) < MIN_REMAINING_DAYS)
    return { pending: 'insurance_payment_deadline_too_short', reason: v.paymentDeadline <= today ? 10 : 5 };
  if (v.performanceDate && daysBetween(v.performanceDate, v.voucherDate) > MAX_SERVICE_BEFORE_DAYS)
    return { pending: 'insurance_service_date_too_old', reason: 12 };
  return null;
}

/**
 * The checks of document 1 §5 / document 2 §8: duplicate number (221), voucher date (222) or
 * performance date (220) in the future — processed automatically on that day — and the purchase
 * rules (term over 90 days, remaining due under 3 days, service date over 30 days before the invoice
 * date) which make an invoice not purchasable — or, for insured billing products, not insurable. Each waits for the creditor's decision; a decision
 * already taken (continue) is not asked again.
 */
async function check(ctx: StageContext): Promise<StageResult> {
  const v = ctx.voucher;
  // nothing to check without the customer (an upload that skipped identification)
  if (!v.debtorId || !v.locationId) return { next: 'debtor' };
  const today = dayOf(ctx.now);
  const decided = v.purchaseStatusReason !== null && v.purchaseStatusReason > 0;
  if (!decided && v.customNumber) {
    const duplicate = await ctx.trx
      .selectFrom('voucher')
      .select('id')
      .where('creditorId', '=', v.creditorId)
      .where('customNumber', '=', v.customNumber)
      .where('id', '!=', v.id)
      .where('status', '!=', 'failed')
      .executeTakeFirst();
    if (duplicate) return askCreditor(ctx, 'duplicate', 221, 9);
  }
  if (!decided && v.voucherDate && v.voucherDate > today) {
    return askCreditor(
      ctx,
      isFactoring(ctx) ? 'in_future_factoring' : 'in_future_billing',
      222,
      7,
      new Date(`${v.voucherDate}T00:00:00`),
    );
  }
  if (!decided && v.performanceDate && v.performanceDate > today) {
    return askCreditor(ctx, 'in_future_performance_date', 220, 4, new Date(`${v.performanceDate}T00:00:00`));
  }
  if (
    v.status === 'pending' &&
    v.voucherDate &&
    v.voucherDate <= today &&
    (v.performanceDate ?? today) <= today
  ) {
    // the day has come: processed automatically (document 1 §4)
    await update(ctx, { status: 'open', pendingStatus: null, purchaseStatusReason: null });
  }
  // direct encashment only for an invoice already due (document 1 §4); else the creditor may hand it
  // over again as a normal invoice (continue) or delete it — reason 3 "wrong voucher type"
  if (
    !decided &&
    v.type === 'invoice_encashment_direct' &&
    (!v.paymentDeadline || v.paymentDeadline >= today)
  ) {
    // 935 "invoice not due" (document 2 §8): the reason direct encashment is not possible
    return askCreditor(ctx, 'encashment_direct', 935, 3);
  }
  // the protection: an invoice that cannot be insured waits for the creditor (continue: uninsured)
  if (!decided && isInsured(ctx) && INVOICE_TYPES.includes(v.type)) {
    const refusal = insuranceRefusal(v, today);
    if (refusal) return askCreditor(ctx, refusal.pending, 106, refusal.reason);
  }
  if (!decided && isFactoring(ctx) && INVOICE_TYPES.includes(v.type) && v.voucherDate && v.paymentDeadline) {
    const reason =
      daysBetween(v.voucherDate, v.paymentDeadline) > MAX_TERM_DAYS
        ? 11
        : daysBetween(today, v.paymentDeadline) < MIN_REMAINING_DAYS
          ? 5
          : v.performanceDate && daysBetween(v.performanceDate, v.voucherDate) > MAX_SERVICE_BEFORE_DAYS
            ? 12
            : 0;
    if (reason) {
      await update(ctx, { purchaseStatus: 'NICHT_ANKAUFBAR' });
      return askCreditor(ctx, 'not_purchasable', 106, reason);
    }
  }
  await update(ctx, { processingStatus: 'review_completed' });
  await writeProcessingCode(ctx.trx, ids(ctx), 106, ctx.now, 'Prüfung abgeschlossen');
  return { next: 'purchase' };
}

/** The purchase decision of factoring products: purchased when the debtor's and the creditor's available limits carry it. */
async function purchase(ctx: StageContext): Promise<StageResult> {
  const v = ctx.voucher;
  if (!isFactoring(ctx) || !INVOICE_TYPES.includes(v.type)) return { next: 'number' };
  const reasonBefore = v.purchaseStatusReason ?? 0;
  let status = 'NICHT_GEKAUFT';
  let reason = reasonBefore || 1;
  if (!reasonBefore) {
    const debtorRow = await ctx.trx
      .selectFrom('debtor')
      .select(['availableLimit', 'isOnBlackList'])
      .where('id', '=', v.debtorId!)
      .forUpdate()
      .executeTakeFirstOrThrow();
    const creditorRow = await ctx.trx
      .selectFrom('creditor')
      .select('availableLimit')
      .where('id', '=', ctx.creditor.id)
      .forUpdate()
      .executeTakeFirstOrThrow();
    if (
      !debtorRow.isOnBlackList &&
      debtorRow.availableLimit >= v.amount &&
      creditorRow.availableLimit >= v.amount
    ) {
      status = 'GEKAUFT';
      reason = 0;
      await ctx.trx
        .updateTable('debtor')
        .set({ availableLimit: debtorRow.availableLimit - v.amount, updatedAt: ctx.now })
        .where('id', '=', v.debtorId!)
        .execute();
      await ctx.trx
        .updateTable('creditor')
        .set({ availableLimit: creditorRow.availableLimit - v.amount, updatedAt: ctx.now })
        .where('id', '=', ctx.creditor.id)
        .execute();
    }
  }
  await update(ctx, {
    purchaseStatus: status,
    bnetPurchaseStatus: status,
    purchaseStatusReason: reason,
    subStatus: status === 'GEKAUFT' ? 'purchased' : 'not_purchased',
    exposureType: 'purchase',
  });
  const label = status === 'GEKAUFT' ? 'angekauft' : 'nicht angekauft';
  await ctx.trx
    .insertInto('voucherHistory')
    .values({
      creditorId: v.creditorId,
      voucherId: v.id,
      type: 'bnet_purchase_status',
      value: status,
      title: `Ankaufentscheidung: ${label}`,
      createdAt: ctx.now,
    })
    .execute();
  await writeProcessLog(ctx.trx, ids(ctx), 'sap', `Ankaufentscheidung ${status} (Grund ${reason})`, ctx.now, {
    reason,
  });
  await notifyMainUsers(
    ctx,
    'purchaseDecision',
    `Ankaufentscheidung: Beleg ${v.customNumber ?? v.id} ${label}`,
    null,
  );
  return { next: 'number' };
}

/** The official voucher number (unique per creditor): the voucher leaves the unprocessed list after delivery. */
async function number(ctx: StageContext): Promise<StageResult> {
  await update(ctx, {
    processingStatus: 'voucher_creation_started',
    sapNumber: ctx.voucher.sapNumber ?? `SAP${String(ctx.voucher.id).padStart(9, '0')}`,
  });
  await writeProcessingCode(ctx.trx, ids(ctx), 110, ctx.now);
  await writeProcessingCode(ctx.trx, ids(ctx), 111, ctx.now);
  await writeProcessingCode(ctx.trx, ids(ctx), 113, ctx.now);
  return { next: 'deliver' };
}

/**
 * The e-invoice of a location whose format is not PDF (issue 29), kept as a file of the voucher
 * before delivery so the mail attaches it with the document. Missing seller or buyer data do not
 * stop the delivery of the uploaded document: the process log and the creditor's main users get
 * the German reason, and no file is written (never an invalid e-invoice).
 */
async function attachEInvoice(ctx: StageContext): Promise<void> {
  const v = ctx.voucher;
  try {
    const built = await keepVoucherEInvoice(ctx.trx, ctx.creditor, v.id, ctx.now);
    if (!built) return;
    await writeProcessLog(ctx.trx, ids(ctx), 'einvoice', `E-Rechnung erstellt: ${built.fileName}`, ctx.now, { format: built.format });
  } catch (error) {
    if (!(error instanceof SellerDataMissing || error instanceof BuyerDataMissing)) throw error;
    await writeProcessLog(ctx.trx, ids(ctx), 'einvoice', `E-Rechnung nicht erstellt. ${error.message}`, ctx.now, { fields: error.fields });
    await notifyMainUsers(ctx, 'processingError', `E-Rechnung zu Beleg ${v.customNumber ?? v.id} nicht erstellt`, error.message);
  }
}

/** Delivery to the debtor: by e-mail through the mail outbox, or by post (production and dispatch). */
async function deliver(ctx: StageContext): Promise<StageResult> {
  const v = ctx.voucher;
  await update(ctx, { processingStatus: 'ready_to_deliver' });
  await attachEInvoice(ctx);
  if (v.deliveryType === 'email' && v.email) {
    const [first, ...copies] = [v.email, v.emailCopy, v.emailBlindCopy].filter((a): a is string => !!a);
    // the invoice document (first) and its annexes go along, read from the tenant's stored files
    const files = await ctx.trx
      .selectFrom('voucherAttachment as a')
      .innerJoin('storedFile as f', 'f.path', 'a.path')
      .select(['f.content', 'f.fileName', 'f.mimeType'])
      .where('a.voucherId', '=', v.id)
      .where('f.creditorId', '=', ctx.creditor.id)
      .orderBy('a.id')
      .execute();
    const attachments = files.map((f) => ({
      filename: f.fileName,
      contentType: f.mimeType,
      content: Buffer.from(f.content),
    }));
    for (const recipient of [first, ...copies]) {
      await enqueueMail(ctx.trx, {
        creditorId: ctx.creditor.id,
        productType: ctx.creditor.product,
        recipient,
        template: 'notice',
        params: {
          title: `Rechnung ${v.customNumber ?? ''} von ${ctx.creditor.name}`.trim(),
          text: `Anbei erhalten Sie die Rechnung ${v.customNumber ?? ''} über ${(v.amount / 100).toLocaleString('de-DE', { style: 'currency', currency: 'EUR' })}, fällig am ${(v.paymentDeadline ?? '').split('-').reverse().join('.')}.`,
        },
        attachments,
        now: ctx.now,
      });
    }
    await writeProcessingCode(ctx.trx, ids(ctx), 114, ctx.now, `E-Mail an ${first}`);
  } else {
    await writeProcessingCode(ctx.trx, ids(ctx), 115, ctx.now);
    await writeProcessingCode(ctx.trx, ids(ctx), 116, ctx.now);
    await writeProcessingCode(ctx.trx, ids(ctx), 117, ctx.now, 'Per Post versandt');
  }
  return { next: 'complete' };
}

/** Processed (200) and completed (201): the official number makes it a voucher of the list "Belege". */
async function complete(ctx: StageContext): Promise<StageResult> {
  const v = ctx.voucher;
  const year = (v.voucherDate ?? dayOf(ctx.now)).slice(0, 4);
  await update(ctx, {
    officialVoucherNumber: `${year}${String(v.creditorId).padStart(4, '0')}${String(v.id).padStart(8, '0')}`,
    officialVoucherSource: v.officialVoucherSource,
    status: 'open',
    pendingStatus: null,
    processingStatus: null,
    dunningType: v.dunningType ?? 'notDunned',
  });
  await writeProcessingCode(ctx.trx, ids(ctx), 200, ctx.now);
  await writeProcessingCode(ctx.trx, ids(ctx), 201, ctx.now);
  return { next: 'done' };
}

/** Each stage by name (processing-runner.ts runs the due one). */
export const STAGE_RUNNERS: Record<string, (ctx: StageContext) => Promise<StageResult>> = {
  pause,
  read,
  debtor,
  waitDebtorAssignment,
  check,
  purchase,
  number,
  deliver,
  complete,
};
