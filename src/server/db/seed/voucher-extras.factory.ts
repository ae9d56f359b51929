import { enums } from '../../../../generated/enums';
import type { NewLocation, NewVoucher } from '../schema';
import { PROTECTION_PRODUCTS } from './catalog.data';
import { add, type CreditorContext } from './seed-context';
import { shiftDate, uploadedOn } from './seed-random';
import { enrichVoucher } from './voucher-details.factory';

const minutesFrom = (iso: string, minutes: number) =>
  new Date(Date.parse(iso) + minutes * 60_000).toISOString();
const groupValues = (name: string, group: string) => enums[name].groups[group].values.map(String);

const PROCESSING_SUB_STATUSES = enums.processingSubStatus.values.map((v) => String(v.value));
const PROGRESS_CODES = groupValues('processingCode', 'progress').map(Number);
// failed uploads: processing errors, blocked and break-up results, system and document errors
const ERROR_CODES = [
  ...new Set([
    ...groupValues('processingCode', 'processingError'),
    ...groupValues('processingCode', 'control'),
    ...groupValues('processingCode', 'bnetError'),
  ]),
].map(Number);
const PENDING_STATUSES = enums.pendingVoucherStatus.values.map((v) => String(v.value));
const INSURANCE_PENDING = groupValues('pendingVoucherStatus', 'insurance');

// Child vouchers a processed invoice can get; each balances (part of) its parent.
const PAYMENT_TYPES = ['deposit', 'debit_payment', 'direct_payment'];
const CORRECTION_TYPES = [
  'credit_advice',
  'abandonment',
  'annulation',
  'voucher_retirement',
  'voucher_retirement_degener',
  'vat_retirement',
  'impersonal_account_voucher',
];

function officialNumber(ctx: CreditorContext): string {
  return `${ctx.prefix}${750_000_000 + ctx.numbers.next++}`;
}

function childOf(
  ctx: CreditorContext,
  parent: NewVoucher,
  type: string,
  amount: number,
  afterDays: number,
): NewVoucher {
  const date = shiftDate(parent.voucherDate ?? ctx.today, afterDays);
  const voucherDate = [date, ctx.today].sort()[0];
  const number = officialNumber(ctx);
  const voucher: NewVoucher = {
    id: ctx.ids.next('voucher'),
    creditorId: ctx.creditorId,
    debtorId: parent.debtorId,
    locationId: parent.locationId,
    parentId: parent.id,
    customNumber: type === 'credit_advice' ? `GS-${number.slice(-6)}` : null,
    officialVoucherNumber: number,
    type,
    status: 'closed',
    purchaseStatus: parent.purchaseStatus,
    amount,
    leftoverAmount: 0,
    voucherDate,
    performanceDate: voucherDate,
    paymentDeadline: null,
    uploadedAt: uploadedOn(voucherDate, ctx.now),
  };
  enrichVoucher(ctx, voucher);
  add(ctx.sink, 'voucher', voucher);
  return voucher;
}

function balance(ctx: CreditorContext, balanced: NewVoucher, balancing: NewVoucher, amount: number) {
  balancing.isBalancingVoucher = true;
  balancing.balancingVoucherNumber = `AG-${String(balancing.officialVoucherNumber).slice(-8)}`;
  add(ctx.sink, 'voucherBalancing', {
    creditorId: ctx.creditorId,
    balancedVoucherId: balanced.id!,
    balancingVoucherId: balancing.id!,
    amount,
    balancedDate: balancing.voucherDate!,
  });
}

/**
 * Adds children to some processed invoices: payments that balance closed or partly paid invoices,
 * corrections (credit, abandonment, annulation, retirements) and, per creditor, the special types
 * (epod with its settlement, direct-encashment invoice, insurance deposit, encashment deposit) —
 * so every voucher type of schema/enums/voucherType.yaml appears.
 *
 * @example
 * addChildVouchers(ctx, graphs.flatMap((g) => g.vouchers));
 */
