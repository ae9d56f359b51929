import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { todayIso } from '../../src/shared/validation';
import { addDays } from '../../src/shared/validation/german-input.parse';
import { VOUCHER_ACTION_COMMANDS } from '../../src/server/domain/vouchers/voucher.rules';
import { type TestApp, buildTestApp, loginAs } from '../helpers/app';
import { call } from '../helpers/commands';

// The voucher's permissions (GET /voucher/{id}/permissions, the same as the detail's `permissions`)
// must say exactly what the voucher commands accept: for users of every kind and vouchers of the
// demo data in many states, each flag is read right before its command is tried with a valid body,
// and the two must agree.

let t: TestApp;
const tokens: Record<string, string> = {};
const USERS = ['creditor', 'management', 'assistant', 'observer', 'blocked', 'terminated', 'creditor-tpf'];

beforeAll(async () => {
  t = await buildTestApp();
  for (const user of USERS) tokens[user] = await loginAs(t.app, `${user}@example.com`);
});
afterAll(() => t.close());

const day = (offset: number) => addDays(todayIso(), offset);
let serial = 0;
const PDF_DATA_URL = `data:application/pdf;name=folge.pdf;base64,${Buffer.from('%PDF-1.4\n1 0 obj << /Type /Catalog >> endobj\ntrailer << /Root 1 0 R >>\n%%EOF\n').toString('base64')}`;
const post = async (path: string, token: string, body: unknown) => (await call(t, path, { token, method: 'POST', body })).status;

const seen = Object.fromEntries(Object.keys(VOUCHER_ACTION_COMMANDS).map((key) => [key, { accepted: 0, refused: 0 }])) as Record<
  string,
  { accepted: number; refused: number }
>;

type Probe = { key: keyof typeof VOUCHER_ACTION_COMMANDS; run: (id: number, token: string) => Promise<number> };

// Cases first (they change no amounts), then the annulation (untouched invoices only), then the
// payments in small steps.
const PROBES: Probe[] = [
  { key: 'comment', run: (id, token) => post(`/voucher/${id}/comment`, token, { comment: 'Prüfkommentar' }) },
  { key: 'setDunningBlock', run: (id, token) => post(`/sap/voucher/${id}/dunning/block`, token, { blockUntil: day(3), reason: 'Prüfung' }) },
  { key: 'cancelDunningBlock', run: (id, token) => post(`/sap/voucher/${id}/dunning/reopen`, token, {}) },
  { key: 'openDispute', run: (id, token) => post(`/sap/voucher/${id}/dunning/dispute/open`, token, { reason: 'Prüfung', disputeConfirmed: true }) },
  { key: 'closeDispute', run: (id, token) => post(`/sap/voucher/${id}/dunning/dispute/close`, token, {}) },
  { key: 'openDelay', run: (id, token) => post(`/sap/voucher/${id}/dunning/delay/open`, token, { delayConfirmed: true }) },
  { key: 'closeDelay', run: (id, token) => post(`/sap/voucher/${id}/dunning/delay/close`, token, {}) },
  { key: 'annulation', run: (id, token) => post(`/voucher/${id}/decline`, token, { reason: 'Prüfung', confirmAnnulation: true }) },
  { key: 'directPayment', run: (id, token) => post(`/voucher/${id}/direct-payment`, token, { amount: 1, paymentDate: day(0) }) },
  {
    key: 'creditAdvice',
    run: (id, token) => post(`/voucher/${id}/credit`, token, { amount: 1, creditVoucherNumber: `PRB-${Date.now() % 100000}-${++serial}`, voucherDate: day(0) }),
  },
  { key: 'abandonment', run: (id, token) => post(`/voucher/${id}/abandon`, token, { abandonRest: false, amount: 1 }) },
  // the multipart upload's JSON twin: the file as the data URL the form schema checks
  { key: 'uploadSubsequentInvoice', run: (id, token) => post(`/voucher/${id}/subsequent-invoice`, token, { files: [PDF_DATA_URL], deliveryType: 'post' }) },
];

