import { randomUUID } from 'node:crypto';
import fc from 'fast-check';
import { sql } from 'kysely';
import { expect } from 'vitest';
import { commands } from '../../../generated/commands';
import { INVOICE_TYPES } from '../../../src/server/services/status-groups';
import { addDays } from '../../../src/shared/validation/german-input.parse';
import { checkInvariants, checkShownAmounts } from './invariants';
import type { Answer, Caller, Facts, Product, Request, World } from './world';
import { buildXRechnung, type UploadKind } from './xrechnung';

/**
 * The money model's commands (fast-check `fc.commands`): each is one call of the creditor through
 * the real API (or one run of the back office's sweeps on the moved clock) on the sequence's own
 * debtor. The model keeps only what the server cannot tell: what kind of document each voucher was
 * uploaded as and when each dunning stop was set. Every step — accepted or refused — ends with the
 * invariants ({@link checkInvariants}); an accepted call must leave exactly its audit, a refused one
 * nothing, a repeated Idempotency-Key nothing (when the server takes the header).
 */

export interface Model {
  product: Product;
  creditorId: number;
  debtorId: number;
  locationId: number;
  /** voucher id → what it was uploaded as */
  kinds: Map<number, UploadKind>;
  /** voucher id → the day its latest dunning stop was set */
  blockSetOn: Map<number, string>;
  /** the facts after the last step (targets are picked from them) */
  facts: Facts;
  /** the debtor as an e-invoice names it (processing finds it again by name and address) */
  buyer: { name: string; street: string; zip: string; city: string };
  /** names the sequence in failure messages */
  seedNote: string;
}

let serial = 0;
const next = () => `${Date.now().toString(36).slice(-4)}${++serial}`;
const DAY = 86_400_000;
const HOUR = 3_600_000;
/** Commands that move money: after them the shown amounts are compared (list, CSV, detail, dashboard). */
const MONEY = new Set(['uploadVoucher', 'abandonVoucher', 'createCreditAdvice', 'reportDirectPayment', 'annulVoucher', 'answerWorkQueueItem', 'continueVoucher']);

/** Invoices of the debtor (not the child vouchers of payments), in id order; `pick` chooses one. */
function invoice(m: Model, pick: number) {
  const invoices = m.facts.vouchers.filter((v) => INVOICE_TYPES.includes(v.type) && v.parentId == null);
  return invoices.length ? invoices[pick % invoices.length] : undefined;
}

const invoiceIds = (m: Model) => m.facts.vouchers.filter((v) => v.parentId == null).map((v) => v.id);

/** After every step: one read of the facts, the invariants, and where money moved the shown amounts. */
async function afterStep(m: Model, w: World, touched: number[], money: boolean) {
  m.facts = await w.facts(m.debtorId);
  checkInvariants(w, m, m.facts);
  // the detail of what moved after each step that moved money; list, CSV and dashboard at sequence ends
  if (money) await checkShownAmounts(w, m, m.facts, touched, false);
}

abstract class Call implements fc.AsyncCommand<Model, World> {
  constructor(readonly repeat: boolean) {}
  check = () => true;
  /** the call, or null when the debtor has nothing it could act on */
  abstract request(m: Model, w: World): Request | null;
  /** who makes it (default: the sequence's creditor) */
  caller(m: Model): Caller {
    return m.product;
  }
  /** the model's part of an accepted call */
  accepted(_m: Model, _w: World, _answer: Answer, _request: Request): void {}
  abstract toString(): string;

  async run(m: Model, w: World): Promise<void> {
    const request = this.request(m, w);
    if (!request) return;
    const before = await w.snapshot(m.creditorId, m.debtorId);
    const key = w.idempotency ? randomUUID() : undefined;
    const answer = await w.call(this.caller(m), request, key);
    const what = `${m.seedNote} ${this} ${request.method} ${request.url} → ${answer.status} ${JSON.stringify(answer.body)}`;
    expect(answer.status, `${what}: no server error`).toBeLessThan(500);
    if (answer.status >= 400) {
      expect((await w.snapshot(m.creditorId, m.debtorId)).rows, `${what}: a refusal changes nothing`).toBe(before.rows);
    } else {
      expectAudit(request.command, await w.auditSince(before), what);
      this.accepted(m, w, answer, request);
      if (key && this.repeat) {
        const done = await w.snapshot(m.creditorId, m.debtorId);
        const again = await w.call(this.caller(m), request, key);
        expect({ status: again.status, body: again.body }, `${what}: the same Idempotency-Key replays the answer`).toEqual({ status: answer.status, body: answer.body });
        const after = await w.snapshot(m.creditorId, m.debtorId);
        expect(after, `${what}: the same Idempotency-Key changes nothing`).toEqual(done);
      }
    }
    // the detail is read for the voucher the call named, else for every invoice of the debtor
    const target = /\/voucher\/(?:\D+\/)?(\d+)(\/|$)/.exec(request.url)?.[1];
    await afterStep(m, w, target ? [Number(target)] : invoiceIds(m), answer.status < 400 && MONEY.has(request.command));
  }
}