export function addChildVouchers(ctx: CreditorContext, vouchers: NewVoucher[]): void {
  const { f } = ctx;
  const invoices = vouchers.filter((v) => v.type === 'invoice' || v.type === 'permanent_debt');
  const seen = new Set(vouchers.map((v) => String(v.type)));
  const child = (parent: NewVoucher, type: string, amount: number, afterDays: number) => {
    seen.add(type);
    return childOf(ctx, parent, type, amount, afterDays);
  };
  const wanted = Math.max(4, Math.round((vouchers.length * ctx.profile.extraVoucherShare) / 100));
  let made = 0;
  for (const invoice of f.helpers.shuffle(invoices)) {
    if (made >= wanted) break;
    const amount = Number(invoice.amount);
    const leftover = Number(invoice.leftoverAmount ?? 0);
    if (invoice.status === 'closed' || invoice.status === 'tpf_balanced') {
      const roll = f.number.int(9);
      const type =
        roll < 7 ? f.helpers.arrayElement(PAYMENT_TYPES) : f.helpers.arrayElement(CORRECTION_TYPES);
      const payment = child(
        invoice,
        invoice.encashmentFileNumber ? 'deposit_encashment' : type,
        amount,
        f.number.int({ min: 5, max: 60 }),
      );
      balance(ctx, invoice, payment, amount);
    } else if (leftover > 0 && leftover < amount) {
      const payment = child(invoice, 'deposit', amount - leftover, f.number.int({ min: 3, max: 30 }));
      balance(ctx, invoice, payment, amount - leftover);
    } else continue;
    made++;
  }
  const invoice = invoices.find((v) => v.status === 'closed') ?? invoices[0];
  if (!invoice) return;
  const special = (type: string, extra: Partial<NewVoucher> = {}) => {
    const number = ctx.numbers.next;
    const voucher: NewVoucher = {
      ...invoice,
      id: ctx.ids.next('voucher'),
      parentId: null,
      customNumber: `RE-${ctx.prefix}X${number}`,
      officialVoucherNumber: officialNumber(ctx),
      type,
      isBalancingVoucher: false,
      balancingVoucherNumber: null,
      ...extra,
    };
    enrichVoucher(ctx, voucher);
    add(ctx.sink, 'voucher', voucher);
    seen.add(type);
    return voucher;
  };
  const epod = special('epod', { status: 'closed', leftoverAmount: 0 });
  balance(ctx, epod, child(epod, 'epod_settlement', Number(epod.amount), 14), Number(epod.amount));
  special('invoice_encashment_direct');
  for (const type of ['deposit_encashment', 'deposit_insurance', ...CORRECTION_TYPES, ...PAYMENT_TYPES]) {
    if (type === 'deposit_insurance' && !PROTECTION_PRODUCTS.includes(ctx.product)) continue;
    if (!seen.has(type)) child(invoice, type, Math.max(100, Math.round(Number(invoice.amount) / 4)), 20);
  }
}

/**
 * Vouchers still in processing (the unprocessed list): every processing sub-status, pending decisions
 * (duplicate, future dates, not purchasable …), failed documents with their error codes and an unknown
 * state. The earliest stages do not know their debtor yet. Some are within their editing pause.
 *
 * @example
 * addUnprocessedVouchers(ctx, locations);
 */