/** Vouchers of the user's creditor in varied states: open invoices in each case and dunning state, untouched and partly balanced, closed, other types, uploads. */
async function sampleVouchers(user: string): Promise<number[]> {
  const { creditorId } = await t.db.selectFrom('appUser').select('creditorId').where('username', '=', `${user}@example.com`).executeTakeFirstOrThrow();
  const base = () => t.db.selectFrom('voucher as v').select('v.id').where('v.creditorId', '=', creditorId!).orderBy('v.id').limit(1);
  const open = ['open', 'tpf_accepted', 'tpf_in_review'];
  const picks = await Promise.all([
    base().where('v.status', 'in', open).where('v.type', '=', 'invoice').where('v.subStatus', '=', 'halt').execute(),
    base().where('v.status', 'in', open).where('v.subStatus', '=', 'customer_complaint').execute(),
    base().where('v.status', 'in', open).where('v.subStatus', '=', 'delayed').execute(),
    base().where('v.status', 'in', open).where('v.subStatus', '=', 'encashment').execute(),
    base().where('v.status', 'in', open).where('v.subStatus', 'in', ['payment_reminder', 'dunning']).execute(),
    base().where('v.status', 'in', open).where('v.paymentDeadline', '>', day(0)).where('v.leftoverAmount', '>', 0).execute(),
    base().where('v.status', 'in', open).whereRef('v.leftoverAmount', '<', 'v.amount').where('v.leftoverAmount', '>', 0).execute(),
    base().where('v.status', 'in', open).where('v.type', '=', 'permanent_debt').execute(),
    base().where('v.status', 'in', open).where('v.type', 'not in', ['invoice', 'permanent_debt', 'invoice_encashment_direct', 'epod']).execute(),
    base().where('v.status', 'in', ['closed', 'tpf_balanced']).execute(),
    base().where('v.status', '=', 'pending').execute(),
    base().where('v.requiresProcessing', '=', true).where('v.officialVoucherNumber', 'is', null).execute(),
  ]);
  return [...new Set(picks.flat().map((r) => r.id))];
}

describe('voucher permissions agree with what the voucher commands accept', () => {
  it('probes every voucher action', () => {
    expect(PROBES.map((p) => p.key).sort()).toEqual(Object.keys(VOUCHER_ACTION_COMMANDS).sort());
  });

  it.each(USERS)('for %s', async (user) => {
    const token = tokens[user];
    const disagreements: string[] = [];
    let accepted = 0;
    let refused = 0;
    const vouchers = await sampleVouchers(user);
    expect(vouchers.length).toBeGreaterThan(5);
    for (const id of vouchers) {
      for (const probe of PROBES) {
        const flags = (await call(t, `/voucher/${id}/permissions`, { token })).body;
        const detail = (await call(t, `/voucher/show/${id}`, { token })).body;
        expect(detail.permissions, `detail and permissions of voucher ${id}`).toEqual(flags);
        const status = await probe.run(id, token);
        expect(status, `${probe.key} on voucher ${id}`).toBeLessThan(500);
        if (flags[probe.key] !== (status === 200)) disagreements.push(`voucher ${id} ${probe.key}: flag ${flags[probe.key]}, answer ${status}`);
        if (status === 200) accepted++;
        else refused++;
        seen[probe.key][status === 200 ? 'accepted' : 'refused']++;
      }
    }
    expect(disagreements).toEqual([]);
    expect(refused).toBeGreaterThan(0);
    // the observer may change nothing; everyone else (blocked creditors too: running cases) something
    if (user === 'observer') expect(accepted).toBe(0);
    else expect(accepted).toBeGreaterThan(0);
    // a dozen vouchers × every action, twice read: slow on the embedded database of a busy machine
  }, 180_000);

  it('exercised both answers of every action', () => {
    const oneSided = Object.entries(seen).filter(([, n]) => n.accepted === 0 || n.refused === 0);
    expect(oneSided).toEqual([]);
  });
});
