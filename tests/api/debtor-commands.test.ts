import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { type Adapters, createAdapters } from '../../src/server/adapters';
import { type TestApp, buildTestApp, loginAs } from '../helpers/app';
import { call, refusedUnchanged } from '../helpers/commands';

// Every debtor and location command of schema/commands/debtors.yaml through the one pipeline:
// visible effect (read back through the GET calls), history and action log, and every guard
// answering its 4xx with the database unchanged. Runs on PGlite and on PostgreSQL.

let t: TestApp;
const tokens: Record<string, string> = {};
let creditorId: number;

beforeAll(async () => {
  t = await buildTestApp();
  for (const user of ['creditor', 'creditor2', 'observer', 'assistant', 'blocked', 'terminated', 'admin']) {
    tokens[user] = await loginAs(t.app, `${user}@example.com`);
  }
  creditorId = (await t.db.selectFrom('appUser').select('creditorId').where('username', '=', 'creditor@example.com').executeTakeFirstOrThrow()).creditorId!;
});
afterAll(() => t.close());

const as = (user: string) => ({ token: tokens[user] });
const newCustomer = (overrides: Record<string, unknown> = {}) => ({
  debtorType: 'business',
  // ID_0: the local credit agency finds nothing against it (src/server/adapters/README.md), so every answer is green
  name: `Prüfbau GmbH ${Math.random().toString(36).slice(2, 8)} ID_0`,
  street: 'Am Sandtorkai',
  house: '5',
  zip: '20457',
  city: 'Hamburg',
  deliveryType: 'post',
  ...overrides,
});

async function creditorIdOf(username: string) {
  const row = await t.db.selectFrom('appUser').select('creditorId').where('username', '=', username).executeTakeFirstOrThrow();
  return row.creditorId!;
}

/** A fresh debtor of `user`'s creditor made through the two commands; answers its ids. */
async function createCustomer(user = 'creditor', overrides: Record<string, unknown> = {}) {
  const body = newCustomer(overrides);
  const check = await call(t, '/csp/debtor', { ...as(user), method: 'POST', body });
  expect(check.status, JSON.stringify(check.body)).toBe(200);
  const created = await call(t, '/debtor/create', { ...as(user), method: 'POST', body });
  expect(created.status, JSON.stringify(created.body)).toBe(200);
  return { ...(created.body as { debtorId: number; locationId: number }), body, check: check.body };
}

const show = async (id: number, user = 'creditor') => (await call(t, `/debtor/show/${id}`, as(user))).body;
const history = async (id: number) => (await call(t, `/debtor/${id}/history/list`, as('creditor'))).body as any[];
const actionLog = (type: string) =>
  t.db.selectFrom('actionLogEntry').selectAll().where('actionType', '=', type).where('creditorId', '=', creditorId).orderBy('id', 'desc').execute();

describe('the command table', () => {
  it('puts every command into the OpenAPI document with its body and path id', async () => {
    const doc = (await t.app.inject({ url: '/api/openapi.json' })).json();
    expect(doc.paths['/api/csp/debtor'].post.requestBody.content['application/json'].schema.required).toContain('street');
    expect(doc.paths['/api/debtor/{id}/deactivate'].get.parameters[0]).toMatchObject({ name: 'id', in: 'path' });
    expect(doc.paths['/api/location/{id}/post-address'].delete).toBeDefined();
  });
});

