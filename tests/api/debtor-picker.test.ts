import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type TestApp, buildTestApp, loginAs } from '../helpers/app';
import { call } from '../helpers/commands';

// GET /api/debtor/picker (routes/debtors/debtor-picker.routes.ts): the upload dialog's debtor and
// location pickers search the caller's own ACTIVE customers on the server — name, own customer
// number, postcode, city; at most 50; another creditor's debtors never appear.

let t: TestApp;
const tokens: Record<string, string> = {};
const USERS = ['creditor', 'creditor2', 'observer', 'assistant', 'creditor-tpf', 'admin', 'support'];

async function creditorOf(username: string) {
  const user = await t.db.selectFrom('appUser').select(['id', 'creditorId']).where('username', '=', username).executeTakeFirstOrThrow();
  return { userId: user.id, creditorId: user.creditorId! };
}

/** A debtor with its locations, written straight into the database (status per row). */
async function debtor(creditorId: number, name: string, status: string, locations: { name: string; number?: string; city: string; status?: string }[]) {
  const now = new Date();
  const { id } = await t.db
    .insertInto('debtor')
    .values({ creditorId, identifier: `PK-${name}`, name, debtorType: 'business', status, approvedLimit: 0, availableLimit: 0, createdAt: now, updatedAt: now })
    .returning('id')
    .executeTakeFirstOrThrow();
  const ids: number[] = [];
  for (const [i, l] of locations.entries()) {
    const row = await t.db
      .insertInto('location')
      .values({
        creditorId,
        debtorId: id,
        identifier: `PK-${name}-${i}`,
        name: l.name,
        customDebtorNumber: l.number ?? null,
        status: l.status ?? 'active',
        deliveryType: 'post',
        addressName: name,
        street: 'Hafenstraße',
        house: String(i + 1),
        zip: '24103',
        city: l.city,
        createdAt: now,
        updatedAt: now,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    ids.push(row.id);
  }
  return { id, locations: ids };
}

const pick = (token: string, query: string) => call(t, `/debtor/picker${query}`, { token });
const names = (body: { name: string }[]) => body.map((d) => d.name);

let own: { id: number; locations: number[] };
let inactive: { id: number; locations: number[] };
let foreign: { id: number; locations: number[] };

beforeAll(async () => {
  t = await buildTestApp();
  for (const user of USERS) tokens[user] = await loginAs(t.app, `${user}@example.com`);
  const mine = await creditorOf('creditor@example.com');
  const theirs = await creditorOf('creditor2@example.com');
  own = await debtor(mine.creditorId, 'Quokka Feinkost GmbH', 'active', [
    { name: 'Quokka Zentrale', number: 'QK-4711', city: 'Kiel' },
    { name: 'Quokka Lager', number: 'QK-4712', city: 'Flensburg' },
    { name: 'Quokka Altlager', number: 'QK-4713', city: 'Husum', status: 'inactive' },
  ]);
  await debtor(mine.creditorId, 'Quokka Reaktiviert KG', 'reactivated', [{ name: 'Reaktiviert', city: 'Lübeck' }]);
  inactive = await debtor(mine.creditorId, 'Quokka Geschlossen AG', 'inactive', [{ name: 'Zu', city: 'Kiel', status: 'inactive' }]);
  foreign = await debtor(theirs.creditorId, 'Quokka Fremd GmbH', 'active', [{ name: 'Fremd', number: 'QK-9999', city: 'Kiel' }]);
});
afterAll(() => t.close());

describe('GET /debtor/picker', () => {
  it('finds own active customers by name, own customer number and city, with their active locations', async () => {
    const byName = await pick(tokens.creditor, '?search=quokka');
    expect(byName.status, JSON.stringify(byName.body)).toBe(200);
    expect(names(byName.body)).toEqual(['Quokka Feinkost GmbH', 'Quokka Reaktiviert KG']);
    const feinkost = byName.body[0];
    expect(feinkost).toMatchObject({ id: own.id, identifier: 'PK-Quokka Feinkost GmbH' });
    // the inactive location is not offered
    expect(feinkost.locations).toEqual([
      { id: own.locations[0], name: 'Quokka Zentrale', customNumber: 'QK-4711', street: 'Hafenstraße', house: '1', zip: '24103', city: 'Kiel' },
      { id: own.locations[1], name: 'Quokka Lager', customNumber: 'QK-4712', street: 'Hafenstraße', house: '2', zip: '24103', city: 'Flensburg' },
    ]);
    expect(names((await pick(tokens.creditor, '?search=qk-4712')).body)).toEqual(['Quokka Feinkost GmbH']);
    expect(names((await pick(tokens.creditor, '?search=FLENSBURG')).body)).toContain('Quokka Feinkost GmbH');
    // every word must match: name and city together
    expect(names((await pick(tokens.creditor, '?search=quokka%20l%C3%BCbeck')).body)).toEqual(['Quokka Reaktiviert KG']);
    // a location that is inactive is not searched either
    expect(names((await pick(tokens.creditor, '?search=QK-4713')).body)).toEqual([]);
    // LIKE wildcards are text
    expect((await pick(tokens.creditor, '?search=%25')).body).toEqual([]);
  });

  it('answers one debtor by id (the prefilled choice) — only an own active one', async () => {
    expect(names((await pick(tokens.creditor, `?id=${own.id}`)).body)).toEqual(['Quokka Feinkost GmbH']);
    expect((await pick(tokens.creditor, `?id=${inactive.id}`)).body).toEqual([]);
    expect((await pick(tokens.creditor, `?id=${foreign.id}`)).body).toEqual([]);
  });

  it('never shows another creditor’s debtors', async () => {
    const theirs = await pick(tokens.creditor2, '?search=quokka');
    expect(theirs.status).toBe(200);
    expect(names(theirs.body)).toEqual(['Quokka Fremd GmbH']);
    expect(names((await pick(tokens.creditor, '?search=QK-9999')).body)).toEqual([]);
  });

  it('answers at most 50, sorted by name', async () => {
    const all = await pick(tokens.creditor, '');
    expect(all.status).toBe(200);
    expect(all.body.length).toBeGreaterThan(0);
    expect(all.body.length).toBeLessThanOrEqual(50);
    const sorted = [...names(all.body)].sort((a, b) => (a < b ? -1 : a > b ? 1 : 0));
    expect(names(all.body)).toEqual(sorted);
  });

  it('is for creditor users who may upload: observer, the freight variant and admins without impersonation are refused', async () => {
    expect((await pick(tokens.assistant, '?search=quokka')).status).toBe(200);
    for (const user of ['observer', 'creditor-tpf', 'admin']) {
      const answer = await pick(tokens[user], '?search=quokka');
      expect(answer.status, user).toBe(403);
    }
    expect((await pick(tokens.creditor, `?search=${'x'.repeat(101)}`)).status).toBe(400);
  });

  it('serves an admin impersonating the creditor user (impersonate_user: admin, not support) that creditor’s customers', async () => {
    const user = await creditorOf('creditor@example.com');
    const switched = await call(t, `/user-management/user/${user.userId}/switch`, { token: tokens.admin });
    expect(switched.status, JSON.stringify(switched.body)).toBe(200);
    const answer = await pick(switched.body.token, '?search=quokka');
    expect(answer.status).toBe(200);
    expect(names(answer.body)).toEqual(['Quokka Feinkost GmbH', 'Quokka Reaktiviert KG']);
  });
});
