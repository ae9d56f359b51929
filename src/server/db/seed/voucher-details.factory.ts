import { enums } from '../../../../generated/enums';
import { VOUCHER_CASES } from '../../domain/vouchers/voucher.rules';
import type { NewVoucher } from '../schema';
import { FREIGHT_PRODUCTS, PROTECTION_PRODUCTS } from './catalog.data';
import { add, type CreditorContext } from './seed-context';
import { shiftDate } from './seed-random';

const atNoon = (date: string) => `${date}T12:00:00Z`;
const days = (from: string, to: string) =>
  Math.round((Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / 86_400_000);
const plusHours = (iso: string, hours: number) => new Date(Date.parse(iso) + hours * 3_600_000).toISOString();

const ALL_PURCHASE_STATUSES = enums.purchaseStatus.values.map((v) => String(v.value));
const SOURCES = enums.voucherSource.values.map((v) => String(v.value));

// The sub-status a voucher shows for its purchase status when no dunning or dispute is running.
const SUB_STATUS_OF_PURCHASE: Record<string, string[]> = {
  GEKAUFT: ['purchased'],
  NACHTRAEGLICH_GEKAUFT: ['purchased_later'],
  MANUELLE_ANKAUFSLISTE: ['manual_purchase_list', 'purchased_manually'],
  OFFENGELEGT: ['disclosed'],
  SCHADENSMELDUNG_MUSS_ERFOLGEN: ['purchased'],
  SCHADENSMELDUNG_ERFOLGT: ['purchased'],
  ANKAUFBAR: ['purchasable'],
  NICHT_ANKAUFBAR: ['not_purchasable'],
  NICHT_MEHR_ANKAUFBAR: ['not_purchasable_anymore'],
  RUECKBELASTET: ['counted_back'],
  NICHT_GEKAUFT: ['not_purchased'],
  RUECKBELASTUNG: ['count_back'],
  IN_PRUEFUNG: ['in_review'],
  UNGEPRUEFT: ['unverified'],
};

/** Dunning types of a running dunning stop, dispute or delay. */
const CASE_DUNNING_TYPES = new Set<string>(Object.values(VOUCHER_CASES).map((c) => c.dunningType));

/** Why a voucher was not purchased (purchaseStatusReason 0–15) for the not-purchased statuses. */
const NOT_PURCHASED = new Set(['NICHT_ANKAUFBAR', 'NICHT_MEHR_ANKAUFBAR', 'NICHT_GEKAUFT']);

/** The freight variant shows its own list states (document 2 §4). */
function freightStatus(ctx: CreditorContext, voucher: NewVoucher): string {
  if (voucher.status === 'closed') return 'tpf_balanced';
  if (voucher.purchaseStatus === 'IN_PRUEFUNG') return 'tpf_in_review';
  if (NOT_PURCHASED.has(String(voucher.purchaseStatus))) return 'tpf_not_purchased';
  return ctx.f.helpers.arrayElement(['tpf_accepted', 'tpf_accepted', 'tpf_in_review']);
}

/**
 * Fills a processed voucher's detail fields (document 1 §3 "Voucher detail"): source, processing
 * result, dunning state and sub-status, service fee, metadata, files — and writes its history,
 * attachment and process log. Base values (status, type, amounts, purchase status) stay unless the
 * creditor's data is free to vary (`preserveBase` false), in which case purchase statuses are spread
 * over every value and the freight variant gets its tpf_* states.
 *
 * @example
 * for (const voucher of graph.vouchers) enrichVoucher(ctx, voucher);
 */
export function enrichVoucher(ctx: CreditorContext, voucher: NewVoucher): void {
  const { f, today } = ctx;
  const voucherDate = voucher.voucherDate ?? today;
  if (!ctx.preserveBase && voucher.type !== 'credit_advice') {
    if (f.number.int(9) < 3) voucher.purchaseStatus = f.helpers.arrayElement(ALL_PURCHASE_STATUSES);
    if (
      PROTECTION_PRODUCTS.includes(ctx.product) &&
      voucher.purchaseStatus === 'GEKAUFT' &&
      f.number.int(5) === 0
    )
      voucher.purchaseStatus = f.helpers.arrayElement([
        'SCHADENSMELDUNG_MUSS_ERFOLGEN',
        'SCHADENSMELDUNG_ERFOLGT',
      ]);
    if (FREIGHT_PRODUCTS.includes(ctx.product)) voucher.status = freightStatus(ctx, voucher);
  }
  const purchaseStatus = String(voucher.purchaseStatus ?? 'UNGEPRUEFT');
  const open =
    voucher.status === 'open' || voucher.status === 'tpf_accepted' || voucher.status === 'tpf_in_review';
  const overdue = voucher.paymentDeadline ? days(voucher.paymentDeadline, today) : 0;

  let dunningType = 'notDunned';
  let subStatus = f.helpers.arrayElement(SUB_STATUS_OF_PURCHASE[purchaseStatus]);
  // what a dunning stop, dispute or delay returns to when it ends (schema/commands/vouchers.yaml)
  const resting = voucher.status === 'tpf_accepted' ? 'accepted' : subStatus;
  const roll = f.number.int(99);
  if (open && overdue > 0) {
    if (roll < 7) [dunningType, subStatus] = ['halt', 'halt'];
    else if (roll < 14) [dunningType, subStatus] = ['DISPUTE', 'customer_complaint'];
    else if (roll < 20) [dunningType, subStatus] = ['DELAY', 'delayed'];
    else if (roll < 24) subStatus = 'deferred_payment';
    else if (overdue > 75) [dunningType, subStatus] = [roll < 60 ? 'encashment' : 'ENCASHMENT', 'encashment'];
    else if (overdue > 35) [dunningType, subStatus] = ['dunning', 'dunning'];
    else if (overdue > 10) [dunningType, subStatus] = ['paymentReminder', 'payment_reminder'];
  }
  if (voucher.status === 'tpf_accepted') subStatus = 'accepted';
  if (voucher.status === 'unknown') subStatus = 'unknown';
  const dunned =
    !['notDunned', 'DISPUTE', 'DELAY'].includes(dunningType) || (!open && overdue > 40 && roll < 30);

  const uploadedAt = String(voucher.uploadedAt ?? atNoon(voucherDate));
  const purchased = ['GEKAUFT', 'NACHTRAEGLICH_GEKAUFT', 'MANUELLE_ANKAUFSLISTE', 'OFFENGELEGT'].includes(
    purchaseStatus,
  );
  const rate = purchased ? ctx.fees.purchased : ctx.fees.notPurchased;
  const amount = Number(voucher.amount ?? 0);
  const documentId = `DOC-${ctx.prefix}${voucher.id}`;
  const originalName = `${(voucher.customNumber ?? documentId).replace(/[^A-Za-z0-9-]/g, '_')}.pdf`;

  Object.assign(voucher, {
    subStatus,
    source: f.helpers.weightedArrayElement([
      { weight: 6, value: 'portal_upload' },
      { weight: 2, value: 'document_guide_epost' },
      { weight: 4, value: f.helpers.arrayElement(SOURCES.slice(2)) },
    ]),
    requiresProcessing: false,
    initialLeftoverAmount: amount,
    bnetId: `BN-${ctx.prefix}${String(voucher.id).padStart(7, '0')}`,
    // processed in the last days, not yet completed (sent, archived)
    bnetStatus: voucherDate >= shiftDate(today, -3) ? 200 : 201,
    bnetPurchaseStatus: purchaseStatus,
    purchaseStatusReason: NOT_PURCHASED.has(purchaseStatus) ? f.number.int({ min: 1, max: 15 }) : null,
    exposureType: purchased ? 'purchase' : f.helpers.arrayElement(['purchase', 'service']),
    dunningType,
    dunningStatus: dunned
      ? f.helpers.arrayElement(['Mahnlauf aktiv', 'Mahnstufe erreicht', 'Mahnverfahren beendet'])
      : null,
    dunningBlockCount: dunningType === 'halt' ? f.number.int({ min: 1, max: 2 }) : roll > 90 ? 1 : 0,
    // set by addHistory for a dunning stop; every row names the columns (one bulk insert per run of keys)
    dunningBlockUntil: null,
    resumeSubStatus: CASE_DUNNING_TYPES.has(dunningType) ? resting : null,
    resumeDunningType: CASE_DUNNING_TYPES.has(dunningType) ? 'notDunned' : null,
    firstDunningDate: dunned && voucher.paymentDeadline ? shiftDate(voucher.paymentDeadline, 11) : null,
    customisedLabel:
      roll % 9 === 0
        ? f.helpers.arrayElement(['Projekt Nord', 'Wartung Q3', 'Sonderauftrag', 'Rahmenvertrag'])
        : null,
    sapNumber: `51${String(voucher.id).padStart(8, '0')}`,
    userEmail: f.helpers.arrayElement(ctx.userEmails),
    documentId,
    originalName,
    officialVoucherSource: `/files/${ctx.identifier}/vouchers/${documentId}.pdf`,
    comment:
      roll % 11 === 0
        ? f.helpers.arrayElement([
            'Kunde hat Ratenzahlung angefragt.',
            'Lieferung erfolgte in zwei Teilen.',
            'Bitte Ansprechpartner Herrn Weber kontaktieren.',
          ])
        : null,
    encashmentFileNumber:
      dunningType === 'encashment' || dunningType === 'ENCASHMENT'
        ? `INK-${ctx.prefix}${String(voucher.id).padStart(6, '0')}`
        : null,
    serviceFeeRate: rate,
    serviceFeeAmount: Math.max(ctx.fees.minimum, Math.round((amount * rate) / 100)),
    deliveryType: f.helpers.arrayElement(['email', 'email', 'post']),
    uploadedAt,
  } satisfies Partial<NewVoucher>);

  addHistory(ctx, voucher, uploadedAt, dunningType);
  if (f.number.float() < ctx.profile.attachmentShare)
    add(ctx.sink, 'voucherAttachment', {
      creditorId: ctx.creditorId,
      voucherId: voucher.id!,
      fileName: originalName,
      path: `/files/${ctx.identifier}/uploads/${documentId}.pdf`,
      mimeType: 'application/pdf',
      sizeBytes: f.number.int({ min: 40_000, max: 900_000 }),
      createdAt: uploadedAt,
    });
  if (f.number.float() < ctx.profile.logShare) addProcessLog(ctx, voucher.id!, uploadedAt);
}

function addHistory(ctx: CreditorContext, voucher: NewVoucher, uploadedAt: string, dunningType: string) {
  const entry = (
    type: string,
    value: string,
    at: string,
    title: string | null = null,
    text: string | null = null,
    userEmail: string | null = null,
  ) =>
    add(ctx.sink, 'voucherHistory', {
      creditorId: ctx.creditorId,
      voucherId: voucher.id!,
      type,
      value,
      title,
      text,
      userEmail,
      createdAt: at,
    });
  entry('bnet_status', '101', uploadedAt);
  if (ctx.profile.history === 'full') {
    entry('bnet_status', '108', plusHours(uploadedAt, 2));
    entry('bnet_status', '200', plusHours(uploadedAt, 20));
    entry('bnet_purchase_status', String(voucher.bnetPurchaseStatus), plusHours(uploadedAt, 22));
  }
  entry('bnet_status', '201', plusHours(uploadedAt, 26));
  const changes: Record<string, [title: string, text: string, value: string]> = {
    halt: ['Mahnstopp gesetzt', 'Der Mahnlauf ruht für bis zu 10 Tage.', ''],
    DISPUTE: ['Reklamation eröffnet', 'Die Rechnung wurde reklamiert.', 'Reklamation'],
    DELAY: [
      'Zahlungsverzug gemeldet',
      'Drei schriftliche Erinnerungen innerhalb von 45 Tagen nach Fälligkeit.',
      'Verzug',
    ],
  };
  const change = changes[dunningType];
  if (change && voucher.paymentDeadline) {
    // the creditor's action (a command of schema/commands/vouchers.yaml), recorded as such
    const offset = ctx.f.number.int({ min: 3, max: 9 });
    let day = shiftDate(voucher.paymentDeadline, offset);
    if (dunningType === 'halt') {
      // a running stop (at most 10 days) ends after the seed date, or the expiry job of the workers
      // loop would end the demo's stops (and count purchased invoices back) as soon as a portal starts
      const latest = shiftDate(ctx.today, offset - 9);
      const earliest = shiftDate(voucher.paymentDeadline, 1);
      day = [latest, earliest].sort()[1]; // the later of the two ISO dates
    }
    const until = shiftDate(day, 10);
    if (dunningType === 'halt') voucher.dunningBlockUntil = until;
    const value = dunningType === 'halt' ? `bis ${until.split('-').reverse().join('.')}` : change[2];
    entry('action', value, atNoon(day), change[0], change[1], ctx.userEmails[0] ?? null);
  }
}

function addProcessLog(ctx: CreditorContext, voucherId: number, uploadedAt: string) {
  const lines: [string, string][] = [
    ['bnet', 'Dokument empfangen und zur Verarbeitung eingereiht'],
    ['bnet', 'Belegdaten ausgelesen'],
    ['sap', 'Beleg an das Buchungssystem übermittelt'],
    ['mail', 'Rechnung per E-Mail an den Kunden versandt'],
  ];
  lines.forEach(([channel, message], index) => {
    add(ctx.sink, 'logItem', {
      creditorId: ctx.creditorId,
      voucherId,
      channel,
      message,
      context: JSON.stringify({
        step: index + 1,
        bnetId: `BN-${ctx.prefix}${String(voucherId).padStart(7, '0')}`,
      }),
      extra: null,
      createdAt: plusHours(uploadedAt, index * 3),
      updatedAt: plusHours(uploadedAt, index * 3),
    });
  });
}