describe('creating a customer: ident check, then create', () => {
  it('checks, stores the answer, creates debtor and location from it and resolves it', async () => {
    const { debtorId, locationId, body, check } = await createCustomer();
    expect(check.newDebtorLimit).toBeGreaterThanOrEqual(0);
    expect(['green', 'yellow', 'red']).toContain(check.newDebtorLimitColor);
    expect(Array.isArray(check.reasonCodes)).toBe(true);
    const debtor = await show(debtorId);
    expect(debtor.name).toBe(body.name);
    expect(debtor.status).toBe('active');
    expect(debtor.businessRelationship.approvedLimit).toBe(check.newDebtorLimit);
    expect(debtor.locations.map((l: any) => l.id)).toEqual([locationId]);
    expect((await history(debtorId)).map((h) => h.title)).toContain('Kunde angelegt');
    expect((await actionLog('debtor_ident_check'))[0].payload).toMatchObject({ color: check.newDebtorLimitColor });
    const created = (await actionLog('debtor_create'))[0];
    expect(created.debtorIdentifier).toBe(debtor.identifier);
    expect(created.userEmail).toBe('creditor@example.com');
    const decision = await t.db.selectFrom('pendingDebtorDecision').selectAll().where('id', '=', check.id).executeTakeFirstOrThrow();
    expect(decision.resolvedAt).not.toBeNull();
    expect(decision.debtorId).toBe(debtorId);
  });

  it('a private customer is named first plus last name', async () => {
    const { debtorId } = await createCustomer('creditor', { debtorType: 'customer', name: undefined, firstName: 'Erika', lastName: `Muster${Date.now() % 1000}` });
    const debtor = await show(debtorId);
    expect(debtor.name).toMatch(/^Erika Muster/);
    expect(debtor.debtorType).toBe('customer');
  });

  it('refuses creating without a fitting ident check, and the check is used once', async () => {
    const body = newCustomer();
    const refused = await refusedUnchanged(t, () => call(t, '/debtor/create', { ...as('creditor'), method: 'POST', body }));
    expect(refused).toMatchObject({ status: 409, unchanged: true, body: { code: 'debtors.addDebtorError', reason: 'debtors.identCheckRequired' } });
    expect(refused.body.message).toMatch(/erneut/);
    await call(t, '/csp/debtor', { ...as('creditor'), method: 'POST', body });
    // changed data after the check: no answer fits
    const changed = await call(t, '/debtor/create', { ...as('creditor'), method: 'POST', body: { ...body, zip: '20095' } });
    expect(changed.status).toBe(409);
    expect((await call(t, '/debtor/create', { ...as('creditor'), method: 'POST', body })).status).toBe(200);
    const again = await refusedUnchanged(t, () => call(t, '/debtor/create', { ...as('creditor'), method: 'POST', body }));
    expect(again).toMatchObject({ status: 409, unchanged: true });
  });

  it('refuses a custom debtor number already in use', async () => {
    const taken = await t.db.selectFrom('location').select('customDebtorNumber').where('creditorId', '=', creditorId).where('customDebtorNumber', 'is not', null).executeTakeFirstOrThrow();
    const refused = await refusedUnchanged(t, () =>
      call(t, '/csp/debtor', { ...as('creditor'), method: 'POST', body: newCustomer({ customDebtorNumber: taken.customDebtorNumber }) }),
    );
    expect(refused).toMatchObject({ status: 409, unchanged: true, body: { reason: 'debtors.customDebtorNumberTaken' } });
  });

  it('validates the body with the form rules (400, nothing written)', async () => {
    const refused = await refusedUnchanged(t, () => call(t, '/csp/debtor', { ...as('creditor'), method: 'POST', body: newCustomer({ zip: '2045' }) }));
    expect(refused).toMatchObject({ status: 400, unchanged: true, body: { code: 'validationError', field: 'body/zip' } });
  });

  it.each([
    ['observer', 403, 'forbidden'],
    ['blocked', 403, 'creditorStatus.actionNotAllowed'],
    ['terminated', 403, 'creditorStatus.actionNotAllowed'],
    ['admin', 403, 'forbidden'],
  ])('refuses %s (%i %s) with nothing changed', async (user, status, reason) => {
    const refused = await refusedUnchanged(t, () => call(t, '/csp/debtor', { ...as(user), method: 'POST', body: newCustomer() }));
    expect(refused).toMatchObject({ status, unchanged: true, body: { reason } });
  });

  it('the assistant may create customers', async () => {
    const { debtorId } = await createCustomer('assistant');
    expect((await show(debtorId)).status).toBe('active');
  });
});

