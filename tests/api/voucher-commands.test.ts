import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Insertable } from 'kysely';
import { todayIso } from '../../src/shared/validation';
import { addDays } from '../../src/shared/validation/german-input.parse';
import type { VoucherTable } from '../../src/server/db/schema';
import { insertOpenInvoice } from '../helpers/vouchers';
import { type TestApp, buildTestApp, loginAs } from '../helpers/app';
import { call, refusedUnchanged } from '../helpers/commands';

// Every voucher action of schema/commands/vouchers.yaml through the one pipeline: the visible effect
// read back through GET /voucher/show/{id}, /voucher/{id}/history/list and
// /voucher/{id}/list-balanced-vouchers, the action log, and every guard answering its 4xx with the
// database unchanged. Each test works on invoices of its own (inserted as document processing would
// leave them). Runs on PGlite and on PostgreSQL.

let t: TestApp;
const tokens: Record<string, string> = {};
const USERS = ['creditor', 'creditor2', 'observer', 'assistant', 'blocked', 'terminated', 'creditor-tpf'];

beforeAll(async () => {
  t = await buildTestApp();
  for (const user of USERS) tokens[user] = await loginAs(t.app, `${user}@example.com`);
});
afterAll(() => t.close());

const as = (user: string) => ({ token: tokens[user] });
const day = (offset: number) => addDays(todayIso(), offset);
const post = (path: string, body: unknown = {}, user = 'creditor') => call(t, path, { ...as(user), method: 'POST', body });
const show = async (id: number, user = 'creditor') => (await call(t, `/voucher/show/${id}`, as(user))).body;
const history = async (id: number, user = 'creditor') => (await call(t, `/voucher/${id}/history/list`, as(user))).body.entries as any[];
const balancing = async (id: number, user = 'creditor') => (await call(t, `/voucher/${id}/list-balanced-vouchers`, as(user))).body;
const permissions = async (id: number, user = 'creditor') => (await call(t, `/voucher/${id}/permissions`, as(user))).body;
const actionLog = (type: string, voucherId: number) =>
  t.db.selectFrom('actionLogEntry').selectAll().where('actionType', '=', type).where('voucherIdentifier', '=', String(voucherId)).orderBy('id', 'desc').execute();

async function creditorIdOf(user: string) {
  const row = await t.db.selectFrom('appUser').select('creditorId').where('username', '=', `${user}@example.com`).executeTakeFirstOrThrow();
  return row.creditorId!;
}

let serial = 0;
/**
 * A processed invoice of `user`'s creditor as document processing leaves it: purchased, open in
 * full, due ten days ago, not yet dunned — unless `over` says otherwise.
 */
async function newInvoice(user = 'creditor', over: Partial<Insertable<VoucherTable>> = {}) {
  ++serial;
  return insertOpenInvoice(t.db, await creditorIdOf(user), 'PT', over);
}

describe('the command table', () => {
  it('puts every voucher action into the OpenAPI document', async () => {
    const doc = (await t.app.inject({ url: '/api/openapi.json' })).json();
    for (const path of ['comment', 'abandon', 'credit', 'direct-payment', 'decline']) {
      expect(doc.paths[`/api/voucher/{id}/${path}`]?.post, path).toBeDefined();
    }
    for (const path of ['block', 'reopen', 'dispute/open', 'dispute/close', 'delay/open', 'delay/close']) {
      expect(doc.paths[`/api/sap/voucher/{id}/dunning/${path}`]?.post, path).toBeDefined();
    }
    expect(doc.paths['/api/voucher/{id}/credit'].post.requestBody.content['application/json'].schema.required).toContain('creditVoucherNumber');
  });
});