export function addUnprocessedVouchers(
  ctx: CreditorContext,
  locations: NewLocation[],
  processed: NewVoucher[],
): NewVoucher[] {
  const { f, today } = ctx;
  const made: NewVoucher[] = [];
  const count = ctx.profile.unprocessedVouchers;
  // the protection variant's pending uploads are the insurance cases; other variants never have those
  const pendingChoices = PROTECTION_PRODUCTS.includes(ctx.product)
    ? INSURANCE_PENDING
    : PENDING_STATUSES.filter((s) => !INSURANCE_PENDING.includes(s));
  // offsets per creditor, so that all creditors together show every code and state
  const offset = ctx.creditorId * 5;
  let processingIndex = 0;
  let pendingIndex = 0;
  let failedIndex = 0;
  for (let i = 0; i < count; i++) {
    const kind =
      i === count - 1 ? 'unknown' : i % 4 === 3 ? 'failed' : i % 4 === 2 ? 'pending' : 'processing';
    const stage = kind === 'processing' ? (processingIndex++ + offset) % PROCESSING_SUB_STATUSES.length : 9;
    const processingStatus = PROCESSING_SUB_STATUSES[stage] ?? null;
    // the first stages (document in review, debtor / document will be identified) know no debtor yet
    const knowsDebtor = stage > 2;
    const location = f.helpers.arrayElement(locations.filter((l) => l.status !== 'inactive'));
    const pendingStatus =
      kind === 'pending'
        ? pendingChoices[
            (pendingIndex++ + (PROTECTION_PRODUCTS.includes(ctx.product) ? 0 : offset)) %
              pendingChoices.length
          ]
        : null;
    const future = pendingStatus?.startsWith('in_future');
    const voucherDate = future
      ? shiftDate(today, f.number.int({ min: 2, max: 25 }))
      : shiftDate(today, -f.number.int({ min: 0, max: 12 }));
    const uploadedAt =
      i < 2 ? minutesFrom(ctx.now, -3 - i) : uploadedOn(shiftDate(today, -f.number.int({ min: 0, max: 6 })), ctx.now);
    const amount = f.number.int({ min: 8_000, max: 450_000 });
    const number = ctx.numbers.next++;
    const fileName = `Rechnung_${number}.pdf`;
    const voucher: NewVoucher = {
      id: ctx.ids.next('voucher'),
      creditorId: ctx.creditorId,
      debtorId: knowsDebtor ? location.debtorId : null,
      locationId: knowsDebtor ? location.id : null,
      customNumber:
        pendingStatus === 'duplicate' && processed.length > 0
          ? f.helpers.arrayElement(processed).customNumber
          : knowsDebtor || kind !== 'processing'
            ? `RE-${ctx.prefix}U${number}`
            : null,
      officialVoucherNumber: null,
      type: 'invoice',
      status: kind === 'processing' ? 'open' : kind,
      subStatus: kind === 'unknown' ? 'unknown' : 'unverified',
      purchaseStatus: pendingStatus === 'not_purchasable' ? 'NICHT_ANKAUFBAR' : 'UNGEPRUEFT',
      source: f.helpers.arrayElement([
        'portal_upload',
        'portal_upload',
        'document_guide_epost',
        'datev',
        'lexoffice',
      ]),
      requiresProcessing: true,
      amount,
      leftoverAmount: amount,
      voucherDate: knowsDebtor ? voucherDate : null,
      performanceDate: knowsDebtor ? voucherDate : null,
      paymentDeadline: knowsDebtor ? shiftDate(voucherDate, 30) : null,
      uploadedAt,
      bnetId: `BN-${ctx.prefix}U${String(number).padStart(6, '0')}`,
      bnetStatus:
        kind === 'failed'
          ? ERROR_CODES[(failedIndex++ + ctx.creditorId * Math.floor((count - 1) / 4)) % ERROR_CODES.length]
          : kind === 'pending'
            ? pendingStatus === 'duplicate'
              ? 221
              : pendingStatus === 'in_future_performance_date'
                ? 220
                : future
                  ? 222
                  : 107
            : PROGRESS_CODES[(i + offset) % PROGRESS_CODES.length],
      purchaseStatusReason: 0,
      processingStatus: kind === 'processing' ? processingStatus : null,
      pendingStatus,
      userEmail: f.helpers.arrayElement(ctx.userEmails),
      originalName: fileName,
      deliveryType: location.deliveryType ?? 'email',
      email: location.email ?? null,
      emailCopy: i % 3 === 0 ? `buchhaltung@${ctx.identifier.toLowerCase()}.example.com` : null,
      emailBlindCopy: i % 5 === 0 ? `archiv@${ctx.identifier.toLowerCase()}.example.com` : null,
      emailMarkedForDebtor: knowsDebtor ? (location.email ?? null) : null,
      endOfPauseAt: i < 2 ? minutesFrom(ctx.now, 10 - i * 4) : null,
      customisedLabel: i % 6 === 1 ? 'Eilig' : null,
    };
    add(ctx.sink, 'voucher', voucher);
    made.push(voucher);
    const attachments = 1 + (i % 3 === 0 ? 1 : 0);
    for (let a = 0; a < attachments; a++)
      add(ctx.sink, 'voucherAttachment', {
        creditorId: ctx.creditorId,
        voucherId: voucher.id!,
        fileName: a === 0 ? fileName : `Lieferschein_${number}.pdf`,
        path: `/files/${ctx.identifier}/uploads/${voucher.bnetId}-${a + 1}.pdf`,
        mimeType: 'application/pdf',
        sizeBytes: f.number.int({ min: 30_000, max: 2_000_000 }),
        createdAt: uploadedAt,
      });
    add(ctx.sink, 'voucherHistory', {
      creditorId: ctx.creditorId,
      voucherId: voucher.id!,
      type: 'bnet_status',
      value: String(voucher.bnetStatus),
      createdAt: uploadedAt,
    });
  }
  return made;
}