describe('editing a customer', () => {
  it('changes the name, keeps the rest, and records history and action log', async () => {
    const { debtorId } = await createCustomer();
    const answer = await call(t, `/debtor/update/${debtorId}`, { ...as('creditor'), method: 'POST', body: { debtorType: 'business', name: 'Umbenannt AG' } });
    expect(answer).toMatchObject({ status: 200, body: { success: true, message: 'Die Änderungen wurden gespeichert.' } });
    const debtor = await show(debtorId);
    expect(debtor.name).toBe('Umbenannt AG');
    expect(debtor.locations).toHaveLength(1);
    const entry = (await history(debtorId))[0];
    expect(entry).toMatchObject({ title: 'Stammdaten geändert', userEmail: 'creditor@example.com' });
    expect(entry.text).toContain('Umbenannt AG');
    expect((await actionLog('debtor_update'))[0].debtorIdentifier).toBe(debtor.identifier);
  });

  it('another creditor\'s debtor is not found, and nothing changes', async () => {
    const { debtorId } = await createCustomer();
    const refused = await refusedUnchanged(t, () =>
      call(t, `/debtor/update/${debtorId}`, { ...as('creditor2'), method: 'POST', body: { debtorType: 'business', name: 'Fremd' } }),
    );
    expect(refused).toMatchObject({ status: 404, unchanged: true, body: { code: 'changesNotSaved', reason: 'notFound' } });
  });

  it('a blocked creditor may not edit customers; a terminated one may', async () => {
    const blockedDebtor = await t.db.selectFrom('debtor').select('id').where('creditorId', '=', await creditorIdOf('blocked@example.com')).where('status', '=', 'active').executeTakeFirstOrThrow();
    const refused = await refusedUnchanged(t, () =>
      call(t, `/debtor/update/${blockedDebtor.id}`, { ...as('blocked'), method: 'POST', body: { debtorType: 'business', name: 'X' } }),
    );
    expect(refused).toMatchObject({ status: 403, unchanged: true, body: { reason: 'creditorStatus.actionNotAllowed' } });
    const terminatedDebtor = await t.db.selectFrom('debtor').select(['id', 'debtorType', 'firstName', 'lastName']).where('creditorId', '=', await creditorIdOf('terminated@example.com')).where('status', '=', 'active').where('debtorType', '=', 'business').executeTakeFirstOrThrow();
    const ok = await call(t, `/debtor/update/${terminatedDebtor.id}`, { ...as('terminated'), method: 'POST', body: { debtorType: 'business', name: 'Gekündigt OK GmbH' } });
    expect(ok.status).toBe(200);
  });

  it('an observer has no actions', async () => {
    const { debtorId } = await createCustomer();
    const refused = await refusedUnchanged(t, () => call(t, `/debtor/update/${debtorId}`, { ...as('observer'), method: 'POST', body: { debtorType: 'business', name: 'X' } }));
    expect(refused).toMatchObject({ status: 403, unchanged: true });
  });
});