describe('comment', () => {
  it('shows the latest comment, keeps each in the history and logs it with the voucher identifiers', async () => {
    const id = await newInvoice();
    const answer = await post(`/voucher/${id}/comment`, { comment: 'Kunde zahlt in zwei Raten.' });
    expect(answer).toMatchObject({ status: 200, body: { success: true, message: 'Der Kommentar wurde gespeichert.' } });
    await post(`/voucher/${id}/comment`, { comment: 'Erste Rate eingegangen.' });
    const voucher = await show(id);
    expect(voucher.comment).toBe('Erste Rate eingegangen.');
    const entries = await history(id);
    expect(entries.slice(0, 2).map((e) => [e.type, e.title, e.text])).toEqual([
      ['action', 'Kommentar gespeichert', 'Erste Rate eingegangen.'],
      ['action', 'Kommentar gespeichert', 'Kunde zahlt in zwei Raten.'],
    ]);
    expect(entries[0].userEmail).toBe('creditor@example.com');
    expect(voucher.history).toEqual(entries);
    const logged = (await actionLog('voucher_comment', id))[0];
    const debtor = await t.db.selectFrom('debtor').select(['identifier', 'sapNumber']).where('id', '=', voucher.debtor.id).executeTakeFirstOrThrow();
    expect(logged).toMatchObject({
      voucherIdentifier: String(id),
      voucherReference: voucher.customNumber,
      voucherSapNumber: voucher.sapNumber,
      debtorIdentifier: debtor.identifier,
      userEmail: 'creditor@example.com',
    });
  });

  it('a closed voucher takes comments but no other action', async () => {
    const id = await newInvoice('creditor', { status: 'closed', leftoverAmount: 0 });
    expect((await post(`/voucher/${id}/comment`, { comment: 'Erledigt, Akte geschlossen.' })).status).toBe(200);
    const refused = await refusedUnchanged(t, () => post(`/voucher/${id}/direct-payment`, { amount: 100, paymentDate: day(0) }));
    expect(refused).toMatchObject({ status: 409, unchanged: true, body: { code: 'changesNotSaved', reason: 'commands.wrongState' } });
    const flags = await permissions(id);
    expect(flags).toMatchObject({ comment: true, directPayment: false, creditAdvice: false, abandonment: false, annulation: false, setDunningBlock: false });
  });

  it('an upload still in processing takes no comment; a blank one is refused', async () => {
    const upload = await newInvoice('creditor', { requiresProcessing: true, officialVoucherNumber: null });
    const refused = await refusedUnchanged(t, () => post(`/voucher/${upload}/comment`, { comment: 'Zu früh' }));
    expect(refused).toMatchObject({ status: 409, unchanged: true, body: { reason: 'vouchers.requiresProcessing' } });
    const id = await newInvoice();
    const blank = await refusedUnchanged(t, () => post(`/voucher/${id}/comment`, { comment: '   ' }));
    expect(blank).toMatchObject({ status: 400, unchanged: true });
  });
});

