import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type TestApp, buildTestApp, loginAs } from '../helpers/app';
import { call } from '../helpers/commands';

// The permissions answers (GET /debtor/{id}/permissions, /location/{id}/permissions) must say
// exactly what the commands accept: for users of every kind and debtors and locations in many
// states, each flag is read right before its command is tried, and the two must agree.

let t: TestApp;
const tokens: Record<string, string> = {};
const USERS = ['creditor', 'management', 'assistant', 'observer', 'blocked', 'terminated', 'creditor-tpf'];

beforeAll(async () => {
  t = await buildTestApp();
  for (const user of USERS) tokens[user] = await loginAs(t.app, `${user}@example.com`);
});
afterAll(() => t.close());

type Debtor = Record<string, any>;
type Probe = { key: string; run: (d: Debtor, token: string) => Promise<number> };

const post = async (path: string, token: string, body?: unknown, method: 'POST' | 'GET' | 'DELETE' = 'POST') =>
  (await call(t, path, { token, method, body })).status;

const DEBTOR_PROBES: Probe[] = [
  {
    key: 'update_debtor_data',
    run: (d, token) =>
      post(`/debtor/update/${d.id}`, token, d.debtorType === 'customer'
        ? { debtorType: 'customer', firstName: d.firstName ?? 'Eva', lastName: d.lastName ?? 'Muster' }
        : { debtorType: 'business', name: d.name }),
  },
  {
    key: 'update_payment_data',
    run: (d, token) =>
      post(`/debtor/update/${d.id}`, token, {
        paymentMethod: 'direct_debit_mandate',
        accountOwner: d.name.slice(0, 70),
        iban: 'DE89370400440532013000',
        city: 'Köln',
        date: '2026-10-01',
        referenceNumber: `M-${d.id}`,
        sepaMandateAvailable: true,
      }),
  },
  { key: 'debtor_limit_increase', run: (d, token) => post(`/sap/debtor/${d.id}/increase-limit`, token, { desiredLimit: 1_000_000 }) },
  { key: 'debtor_limit_refresh', run: (d, token) => post(`/debtor/${d.id}/limit-refresh`, token) },
  { key: 'determine_solvency', run: (d, token) => post(`/debtor/${d.id}/determine-solvency`, token, undefined, 'GET') },
  {
    key: 'add_address',
    run: (d, token) =>
      post(`/debtor/${d.id}/add-location`, token, { name: 'Filiale Nord', street: 'Nordstraße', house: '1', zip: '24103', city: 'Kiel', deliveryType: 'post' }),
  },
  { key: 'remove_sepa_mandate', run: (d, token) => post(`/debtor/${d.id}/sepa-mandate`, token, undefined, 'DELETE') },
  { key: 'activate_debtor', run: (d, token) => post(`/debtor/${d.id}/deactivate`, token, undefined, 'GET') },
];

const LOCATION_PROBES: Probe[] = [
  {
    key: 'update_location_data',
    run: (l, token) =>
      post(`/location/update/${l.id}`, token, {
        name: l.name,
        street: l.address?.street ?? 'Weg',
        house: l.address?.house || '1',
        zip: l.address?.zip ?? '50667',
        city: l.address?.city ?? 'Köln',
        deliveryType: 'post',
      }),
  },
  { key: 'add_post_address', run: (l, token) => post(`/location/${l.id}/post-address`, token, { name: 'Post', poBox: '4711', zip: '50667', city: 'Köln' }) },
  { key: 'delete_post_address', run: (l, token) => post(`/location/${l.id}/post-address`, token, undefined, 'DELETE') },
  {
    key: 'activate_location',
    run: (l, token) => post(`/location/${l.id}/${['active', 'reactivated'].includes(l.status) ? 'deactivate' : 'activate'}`, token, undefined, 'GET'),
  },
];

/** Debtors of the user's creditor in varied states: first ones by id plus each kind of special case. */
async function sampleDebtors(user: string): Promise<number[]> {
  const { creditorId } = await t.db.selectFrom('appUser').select('creditorId').where('username', '=', `${user}@example.com`).executeTakeFirstOrThrow();
  const base = t.db.selectFrom('debtor as d').select('d.id').where('d.creditorId', '=', creditorId!);
  const picks = await Promise.all([
    base.orderBy('d.id').limit(2).execute(),
    base.where('d.status', '=', 'inactive').limit(1).execute(),
    base.where('d.sepaIban', 'is not', null).orderBy('d.id', 'desc').limit(2).execute(),
    base.where('d.limitRequestActive', '=', true).limit(1).execute(),
    base.where('d.limitExpiredDate', '<', new Date(Date.now() + 60 * 86_400_000)).limit(1).execute(),
  ]);
  return [...new Set(picks.flat().map((r) => r.id))];
}

describe('permissions answers agree with what the commands accept', () => {
  it.each(USERS)('for %s', async (user) => {
    const token = tokens[user];
    const disagreements: string[] = [];
    let accepted = 0;
    let refused = 0;
    for (const id of await sampleDebtors(user)) {
      for (const probe of DEBTOR_PROBES) {
        const flags = (await call(t, `/debtor/${id}/permissions`, { token })).body;
        if (!flags || typeof flags[probe.key] !== 'boolean') continue; // the role may not read debtors at all
        const debtor = (await call(t, `/debtor/show/${id}`, { token })).body;
        const status = await probe.run(debtor, token);
        expect(status, `${probe.key} on debtor ${id}`).toBeLessThan(500);
        if (flags[probe.key] !== (status === 200)) disagreements.push(`debtor ${id} ${probe.key}: flag ${flags[probe.key]}, answer ${status}`);
        if (status === 200) accepted++;
        else refused++;
      }
      const debtor = (await call(t, `/debtor/show/${id}`, { token })).body;
      for (const location of (debtor?.locations ?? []).slice(0, 2)) {
        for (const probe of LOCATION_PROBES) {
          const flags = (await call(t, `/location/${location.id}/permissions`, { token })).body;
          const current = (await call(t, `/debtor/${id}/location/${location.id}`, { token })).body;
          const status = await probe.run(current, token);
          expect(status, `${probe.key} on location ${location.id}`).toBeLessThan(500);
          if (flags[probe.key] !== (status === 200)) disagreements.push(`location ${location.id} ${probe.key}: flag ${flags[probe.key]}, answer ${status}`);
          if (status === 200) accepted++;
          else refused++;
        }
      }
    }
    expect(disagreements).toEqual([]);
    // both sides are exercised: every user meets refusals (wrong states, active permanent debts …)
    expect(refused).toBeGreaterThan(0);
    // the observer and the blocked creditor may change nothing; the others must have changed something
    if (['observer'].includes(user)) expect(accepted).toBe(0);
    else if (user !== 'blocked') expect(accepted).toBeGreaterThan(0);
  });
});