/** An accepted command leaves one action-log entry and, when it declares a history, one history entry. */
function expectAudit(name: keyof typeof commands, audit: { history: number; workQueueHistory: number; actionLog: string[] }, context: string) {
  const command = commands[name];
  const what = `${context} (audit: ${JSON.stringify(audit)})`;
  if (name === 'answerWorkQueueItem') {
    // the answer itself (no history of its own: each voucher of the decision shows it, type work_queue);
    // each follow-up a voucher command carries out leaves that command's history and action log
    expect(audit.actionLog.filter((t) => t === command.actionLog), `${what}: one action-log entry of the answer`).toHaveLength(1);
    expect(audit.actionLog.length - 1, `${what}: one history entry per follow-up`).toBe(audit.history);
    expect(audit.workQueueHistory, `${what}: the answer in the vouchers' history`).toBeGreaterThan(0);
    return;
  }
  const history = command.history && command.target?.history !== 'none' ? 1 : 0;
  expect(audit.actionLog, `${what}: exactly one action-log entry`).toEqual([command.actionLog]);
  expect(audit.history, `${what}: exactly ${history} history entry`).toBe(history);
}

class Upload extends Call {
  constructor(readonly kind: UploadKind, readonly cents: number, repeat: boolean) {
    super(repeat);
  }
  toString = () => `Upload(${this.kind}, ${this.cents})`;
  caller = (m: Model) => (m.product === 'tpf' ? 'admin' : m.product) as Caller;
  request(m: Model, w: World): Request {
    const bytes = buildXRechnung({ kind: this.kind, today: w.today, number: `MM-${next()}`, grossCents: this.cents, buyer: m.buyer });
    return w.upload(m.product, m, bytes).request;
  }
  accepted(m: Model, _w: World, answer: Answer) {
    const ids: number[] = answer.body.voucherIds ?? [answer.body.voucherId];
    for (const id of ids) m.kinds.set(id, this.kind);
  }
}

class Sweep implements fc.AsyncCommand<Model, World> {
  constructor(readonly ms: number) {}
  check = () => true;
  toString = () => `Sweep(${Math.round(this.ms / HOUR)}h)`;
  async run(m: Model, w: World) {
    await w.sweep(this.ms);
    await afterStep(m, w, [], false);
  }
}