describe('direct payment', () => {
  it('lowers the open amount, balances with a child, frees limit, and closes at zero', async () => {
    const id = await newInvoice();
    const voucher = await show(id);
    const debtorId = voucher.debtor.id as number;
    const creditorId = await creditorIdOf('creditor');
    // make room below the approved limits so that the freed amount shows
    await t.db.updateTable('debtor').set((eb) => ({ availableLimit: eb('approvedLimit', '-', 150_000) })).where('id', '=', debtorId).execute();
    await t.db.updateTable('creditor').set((eb) => ({ availableLimit: eb('approvedLimit', '-', 150_000) })).where('id', '=', creditorId).execute();
    const limits = async () => ({
      debtor: Number((await t.db.selectFrom('debtor').select('availableLimit').where('id', '=', debtorId).executeTakeFirstOrThrow()).availableLimit),
      creditor: Number((await t.db.selectFrom('creditor').select('availableLimit').where('id', '=', creditorId).executeTakeFirstOrThrow()).availableLimit),
    });
    const before = await limits();

    const answer = await post(`/voucher/${id}/direct-payment`, { amount: 30_000, paymentDate: day(-2), note: 'Überweisung auf Geschäftskonto' });
    expect(answer.status, JSON.stringify(answer.body)).toBe(200);
    expect(answer.body).toMatchObject({ success: true, leftoverAmount: 70_000, childVoucherId: expect.any(Number) });
    expect(answer.body.message).toMatch(/Direktzahlung/);
    let detail = await show(id);
    expect(detail).toMatchObject({ leftoverAmount: 70_000, status: 'open' });
    const child = detail.children.find((c: any) => c.id === answer.body.childVoucherId);
    expect(child).toMatchObject({ type: 'direct_payment', amount: 30_000, isBalancingVoucher: true, voucherDate: day(-2) });
    expect(child.numberToShow).toBe(`${voucher.officialVoucherNumber}-DZ1`);
    expect((await show(child.id)).parent).toMatchObject({ id });
    const balanced = await balancing(id);
    expect(balanced.balancingVouchers).toEqual([
      expect.objectContaining({ id: child.id, type: 'direct_payment', balancedAmount: 30_000, balancedDate: day(-2) }),
    ]);
    expect(detail.balancingVouchers).toEqual(balanced.balancingVouchers);
    const entry = (await history(id))[0];
    expect(entry).toMatchObject({ type: 'action', title: 'Direktzahlung gemeldet', value: '700,00 €' });
    expect(entry.text).toContain('300,00 €');
    expect(entry.text).toContain('Überweisung auf Geschäftskonto');
    expect(await limits()).toEqual({ debtor: before.debtor + 30_000, creditor: before.creditor + 30_000 });
    expect((await actionLog('voucher_direct_payment', id))[0].payload).toMatchObject({ amount: 30_000, leftoverAmount: 70_000 });

    // the rest: the invoice is settled
    expect((await post(`/voucher/${id}/direct-payment`, { amount: 70_000, paymentDate: day(0) })).status).toBe(200);
    detail = await show(id);
    expect(detail).toMatchObject({ leftoverAmount: 0, status: 'closed' });
    expect(detail.children.map((c: any) => c.numberToShow)).toContain(`${voucher.officialVoucherNumber}-DZ2`);
    expect(await limits()).toEqual({ debtor: before.debtor + 100_000, creditor: before.creditor + 100_000 });
    expect((await history(id))[0].text).toMatch(/ausgeglichen/);
    const again = await refusedUnchanged(t, () => post(`/voucher/${id}/direct-payment`, { amount: 1, paymentDate: day(0) }));
    expect(again).toMatchObject({ status: 409, unchanged: true, body: { reason: 'commands.wrongState' } });
  });

  it('never more than the open amount', async () => {
    const id = await newInvoice('creditor', { leftoverAmount: 40_000 });
    for (const [path, body] of [
      ['direct-payment', { amount: 40_001, paymentDate: day(0) }],
      ['credit', { amount: 40_001, creditVoucherNumber: `GS-X-${serial}`, voucherDate: day(0) }],
      ['abandon', { abandonRest: false, amount: 40_001 }],
    ] as const) {
      const refused = await refusedUnchanged(t, () => post(`/voucher/${id}/${path}`, body));
      expect(refused, path).toMatchObject({ status: 400, unchanged: true, body: { code: 'changesNotSaved', reason: 'vouchers.amountExceedsOpenAmount' } });
      expect(refused.body.message).toBe('Der Betrag darf den offenen Betrag des Belegs nicht übersteigen.');
    }
    expect((await post(`/voucher/${id}/direct-payment`, { amount: 40_000, paymentDate: day(0) })).status).toBe(200);
  });

  it('only invoice-like vouchers take payment actions', async () => {
    const deposit = await newInvoice('creditor', { type: 'deposit' });
    const refused = await refusedUnchanged(t, () => post(`/voucher/${deposit}/direct-payment`, { amount: 100, paymentDate: day(0) }));
    expect(refused).toMatchObject({ status: 409, unchanged: true, body: { reason: 'vouchers.notAnInvoice' } });
    expect(await permissions(deposit)).toMatchObject({ directPayment: false, comment: true });
  });

  it('a payment date in the future is a validation error', async () => {
    const id = await newInvoice();
    const refused = await refusedUnchanged(t, () => post(`/voucher/${id}/direct-payment`, { amount: 100, paymentDate: day(3) }));
    expect(refused).toMatchObject({ status: 400, unchanged: true, body: { code: 'validationError' } });
  });
});