describe('the VAT id (USt-IdNr.)', () => {
  it('is stored compact and upper case on create, shown in the detail, and changed by an edit with history', async () => {
    const { debtorId } = await createCustomer('creditor', { vatId: 'de 811.907-980' });
    expect((await show(debtorId)).vatId).toBe('DE811907980');
    const row = await t.db.selectFrom('debtor').select('vatId').where('id', '=', debtorId).executeTakeFirstOrThrow();
    expect(row.vatId).toBe('DE811907980');

    const name = (await show(debtorId)).name;
    const edited = await call(t, `/debtor/update/${debtorId}`, { ...as('creditor'), method: 'POST', body: { debtorType: 'business', name, vatId: 'ATU12345678' } });
    expect(edited.status, JSON.stringify(edited.body)).toBe(200);
    expect((await show(debtorId)).vatId).toBe('ATU12345678');
    expect((await history(debtorId))[0].text).toContain('USt-IdNr.: DE811907980 → ATU12345678');
    // an edit without it keeps it
    await call(t, `/debtor/update/${debtorId}`, { ...as('creditor'), method: 'POST', body: { debtorType: 'business', name: 'Ohne USt AG' } });
    expect((await show(debtorId)).vatId).toBe('ATU12345678');
  });

  it('refuses a malformed VAT id with 400 and the message key, nothing written', async () => {
    for (const vatId of ['DE12345678', '123456789', 'DE1234567890', 'DE/123456789']) {
      const check = await refusedUnchanged(t, () => call(t, '/csp/debtor', { ...as('creditor'), method: 'POST', body: newCustomer({ vatId }) }));
      expect(check, vatId).toMatchObject({ status: 400, unchanged: true, body: { code: 'validationError', field: 'body/vatId' } });
      expect(JSON.stringify(check.body), vatId).toMatch(/validation\.vatId|USt-IdNr/);
    }
    const { debtorId } = await createCustomer('creditor', { vatId: 'DE811907980' });
    const edit = await refusedUnchanged(t, () =>
      call(t, `/debtor/update/${debtorId}`, { ...as('creditor'), method: 'POST', body: { debtorType: 'business', name: 'X AG', vatId: 'DE81190798' } }),
    );
    expect(edit).toMatchObject({ status: 400, unchanged: true, body: { code: 'validationError', field: 'body/vatId' } });
    expect(JSON.stringify(edit.body)).toMatch(/validation\.vatId|USt-IdNr/);
    expect((await show(debtorId)).vatId).toBe('DE811907980');
  });
});