/** A call on one of the debtor's invoices. */
class OnInvoice extends Call {
  constructor(
    readonly action: 'pay' | 'credit' | 'abandon' | 'abandonRest' | 'annul' | 'block' | 'reopen' | 'disputeOpen' | 'disputeClose' | 'continue' | 'cancel',
    readonly pick: number,
    readonly share: number,
    readonly days: number,
    repeat: boolean,
  ) {
    super(repeat);
  }
  toString = () => `${this.action}(pick ${this.pick}, share ${this.share}, days ${this.days})`;
  request(m: Model, w: World): Request | null {
    const v = invoice(m, this.pick);
    if (!v) return null;
    const amount = Math.max(1, Math.round(Number(v.leftover ?? v.amount ?? 100) * this.share));
    const back = addDays(w.today, -this.days);
    const id = v.id;
    switch (this.action) {
      case 'pay':
        return { command: 'reportDirectPayment', method: 'POST', url: `/voucher/${id}/direct-payment`, body: { amount, paymentDate: back, note: 'Modell' } };
      case 'credit':
        return { command: 'createCreditAdvice', method: 'POST', url: `/voucher/${id}/credit`, body: { amount, voucherDate: back, creditVoucherNumber: `GS-${next()}`, reason: 'Modell' } };
      case 'abandon':
        return { command: 'abandonVoucher', method: 'POST', url: `/voucher/${id}/abandon`, body: { abandonRest: false, amount, reason: 'Modell' } };
      case 'abandonRest':
        return { command: 'abandonVoucher', method: 'POST', url: `/voucher/${id}/abandon`, body: { abandonRest: true, reason: 'Modell' } };
      case 'annul':
        return { command: 'annulVoucher', method: 'POST', url: `/voucher/${id}/decline`, body: { reason: 'Modell', confirmAnnulation: true } };
      case 'block':
        return { command: 'setDunningBlock', method: 'POST', url: `/sap/voucher/${id}/dunning/block`, body: { blockUntil: addDays(w.today, this.days), reason: 'Modell' } };
      case 'reopen':
        return { command: 'cancelDunningBlock', method: 'POST', url: `/sap/voucher/${id}/dunning/reopen`, body: { note: 'Modell' } };
      case 'disputeOpen':
        return { command: 'openDispute', method: 'POST', url: `/sap/voucher/${id}/dunning/dispute/open`, body: { reason: 'Modell', disputeConfirmed: true } };
      case 'disputeClose':
        return { command: 'closeDispute', method: 'POST', url: `/sap/voucher/${id}/dunning/dispute/close`, body: { note: 'Modell' } };
      case 'continue':
        return { command: 'continueVoucher', method: 'GET', url: `/voucher/continue/${id}` };
      case 'cancel':
        return { command: 'cancelUpload', method: 'POST', url: `/bnet/voucher/${id}/cancel`, body: {} };
    }
  }
  accepted(m: Model, w: World) {
    if (this.action === 'block') m.blockSetOn.set(invoice(m, this.pick)!.id, w.today);
  }
}

const PERIODS = ['weekly', 'biweekly', 'monthly', 'bimonthly', 'three_monthly', 'six_monthly', 'yearly'] as const;

class CreateDebt extends Call {
  constructor(readonly period: string, readonly startIn: number, readonly lasts: number | null, readonly net: number, repeat: boolean) {
    super(repeat);
  }
  toString = () => `CreateDebt(${this.period}, in ${this.startIn} d, lasts ${this.lasts} d, net ${this.net})`;
  request(m: Model, w: World): Request {
    const startDate = addDays(w.today, this.startIn);
    return {
      command: 'createPermanentDebt',
      method: 'POST',
      url: `/permanent-debt/location/${m.locationId}/add`,
      body: {
        debtor: m.debtorId,
        location: m.locationId,
        subject: 'Wartungsvertrag',
        grossAmount: Math.round(this.net * 1.19),
        vat: 19,
        period: this.period,
        startDate,
        ...(this.lasts != null ? { endDate: addDays(startDate, this.lasts) } : {}),
      },
    };
  }
}

class StopDebt extends Call {
  constructor(readonly pick: number, repeat: boolean) {
    super(repeat);
  }
  toString = () => `StopDebt(pick ${this.pick})`;
  request(m: Model): Request | null {
    if (!m.facts.debts.length) return null;
    const d = m.facts.debts[this.pick % m.facts.debts.length];
    return { command: 'stopPermanentDebt', method: 'POST', url: `/permanent-debt/${d.id}/stop`, body: { confirmStop: true, reason: 'Modell' } };
  }
}

class Mandate extends Call {
  constructor(readonly set: boolean, repeat: boolean) {
    super(repeat);
  }
  toString = () => (this.set ? 'SetMandate' : 'RemoveMandate');
  request(m: Model, w: World): Request {
    if (!this.set) return { command: 'removeSepaMandate', method: 'DELETE', url: `/debtor/${m.debtorId}/sepa-mandate` };
    return { command: 'updatePaymentData', method: 'POST', url: `/debtor/update/${m.debtorId}`, body: mandateBody(w.today) };
  }
}

export const mandateBody = (today: string) => ({
  paymentMethod: 'direct_debit_mandate',
  accountOwner: 'Modellkunde GmbH',
  iban: 'DE89 3704 0044 0532 0130 00',
  city: 'Hamburg',
  date: today,
  referenceNumber: `M-${next()}`,
  sepaMandateAvailable: true,
});

const PDF = Buffer.from('%PDF-1.4\n1 0 obj << /Type /Catalog >> endobj\ntrailer << /Root 1 0 R >>\n%%EOF\n');