describe('credit advice', () => {
  it('creates a credit_advice child with the creditor\'s number and lowers the open amount', async () => {
    const id = await newInvoice();
    const number = `GS-${Date.now() % 1_000_000}`;
    const answer = await post(`/voucher/${id}/credit`, { amount: 25_050, creditVoucherNumber: ` ${number} `, voucherDate: day(-1), reason: 'Mängelrüge' });
    expect(answer.status, JSON.stringify(answer.body)).toBe(200);
    const detail = await show(id);
    expect(detail.leftoverAmount).toBe(74_950);
    const child = await show(answer.body.childVoucherId);
    expect(child).toMatchObject({ type: 'credit_advice', customNumber: number, numberToShow: number, amount: 25_050, leftoverAmount: 0, parent: { id } });
    expect((await balancing(id)).balancingVouchers.map((b: any) => [b.id, b.balancedAmount])).toEqual([[child.id, 25_050]]);
    const entry = (await history(id))[0];
    expect(entry).toMatchObject({ title: 'Gutschrift erzeugt', value: '749,50 €' });
    expect(entry.text).toContain(number);
    expect((await actionLog('voucher_credit_advice', id))).toHaveLength(1);

    // the number is unique per creditor: again (also in other case) on another invoice is refused
    const other = await newInvoice();
    for (const taken of [number, number.toLowerCase(), detail.customNumber]) {
      const refused = await refusedUnchanged(t, () => post(`/voucher/${other}/credit`, { amount: 100, creditVoucherNumber: taken, voucherDate: day(0) }));
      expect(refused, taken).toMatchObject({ status: 409, unchanged: true, body: { reason: 'vouchers.creditNumberTaken' } });
    }
    // another creditor may use the same number
    const foreign = await newInvoice('creditor2');
    expect((await post(`/voucher/${foreign}/credit`, { amount: 100, creditVoucherNumber: number, voucherDate: day(0) }, 'creditor2')).status).toBe(200);
  });

  it('two credit notes with one number at the same time: one is refused', async () => {
    const [first, second] = [await newInvoice(), await newInvoice()];
    const number = `GS-RACE-${serial}`;
    const answers = await Promise.all(
      [first, second].map((id) => post(`/voucher/${id}/credit`, { amount: 100, creditVoucherNumber: number, voucherDate: day(0) })),
    );
    expect(answers.map((a) => a.status).sort()).toEqual([200, 409]);
    expect(answers.find((a) => a.status === 409)!.body.reason).toBe('vouchers.creditNumberTaken');
    const rows = await t.db.selectFrom('voucher').select('id').where('customNumber', '=', number).execute();
    expect(rows).toHaveLength(1);
  });

  it('refuses a number longer than 20 characters', async () => {
    const id = await newInvoice();
    const refused = await refusedUnchanged(t, () => post(`/voucher/${id}/credit`, { amount: 100, creditVoucherNumber: 'G'.repeat(21), voucherDate: day(0) }));
    expect(refused).toMatchObject({ status: 400, unchanged: true, body: { code: 'validationError', field: 'body/creditVoucherNumber' } });
  });
});

describe('abandonment', () => {
  it('waives a part, then the whole rest', async () => {
    const id = await newInvoice();
    expect((await post(`/voucher/${id}/abandon`, { abandonRest: false, amount: 10_000, reason: 'Kulanz' })).status).toBe(200);
    expect((await show(id)).leftoverAmount).toBe(90_000);
    const rest = await post(`/voucher/${id}/abandon`, { abandonRest: true });
    expect(rest.status, JSON.stringify(rest.body)).toBe(200);
    const detail = await show(id);
    expect(detail).toMatchObject({ leftoverAmount: 0, status: 'closed' });
    expect(detail.children.filter((c: any) => c.type === 'abandonment').map((c: any) => c.amount).sort()).toEqual([10_000, 90_000]);
    expect((await history(id)).slice(0, 2).map((e) => e.title)).toEqual(['Forderungsverzicht', 'Forderungsverzicht']);
    expect((await history(id))[0].text).toMatch(/gesamter offener Restbetrag/);
  });

  it('a part needs its amount', async () => {
    const id = await newInvoice();
    const refused = await refusedUnchanged(t, () => post(`/voucher/${id}/abandon`, { abandonRest: false }));
    expect(refused).toMatchObject({ status: 400, unchanged: true });
  });
});

describe('annulation', () => {
  it('annuls an untouched purchased invoice in full and counts the purchase back', async () => {
    const id = await newInvoice();
    const answer = await post(`/voucher/${id}/decline`, { reason: 'Doppelt gestellt', confirmAnnulation: true });
    expect(answer.status, JSON.stringify(answer.body)).toBe(200);
    const detail = await show(id);
    expect(detail).toMatchObject({ status: 'closed', leftoverAmount: 0, purchaseStatus: 'RUECKBELASTET', subStatus: 'counted_back' });
    expect(detail.children).toEqual([expect.objectContaining({ type: 'annulation', amount: 100_000 })]);
    expect((await history(id))[0]).toMatchObject({ title: 'Rechnung storniert' });
    expect((await history(id))[0].text).toMatch(/Doppelt gestellt/);
  });

  it('refuses an invoice already partly balanced, and an unticked confirmation', async () => {
    const id = await newInvoice('creditor', { leftoverAmount: 60_000 });
    const refused = await refusedUnchanged(t, () => post(`/voucher/${id}/decline`, { reason: 'Storno', confirmAnnulation: true }));
    expect(refused).toMatchObject({ status: 409, unchanged: true, body: { reason: 'vouchers.alreadyBalanced' } });
    expect((await permissions(id)).annulation).toBe(false);
    const fresh = await newInvoice();
    const unticked = await refusedUnchanged(t, () => post(`/voucher/${fresh}/decline`, { reason: 'Storno', confirmAnnulation: false }));
    expect(unticked).toMatchObject({ status: 400, unchanged: true });
  });
});