describe('payment data and SEPA mandate', () => {
  const mandate = { paymentMethod: 'direct_debit_mandate', accountOwner: 'Prüfbau GmbH', iban: 'DE89 3704 0044 0532 0130 00', city: 'Hamburg', date: '2026-11-01', referenceNumber: 'MANDAT-1', sepaMandateAvailable: true };

  it('sets a mandate through /debtor/update (selected by paymentMethod) and removes it again', async () => {
    const { debtorId } = await createCustomer();
    const set = await call(t, `/debtor/update/${debtorId}`, { ...as('creditor'), method: 'POST', body: mandate });
    expect(set.status, JSON.stringify(set.body)).toBe(200);
    let debtor = await show(debtorId);
    expect(debtor.paymentMethod).toBe('direct_debit_mandate');
    expect(debtor.sepaMandate).toMatchObject({ iban: 'DE89370400440532013000', referenceNumber: 'MANDAT-1', accountOwner: 'Prüfbau GmbH' });
    expect((await history(debtorId))[0].title).toBe('Zahlungsdaten geändert');
    expect(JSON.stringify((await actionLog('debtor_payment_data_update'))[0].payload)).not.toContain('0532013000');
    const removed = await call(t, `/debtor/${debtorId}/sepa-mandate`, { ...as('creditor'), method: 'DELETE' });
    expect(removed.status).toBe(200);
    debtor = await show(debtorId);
    expect(debtor.paymentMethod).toBe('bank_transfer');
    expect(debtor.sepaMandate?.iban ?? null).toBeNull();
    const again = await refusedUnchanged(t, () => call(t, `/debtor/${debtorId}/sepa-mandate`, { ...as('creditor'), method: 'DELETE' }));
    expect(again).toMatchObject({ status: 409, unchanged: true, body: { reason: 'commands.wrongState' } });
  });

  it('an IBAN of another SEPA country is taken (issue 28: an Austrian debtor), checked by its country’s length and checksum', async () => {
    const { debtorId } = await createCustomer();
    const austrian = await call(t, `/debtor/update/${debtorId}`, { ...as('creditor'), method: 'POST', body: { ...mandate, iban: 'at61 1904 3002 3457 3201' } });
    expect(austrian.status, JSON.stringify(austrian.body)).toBe(200);
    expect((await show(debtorId)).sepaMandate).toMatchObject({ iban: 'AT611904300234573201' });
    for (const iban of ['AT611904300234573202', 'AT6119043002345732011', 'BR1500000000000010932840814P2']) {
      const refused = await refusedUnchanged(t, () => call(t, `/debtor/update/${debtorId}`, { ...as('creditor'), method: 'POST', body: { ...mandate, iban } }));
      expect(refused, iban).toMatchObject({ status: 400, unchanged: true, body: { field: 'body/iban', message: 'Bitte geben Sie eine gültige IBAN eines SEPA-Landes ein.' } });
    }
  });

  it('a missing tick is a validation error', async () => {
    const { debtorId } = await createCustomer();
    const unticked = await refusedUnchanged(t, () => call(t, `/debtor/update/${debtorId}`, { ...as('creditor'), method: 'POST', body: { ...mandate, sepaMandateAvailable: false } }));
    expect(unticked).toMatchObject({ status: 400, unchanged: true });
  });

  it('the mandate of a debtor with active permanent debts cannot be removed, nor the debtor deactivated', async () => {
    const row = await t.db
      .selectFrom('debtor as d')
      .select('d.id')
      .where('d.creditorId', '=', creditorId)
      .where('d.sepaIban', 'is not', null)
      .where('d.status', '=', 'active')
      .where((eb) => eb.exists(eb.selectFrom('permanentDebt as p').select('p.id').whereRef('p.debtorId', '=', 'd.id').where('p.status', 'in', ['created', 'active'])))
      .executeTakeFirstOrThrow();
    const remove = await refusedUnchanged(t, () => call(t, `/debtor/${row.id}/sepa-mandate`, { ...as('creditor'), method: 'DELETE' }));
    expect(remove).toMatchObject({ status: 409, unchanged: true, body: { reason: 'debtors.sepaMandateDeleteBlocked' } });
    const transfer = await refusedUnchanged(t, () => call(t, `/debtor/update/${row.id}`, { ...as('creditor'), method: 'POST', body: { paymentMethod: 'bank_transfer' } }));
    expect(transfer).toMatchObject({ status: 409, unchanged: true, body: { reason: 'debtors.sepaMandateDeleteBlocked' } });
    const deactivate = await refusedUnchanged(t, () => call(t, `/debtor/${row.id}/deactivate`, as('creditor')));
    expect(deactivate).toMatchObject({ status: 409, unchanged: true, body: { reason: 'debtors.deactivationBlocked' } });
    const permissions = (await call(t, `/debtor/${row.id}/permissions`, as('creditor'))).body;
    expect(permissions).toMatchObject({ remove_sepa_mandate: false, activate_debtor: false });
  });
});