/** Answers one of the debtor's open work-queue decisions with one of its options (the provider raises them in the sweeps). */
class AnswerWorkQueue implements fc.AsyncCommand<Model, World> {
  constructor(readonly pick: number, readonly share: number, readonly repeat: boolean) {}
  check = () => true;
  toString = () => `AnswerWorkQueue(pick ${this.pick}, share ${this.share})`;
  async run(m: Model, w: World) {
    const { rows } = await sql<{ id: number; code: string; accepted: boolean; fullAmount: boolean; noteRequired: boolean; followUp: string; file: boolean }>`
      select w.id, o.code, o.accepted, o.full_amount as "fullAmount", o.note_required as "noteRequired",
             case when o.accepted then s.follow_up_action else s.reject_action end as "followUp",
             case when o.accepted then s.accept_file_required else s.reject_file_required end as file
        from work_queue_item w join state_of_affairs s on s.code = w.state_of_affairs_code
        join state_of_affairs_option o on o.state_code = s.code
       where w.debtor_id = ${m.debtorId} and w.status in ('open', 'read', 'error')
       order by w.id, o.code`.execute(w.t.db);
    if (!rows.length) return;
    const o = rows[this.pick % rows.length];
    const open = m.facts.vouchers.find((v) => INVOICE_TYPES.includes(v.type) && Number(v.leftover) > 0);
    const body = {
      answerCode: o.code,
      followUpAction: o.followUp,
      note: 'Modell',
      ...(o.followUp === 'exposure_type' ? { exposureType: 'service' } : {}),
      ...(!o.fullAmount && ['credit_advice', 'direct_payment', 'abandonment'].includes(o.followUp)
        ? { amount: Math.max(1, Math.round(Number(open?.leftover ?? 100) * this.share)) }
        : {}),
      ...(o.file ? { files: [`data:application/pdf;name=nachweis.pdf;base64,${PDF.toString('base64')}`] } : {}),
    };
    const step = new (class extends Call {
      toString = () => `AnswerWorkQueue(${o.id}, ${o.code})`;
      request = (): Request => ({ command: 'answerWorkQueueItem', method: 'POST', url: `/user-information/work-queue/${o.id}/${o.code}/${o.followUp}`, body });
    })(this.repeat);
    await step.run(m, w);
  }
}

const share = fc.constantFrom(0.1, 0.25, 0.5, 1, 1.5);
const repeat = fc.boolean();
const pick = fc.nat(7);

/** The commands and how often each is drawn. */
export const modelCommands = [
  fc.tuple(fc.constantFrom<UploadKind>('euroInvoice', 'euroInvoice', 'dollarInvoice', 'creditNote', 'longTerm', 'dueSoon', 'oldService'), fc.integer({ min: 5_000, max: 500_000 }), repeat).map(([k, c, r]) => new Upload(k, c, r)),
  fc.oneof(
    { weight: 4, arbitrary: fc.integer({ min: 1, max: 23 }).map((h) => h * HOUR) },
    { weight: 3, arbitrary: fc.integer({ min: 1, max: 14 }).map((d) => d * DAY) },
    { weight: 2, arbitrary: fc.integer({ min: 15, max: 62 }).map((d) => d * DAY) },
    { weight: 1, arbitrary: fc.integer({ min: 63, max: 190 }).map((d) => d * DAY) },
  ).map((ms) => new Sweep(ms)),
  ...(['pay', 'credit', 'abandon', 'abandonRest', 'annul', 'block', 'reopen', 'disputeOpen', 'disputeClose', 'continue', 'cancel'] as const).map((action) =>
    fc.tuple(pick, share, fc.nat(12), repeat).map(([p, s, d, r]) => new OnInvoice(action, p, s, d, r)),
  ),
  fc.tuple(fc.constantFrom(...PERIODS), fc.integer({ min: 12, max: 40 }), fc.option(fc.integer({ min: 0, max: 400 })), fc.integer({ min: 1_000, max: 200_000 }), repeat).map(
    ([p, s, l, n, r]) => new CreateDebt(p, s, l, n, r),
  ),
  fc.tuple(pick, repeat).map(([p, r]) => new StopDebt(p, r)),
  fc.tuple(fc.boolean(), repeat).map(([s, r]) => new Mandate(s, r)),
  fc.tuple(pick, share, repeat).map(([p, s, r]) => new AnswerWorkQueue(p, s, r)),
];