describe('dunning block', () => {
  it('sets a block of up to 10 days, counts it, shows it on the dashboard, and reopens dunning', async () => {
    const id = await newInvoice('creditor', { subStatus: 'payment_reminder', dunningType: 'paymentReminder' });
    const dashboard = async () => (await call(t, '/dashboard', as('creditor'))).body.dunningBlock;
    const figuresBefore = await dashboard();
    expect((await permissions(id)).setDunningBlock).toBe(true);
    const answer = await post(`/sap/voucher/${id}/dunning/block`, { blockUntil: day(10), reason: 'Kunde klärt Lieferung' });
    expect(answer.status, JSON.stringify(answer.body)).toBe(200);
    let detail = await show(id);
    expect(detail).toMatchObject({ subStatus: 'halt', dunningType: 'halt', dunningBlockUntil: day(10), dunningBlockCount: 1 });
    const [d, m, y] = [day(10).slice(8), day(10).slice(5, 7), day(10).slice(0, 4)];
    expect((await history(id))[0]).toMatchObject({ type: 'action', title: 'Mahnstopp gesetzt', value: `bis ${d}.${m}.${y}` });
    expect(await dashboard()).toEqual({ count: figuresBefore.count + 1, amount: figuresBefore.amount + 100_000 });
    expect(await permissions(id)).toMatchObject({ setDunningBlock: false, cancelDunningBlock: true });
    expect((await actionLog('dunning_block', id))).toHaveLength(1);

    const twice = await refusedUnchanged(t, () => post(`/sap/voucher/${id}/dunning/block`, { blockUntil: day(5), reason: 'Nochmal' }));
    expect(twice).toMatchObject({ status: 409, unchanged: true, body: { reason: 'vouchers.caseRunning' } });

    expect((await post(`/sap/voucher/${id}/dunning/reopen`, { note: 'Geklärt' })).status).toBe(200);
    detail = await show(id);
    expect(detail).toMatchObject({ subStatus: 'payment_reminder', dunningType: 'paymentReminder', dunningBlockUntil: null, dunningBlockCount: 1 });
    expect((await history(id))[0]).toMatchObject({ title: 'Mahnstopp aufgehoben', value: 'Zahlungserinnerung' });
    expect(await dashboard()).toEqual(figuresBefore);
    const again = await refusedUnchanged(t, () => post(`/sap/voucher/${id}/dunning/reopen`, {}));
    expect(again).toMatchObject({ status: 409, unchanged: true, body: { reason: 'vouchers.noDunningBlock' } });
  });

  it('refuses a block longer than 10 days or ending today', async () => {
    const id = await newInvoice();
    for (const blockUntil of [day(11), day(0)]) {
      const refused = await refusedUnchanged(t, () => post(`/sap/voucher/${id}/dunning/block`, { blockUntil, reason: 'Zu lang' }));
      expect(refused, blockUntil).toMatchObject({ status: 400, unchanged: true, body: { code: 'validationError', field: 'body/blockUntil' } });
    }
  });

  it('needs an overdue invoice not in encashment', async () => {
    const notDue = await newInvoice('creditor', { paymentDeadline: day(14) });
    const early = await refusedUnchanged(t, () => post(`/sap/voucher/${notDue}/dunning/block`, { blockUntil: day(3), reason: 'x' }));
    expect(early).toMatchObject({ status: 409, unchanged: true, body: { reason: 'vouchers.notOverdue' } });
    const encashment = await newInvoice('creditor', { subStatus: 'encashment', dunningType: 'encashment' });
    const late = await refusedUnchanged(t, () => post(`/sap/voucher/${encashment}/dunning/block`, { blockUntil: day(3), reason: 'x' }));
    expect(late).toMatchObject({ status: 409, unchanged: true, body: { reason: 'vouchers.inEncashment' } });
  });

  it('settling the invoice ends a running block', async () => {
    const id = await newInvoice();
    expect((await post(`/sap/voucher/${id}/dunning/block`, { blockUntil: day(4), reason: 'Klärung' })).status).toBe(200);
    expect((await post(`/voucher/${id}/direct-payment`, { amount: 100_000, paymentDate: day(0) })).status).toBe(200);
    expect(await show(id)).toMatchObject({ status: 'closed', subStatus: 'purchased', dunningType: 'notDunned', dunningBlockUntil: null });
  });

  it('the freight variant offers no dunning block', async () => {
    const id = await newInvoice('creditor-tpf', { status: 'tpf_accepted', subStatus: 'accepted' });
    const refused = await refusedUnchanged(t, () => post(`/sap/voucher/${id}/dunning/block`, { blockUntil: day(3), reason: 'x' }, 'creditor-tpf'));
    expect(refused).toMatchObject({ status: 403, unchanged: true, body: { reason: 'forbidden' } });
  });
});