describe('activating and deactivating', () => {
  it('deactivating a debtor deactivates its locations; reactivation only through support', async () => {
    const { debtorId } = await createCustomer();
    expect((await call(t, `/debtor/${debtorId}/permissions`, as('creditor'))).body.activate_debtor).toBe(true);
    const answer = await call(t, `/debtor/${debtorId}/deactivate`, as('creditor'));
    expect(answer.status).toBe(200);
    const debtor = await show(debtorId);
    expect(debtor.status).toBe('inactive');
    expect(debtor.locations.every((l: any) => l.status === 'inactive')).toBe(true);
    expect((await history(debtorId))[0].title).toBe('Kunde deaktiviert');
    const twice = await refusedUnchanged(t, () => call(t, `/debtor/${debtorId}/deactivate`, as('creditor')));
    expect(twice).toMatchObject({ status: 409, unchanged: true, body: { reason: 'commands.wrongState' } });
    const byCreditor = await refusedUnchanged(t, () => call(t, `/debtor/${debtorId}/activate`, as('creditor')));
    expect(byCreditor).toMatchObject({ status: 403, unchanged: true, body: { reason: 'debtors.reactivationViaSupport' } });
    expect(byCreditor.body.message).toMatch(/Kundenservice/);
    // a product administrator acts within the own product only: another product's debtor is not found
    const tpfAdmin = await loginAs(t.app, 'productadmin-tpf@example.com');
    const otherProduct = await refusedUnchanged(t, () => call(t, `/debtor/${debtorId}/activate`, { token: tpfAdmin }));
    expect(otherProduct).toMatchObject({ status: 404, unchanged: true });
    const bySupport = await call(t, `/debtor/${debtorId}/activate`, as('admin'));
    expect(bySupport.status, JSON.stringify(bySupport.body)).toBe(200);
    expect((await show(debtorId)).status).toBe('reactivated');
    const logged = (await actionLog('debtor_activate'))[0];
    expect(logged.adminEmail).toBe('admin@example.com');
  });

  it('locations: add, edit, e-mail, post address, deactivate; the last one takes the debtor along', async () => {
    const { debtorId, locationId } = await createCustomer();
    const added = await call(t, `/debtor/${debtorId}/add-location`, {
      ...as('creditor'),
      method: 'POST',
      body: { name: 'Lager Süd', street: 'Hafenstraße', house: '7', zip: '28195', city: 'Bremen', deliveryType: 'email', email: 'lager@pruefbau.example' },
    });
    expect(added.status, JSON.stringify(added.body)).toBe(200);
    const second = added.body.locationId as number;
    let debtor = await show(debtorId);
    expect(debtor.locations.map((l: any) => l.name)).toContain('Lager Süd');

    const edited = await call(t, `/location/update/${second}`, {
      ...as('creditor'),
      method: 'POST',
      body: { name: 'Lager Süd-West', street: 'Hafenstraße', house: '9', zip: '28195', city: 'Bremen', deliveryType: 'post' },
    });
    expect(edited.status).toBe(200);
    const location = (await call(t, `/debtor/${debtorId}/location/${second}`, as('creditor'))).body;
    expect(location).toMatchObject({ name: 'Lager Süd-West', deliveryType: 'post', address: { house: '9' } });
    // the invoice e-mail is kept for later when delivery switches to post (an edit never blanks)
    expect(location.email).toBe('lager@pruefbau.example');

    expect((await call(t, `/location/${second}/email-address`, { ...as('creditor'), method: 'POST', body: { email: 'neu@pruefbau.example' } })).status).toBe(200);
    const incomplete = await refusedUnchanged(t, () =>
      call(t, `/location/${second}/post-address`, { ...as('creditor'), method: 'POST', body: { name: 'Prüfbau', zip: '28195', city: 'Bremen' } }),
    );
    expect(incomplete).toMatchObject({ status: 400, unchanged: true, body: { reason: 'addresses.postAddressIncomplete' } });
    expect((await call(t, `/location/${second}/post-address`, { ...as('creditor'), method: 'POST', body: { name: 'Prüfbau', poBox: '1234', zip: '28195', city: 'Bremen' } })).status).toBe(200);
    let detail = (await call(t, `/debtor/${debtorId}/location/${second}`, as('creditor'))).body;
    expect(detail.email).toBe('neu@pruefbau.example');
    expect(detail.postAddress).toMatchObject({ poBox: '1234', zip: '28195' });
    expect((await call(t, `/location/${second}/permissions`, as('creditor'))).body.delete_post_address ?? true).toBe(true);
    expect((await call(t, `/location/${second}/post-address`, { ...as('creditor'), method: 'DELETE' })).status).toBe(200);
    detail = (await call(t, `/debtor/${debtorId}/location/${second}`, as('creditor'))).body;
    expect(detail.postAddress ?? null).toBeNull();

    expect((await call(t, `/location/${second}/deactivate`, as('creditor'))).status).toBe(200);
    debtor = await show(debtorId);
    expect(debtor.status).toBe('active');
    expect((await call(t, `/location/${second}/activate`, as('creditor'))).status).toBe(200);
    expect((await call(t, `/location/${second}/deactivate`, as('creditor'))).status).toBe(200);
    expect((await call(t, `/location/${locationId}/deactivate`, as('creditor'))).status).toBe(200);
    debtor = await show(debtorId);
    expect(debtor.status).toBe('inactive');
    const frozen = await refusedUnchanged(t, () => call(t, `/location/${locationId}/activate`, as('creditor')));
    expect(frozen).toMatchObject({ status: 409, unchanged: true, body: { reason: 'debtors.debtorInactive' } });
    const titles = (await history(debtorId)).map((h) => h.title);
    for (const title of ['Standort hinzugefügt', 'Standort geändert', 'E-Mail-Adresse geändert', 'Postanschrift gespeichert', 'Postanschrift gelöscht', 'Standort deaktiviert', 'Standort aktiviert']) {
      expect(titles).toContain(title);
    }
  });

  it('another creditor\'s location is not found', async () => {
    const { locationId } = await createCustomer();
    const refused = await refusedUnchanged(t, () => call(t, `/location/${locationId}/deactivate`, as('creditor2')));
    expect(refused).toMatchObject({ status: 404, unchanged: true });
  });

  it('path ids beyond 32 bits are a 400, not a server error', async () => {
    expect((await call(t, '/location/2147483648/deactivate', as('creditor'))).status).toBe(400);
  });
});