describe('dispute and delay (freight variant)', () => {
  it('opens and closes a dispute, then a delay; one case at a time', async () => {
    const user = 'creditor-tpf';
    const id = await newInvoice(user, { status: 'tpf_accepted', subStatus: 'accepted' });
    const unticked = await refusedUnchanged(t, () => post(`/sap/voucher/${id}/dunning/dispute/open`, { reason: 'Ware beschädigt', disputeConfirmed: false }, user));
    expect(unticked).toMatchObject({ status: 400, unchanged: true });
    expect((await post(`/sap/voucher/${id}/dunning/dispute/open`, { reason: 'Ware beschädigt', disputeConfirmed: true }, user)).status).toBe(200);
    expect(await show(id, user)).toMatchObject({ subStatus: 'customer_complaint', dunningType: 'DISPUTE' });
    expect((await history(id, user))[0]).toMatchObject({ title: 'Reklamation eröffnet', value: 'Reklamation' });
    const delayDuringDispute = await refusedUnchanged(t, () => post(`/sap/voucher/${id}/dunning/delay/open`, { delayConfirmed: true }, user));
    expect(delayDuringDispute).toMatchObject({ status: 409, unchanged: true, body: { reason: 'vouchers.caseRunning' } });
    expect(await permissions(id, user)).toMatchObject({ openDelay: false, closeDispute: true, openDispute: false });

    expect((await post(`/sap/voucher/${id}/dunning/dispute/close`, { note: 'Gutschrift vereinbart' }, user)).status).toBe(200);
    expect(await show(id, user)).toMatchObject({ subStatus: 'accepted', dunningType: 'notDunned' });
    expect((await post(`/sap/voucher/${id}/dunning/delay/open`, { delayConfirmed: true, note: '3 Mahnungen' }, user)).status).toBe(200);
    expect(await show(id, user)).toMatchObject({ subStatus: 'delayed', dunningType: 'DELAY' });
    expect((await post(`/sap/voucher/${id}/dunning/delay/close`, {}, user)).status).toBe(200);
    expect(await show(id, user)).toMatchObject({ subStatus: 'accepted', dunningType: 'notDunned' });
    const titles = (await history(id, user)).map((e) => e.title);
    expect(titles.slice(0, 4)).toEqual(['Zahlungsverzug beendet', 'Zahlungsverzug gemeldet', 'Reklamation geschlossen', 'Reklamation eröffnet']);
    const closeAgain = await refusedUnchanged(t, () => post(`/sap/voucher/${id}/dunning/delay/close`, {}, user));
    expect(closeAgain).toMatchObject({ status: 409, unchanged: true, body: { reason: 'vouchers.noDelay' } });
    expect(await actionLog('voucher_dispute_open', id)).toHaveLength(1);
  });

  it('a delay needs the due date passed; a settled freight order is balanced', async () => {
    const user = 'creditor-tpf';
    const notDue = await newInvoice(user, { status: 'tpf_accepted', subStatus: 'accepted', paymentDeadline: day(5) });
    const refused = await refusedUnchanged(t, () => post(`/sap/voucher/${notDue}/dunning/delay/open`, { delayConfirmed: true }, user));
    expect(refused).toMatchObject({ status: 409, unchanged: true, body: { reason: 'vouchers.notOverdue' } });
    expect((await post(`/voucher/${notDue}/direct-payment`, { amount: 100_000, paymentDate: day(0) }, user)).status).toBe(200);
    expect((await show(notDue, user)).status).toBe('tpf_balanced');
  });

  it('other variants offer no dispute', async () => {
    const id = await newInvoice();
    const refused = await refusedUnchanged(t, () => post(`/sap/voucher/${id}/dunning/dispute/open`, { reason: 'x', disputeConfirmed: true }));
    expect(refused).toMatchObject({ status: 403, unchanged: true, body: { reason: 'forbidden' } });
    expect((await permissions(id)).openDispute).toBe(false);
  });
});

describe('who may act', () => {
  it("another creditor's voucher is not found", async () => {
    const id = await newInvoice();
    for (const [path, body] of [
      ['/voucher/{id}/comment', { comment: 'Fremd' }],
      ['/voucher/{id}/direct-payment', { amount: 100, paymentDate: day(0) }],
      ['/sap/voucher/{id}/dunning/block', { blockUntil: day(2), reason: 'Fremd' }],
    ] as const) {
      const refused = await refusedUnchanged(t, () => post(path.replace('{id}', String(id)), body, 'creditor2'));
      expect(refused, path).toMatchObject({ status: 404, unchanged: true, body: { code: 'changesNotSaved', reason: 'notFound' } });
    }
  });

  it('an observer has no actions', async () => {
    const id = await newInvoice();
    for (const [path, body] of [
      [`/voucher/${id}/comment`, { comment: 'Nur lesen' }],
      [`/voucher/${id}/credit`, { amount: 100, creditVoucherNumber: 'OBS-1', voucherDate: day(0) }],
    ] as const) {
      const refused = await refusedUnchanged(t, () => post(path, body, 'observer'));
      expect(refused, path).toMatchObject({ status: 403, unchanged: true, body: { reason: 'forbidden' } });
    }
  });

  it('blocked and terminated creditors still work on running cases', async () => {
    for (const user of ['blocked', 'terminated']) {
      const id = await newInvoice(user);
      const answer = await post(`/voucher/${id}/direct-payment`, { amount: 5_000, paymentDate: day(0) }, user);
      expect(answer.status, `${user}: ${JSON.stringify(answer.body)}`).toBe(200);
      expect((await show(id, user)).leftoverAmount).toBe(95_000);
      expect((await post(`/voucher/${id}/comment`, { comment: 'Weiter in Bearbeitung' }, user)).status).toBe(200);
    }
  });

  it('path ids beyond 32 bits are a 400', async () => {
    expect((await post('/voucher/2147483648/comment', { comment: 'x' })).status).toBe(400);
  });
});

// Issue 25 items 3 and 4: amounts as sent, dates within bounds, dunning stops limited per level.
describe('money rules: amounts and dates as sent', () => {
  it('refuses an amount with the whole rest (sent or by default) as ambiguous; a part with abandonRest false is booked', async () => {
    const id = await newInvoice();
    for (const body of [{ amount: 1_000, reason: 'Teilverzicht?' }, { abandonRest: true, amount: 1_000 }]) {
      const refused = await refusedUnchanged(t, () => post(`/voucher/${id}/abandon`, body));
      expect(refused, JSON.stringify(body)).toMatchObject({
        status: 400,
        unchanged: true,
        body: { reason: 'vouchers.abandonmentAmbiguous', message: 'Bitte verzichten Sie entweder auf den gesamten offenen Restbetrag oder geben Sie einen Teilbetrag an – nicht beides.' },
      });
    }
    expect((await post(`/voucher/${id}/abandon`, { abandonRest: false, amount: 1_000, reason: 'Kulanz' })).status).toBe(200);
    expect((await show(id)).leftoverAmount).toBe(99_000);
  });

  it('takes no amount, flag or number as text in a command body; path and list filters still read text', async () => {
    const id = await newInvoice();
    const cases: [string, Record<string, unknown>][] = [
      ['direct-payment', { amount: '100', paymentDate: day(0) }],
      ['credit', { amount: '100', creditVoucherNumber: `GS-T${id}`, voucherDate: day(0) }],
      ['abandon', { abandonRest: 'false', amount: 100 }],
      ['abandon', { abandonRest: false, amount: '100' }],
    ];
    for (const [path, body] of cases) {
      const refused = await refusedUnchanged(t, () => post(`/voucher/${id}/${path}`, body));
      expect(refused, `${path} ${JSON.stringify(body)}`).toMatchObject({ status: 400, unchanged: true, body: { code: 'validationError' } });
    }
    expect((await show(id)).leftoverAmount).toBe(100_000);
    // the `{id}` of the path and a list's query string are text by nature and still coerced
    expect((await post(`/voucher/${id}/direct-payment`, { amount: 100, paymentDate: day(0) })).status).toBe(200);
    const listed = await call(t, '/voucher/list?page=1&rowsPerPage=15&sortBy=uploaded&sortDesc=true&filters[status][]=open', as('creditor'));
    expect(listed.status, JSON.stringify(listed.body)).toBe(200);
    expect(listed.body.vouchers.length).toBeGreaterThan(0);
  });

  it('a payment and a credit lie between the voucher date and today', async () => {
    const id = await newInvoice();
    const before = [
      ['direct-payment', { amount: 100, paymentDate: '1900-01-01' }, 'vouchers.paymentBeforeVoucherDate'],
      ['direct-payment', { amount: 100, paymentDate: day(-41) }, 'vouchers.paymentBeforeVoucherDate'],
      ['credit', { amount: 100, creditVoucherNumber: `GS-D${id}`, voucherDate: day(-41) }, 'vouchers.creditBeforeVoucherDate'],
    ] as const;
    for (const [path, body, reason] of before) {
      const refused = await refusedUnchanged(t, () => post(`/voucher/${id}/${path}`, body));
      expect(refused, JSON.stringify(body)).toMatchObject({ status: 400, unchanged: true, body: { reason } });
      expect(refused.body.message).toMatch(/darf nicht vor dem Belegdatum liegen/);
    }
    const future = await refusedUnchanged(t, () => post(`/voucher/${id}/direct-payment`, { amount: 100, paymentDate: day(1) }));
    expect(future).toMatchObject({ status: 400, unchanged: true, body: { field: 'body/paymentDate' } });
    // on the voucher date itself: booked
    expect((await post(`/voucher/${id}/direct-payment`, { amount: 100, paymentDate: day(-40) })).status).toBe(200);
    expect((await show(id)).leftoverAmount).toBe(99_900);
  });
});