describe('limits and solvency', () => {
  it('a limit increase goes to the booking system once; the main user is notified of a company user\'s request', async () => {
    const { debtorId } = await createCustomer();
    const own = await createCustomer();
    expect((await call(t, `/sap/debtor/${own.debtorId}/increase-limit`, { ...as('creditor'), method: 'POST', body: { desiredLimit: 2_500_000 } })).status).toBe(200);
    expect(await t.db.selectFrom('notification').select('id').where('debtorId', '=', own.debtorId).execute()).toEqual([]);
    const answer = await call(t, `/sap/debtor/${debtorId}/increase-limit`, { ...as('assistant'), method: 'POST', body: { desiredLimit: 2_500_000, reason: 'Wachsendes Geschäft' } });
    expect(answer).toMatchObject({ status: 200, body: { message: expect.stringMatching(/beantragt/) } });
    expect((await show(debtorId)).limitRequestActive).toBe(true);
    const request = await t.db.selectFrom('bookingRequest').selectAll().where('debtorId', '=', debtorId).executeTakeFirstOrThrow();
    expect(request).toMatchObject({ kind: 'limitIncrease', status: 'open' });
    const mainUser = await t.db.selectFrom('appUser').select('id').where('username', '=', 'creditor@example.com').executeTakeFirstOrThrow();
    const notes = await t.db.selectFrom('notification').select(['title', 'userId']).where('debtorId', '=', debtorId).execute();
    expect(notes).toEqual([{ title: expect.stringMatching(/^Für .+ wurde eine Limiterhöhung auf 25\.000,00 € beantragt\.$/), userId: mainUser.id }]);
    const again = await refusedUnchanged(t, () =>
      call(t, `/sap/debtor/${debtorId}/increase-limit`, { ...as('creditor'), method: 'POST', body: { desiredLimit: 3_000_000 } }),
    );
    expect(again).toMatchObject({ status: 409, unchanged: true, body: { reason: 'debtors.limitRequestActive' } });
    expect((await call(t, `/debtor/${debtorId}/permissions`, as('creditor'))).body.debtor_limit_increase).toBe(false);
  });

  it('a limit is refreshed only within three months of its expiry', async () => {
    const { debtorId } = await createCustomer();
    const early = await refusedUnchanged(t, () => call(t, `/debtor/${debtorId}/limit-refresh`, { ...as('creditor'), method: 'POST' }));
    expect(early).toMatchObject({ status: 409, unchanged: true, body: { reason: 'debtors.limitNotDueForRefresh' } });
    expect((await call(t, `/debtor/${debtorId}/permissions`, as('creditor'))).body.debtor_limit_refresh).toBe(false);
    await t.db.updateTable('debtor').set({ limitExpiredDate: new Date(Date.now() + 20 * 86_400_000) }).where('id', '=', debtorId).execute();
    expect((await call(t, `/debtor/${debtorId}/permissions`, as('creditor'))).body.debtor_limit_refresh).toBe(true);
    const answer = await call(t, `/debtor/${debtorId}/limit-refresh`, { ...as('creditor'), method: 'POST' });
    expect(answer.status, JSON.stringify(answer.body)).toBe(200);
    expect(new Date(answer.body.limitExpiredDate * 1000).getTime()).toBeGreaterThan(Date.now() + 300 * 86_400_000);
    expect((await history(debtorId))[0].title).toBe('Limit aktualisiert');
  });

  it('a solvency check is stored and counted; too many compared to invoices are withheld', async () => {
    const { debtorId } = await createCustomer();
    const answer = await call(t, `/debtor/${debtorId}/determine-solvency`, as('creditor'));
    expect(answer.status, JSON.stringify(answer.body)).toBe(200);
    expect(['green', 'yellow', 'red']).toContain(answer.body.color);
    expect((await show(debtorId)).solvency).toMatchObject({ color: answer.body.color, reasonCode: answer.body.reasonCode });
    await t.db
      .insertInto('solvencyCheck')
      .values(Array.from({ length: 400 }, () => ({ creditorId, debtorId, color: 'green', reasonCode: 'ID_0' })))
      .execute();
    expect((await call(t, `/debtor/${debtorId}/permissions`, as('creditor'))).body.determine_solvency).toBe(false);
    const withheld = await refusedUnchanged(t, () => call(t, `/debtor/${debtorId}/determine-solvency`, as('creditor')));
    expect(withheld).toMatchObject({ status: 429, unchanged: true, body: { reason: 'debtors.solvencyCheckWithheld' } });
    await t.db.deleteFrom('solvencyCheck').where('debtorId', '=', debtorId).execute();
  });

  it('without the creditor\'s solvency flag the check is refused', async () => {
    const debtor = await t.db.selectFrom('debtor').select('id').where('creditorId', '=', await creditorIdOf('creditor2@example.com')).where('status', '=', 'active').executeTakeFirstOrThrow();
    const refused = await refusedUnchanged(t, () => call(t, `/debtor/${debtor.id}/determine-solvency`, as('creditor2')));
    expect(refused.unchanged).toBe(true);
    expect(refused.status).toBe(403);
  });
});

describe('a failing back office leaves nothing behind', () => {
  it('the booking system failing after its own insert rolls the whole command back (503)', async () => {
    const real = createAdapters({}, { dataDir: mkdtempSync(join(tmpdir(), 'kontor-broken-')) });
    const adapters: Adapters = {
      ...real,
      bookingSystem: {
        ...real.bookingSystem,
        requestLimitIncrease: async (trx, request) => {
          await real.bookingSystem.requestLimitIncrease(trx, request);
          throw new Error('booking system unreachable');
        },
      },
      creditAgency: {
        ...real.creditAgency,
        identCheck: async () => {
          throw new Error('credit agency unreachable');
        },
      },
    };
    const broken = await buildTestApp({ adapters });
    try {
      const token = await loginAs(broken.app, 'creditor@example.com');
      const debtor = await broken.db.selectFrom('debtor').select('id').where('creditorId', '=', creditorId).where('status', '=', 'active').where('limitRequestActive', '=', false).orderBy('id').executeTakeFirstOrThrow();
      const increase = await refusedUnchanged(broken, () =>
        call(broken, `/sap/debtor/${debtor.id}/increase-limit`, { token, method: 'POST', body: { desiredLimit: 5_000_000 } }),
      );
      expect(increase).toMatchObject({ status: 503, unchanged: true, body: { code: 'changesNotSaved', reason: 'commands.backOfficeUnavailable' } });
      const check = await refusedUnchanged(broken, () => call(broken, '/csp/debtor', { token, method: 'POST', body: newCustomer() }));
      expect(check).toMatchObject({ status: 503, unchanged: true, body: { code: 'debtors.checkDebtorError' } });
    } finally {
      await broken.close();
    }
  });
});