describe('money rules: a dunning stop lasts at most 10 days per dunning level', () => {
  const block = (id: number, blockUntil: string) => post(`/sap/voucher/${id}/dunning/block`, { blockUntil, reason: 'Klärung mit dem Kunden' });
  const reopen = (id: number) => post(`/sap/voucher/${id}/dunning/reopen`, {});

  it('block → lift → block counts at least a day each: the eleventh stop on one level is refused, unchanged', async () => {
    const id = await newInvoice();
    for (let n = 1; n <= 10; n++) {
      expect((await block(id, day(10 - n + 1))).status, `stop ${n}`).toBe(200);
      expect((await reopen(id)).status).toBe(200);
    }
    const row = await t.db.selectFrom('voucher').select(['dunningBlockCount', 'dunningBlockDaysUsed', 'dunningBlockLevel']).where('id', '=', id).executeTakeFirstOrThrow();
    expect(row).toEqual({ dunningBlockCount: 10, dunningBlockDaysUsed: 10, dunningBlockLevel: 'notDunned' });
    expect((await permissions(id)).setDunningBlock).toBe(false);
    const refused = await refusedUnchanged(t, () => block(id, day(1)));
    expect(refused).toMatchObject({
      status: 409,
      unchanged: true,
      body: { reason: 'vouchers.dunningBlockExhausted', message: expect.stringContaining('bereits 10 Tage Mahnstopp ausgeschöpft') },
    });
    // the dunning run moves it to the payment reminder (as runDunningSchedule writes it): 10 days again
    await t.db.updateTable('voucher').set({ dunningType: 'paymentReminder', subStatus: 'payment_reminder' }).where('id', '=', id).execute();
    expect((await permissions(id)).setDunningBlock).toBe(true);
    expect((await block(id, day(10))).status).toBe(200);
  });

  it('a stop may not reach beyond the days left on its level', async () => {
    const id = await newInvoice();
    await t.db.updateTable('voucher').set({ dunningBlockLevel: 'notDunned', dunningBlockDaysUsed: 7 }).where('id', '=', id).execute();
    const refused = await refusedUnchanged(t, () => block(id, day(4)));
    expect(refused).toMatchObject({ status: 400, unchanged: true, body: { reason: 'vouchers.dunningBlockTooLong', message: expect.stringContaining('höchstens 10 Tage') } });
    expect((await block(id, day(3))).status).toBe(200);
    // lifted the day it was set: one day counts (7 + 1), two are left
    expect((await reopen(id)).status).toBe(200);
    const row = await t.db.selectFrom('voucher').select(['dunningBlockDaysUsed', 'dunningBlockFrom']).where('id', '=', id).executeTakeFirstOrThrow();
    expect(row).toEqual({ dunningBlockDaysUsed: 8, dunningBlockFrom: null });
    expect((await refusedUnchanged(t, () => block(id, day(3)))).body.reason).toBe('vouchers.dunningBlockTooLong');
    expect((await block(id, day(2))).status).toBe(200);
  });
});
