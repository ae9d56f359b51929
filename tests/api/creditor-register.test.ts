import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Adapters, createAdapters } from '../../src/server/adapters';
import { type TestApp, buildTestApp, loginAs } from '../helpers/app';
import { call, refusedUnchanged } from '../helpers/commands';

// The admin's creditor registration (POST /creditor/register, issue 11 item 1, document 2 §3): the
// states SAP registered → set-up fee charged → user created, the registration mail with the
// set-password link, guards (admin permission, product-admin scope, product rules, taken e-mail and
// ONR number) with nothing changed when refused. Runs on PGlite and PostgreSQL.

let t: TestApp;
let superadmin: string;
let admin: string;
const REGISTER = '/creditor/register';
const ACCEPT = '/user-management/command/accept-invitation';
const PASSWORD = 'Registriert-9!';
let smafaMatrix: string;
let tpfMatrix: string;
// the local booking system, made to fail while `bookingDown` is set
let bookingDown = false;
const local = createAdapters(process.env, { dataDir: mkdtempSync(join(tmpdir(), 'kontor-register-')) });
const adapters: Adapters = {
  ...local,
  bookingSystem: {
    ...local.bookingSystem,
    transferCreditor: async (trx, transfer) => {
      if (bookingDown) throw new Error('Buchungssystem nicht erreichbar');
      return local.bookingSystem.transferCreditor(trx, transfer);
    },
  },
};

beforeAll(async () => {
  t = await buildTestApp({ adapters });
  superadmin = await loginAs(t.app, 'superadmin@example.com');
  admin = await loginAs(t.app, 'admin@example.com');
  const smafa = await t.app.inject({ url: '/api/creditor-service-fee/sap-matrix/SMAFA/show-default' });
  expect(smafa.statusCode, smafa.body).toBe(200);
  expect(smafa.json()).toMatchObject({ productType: 'SMAFA', isDefault: true });
  smafaMatrix = String(smafa.json().identifier);
  tpfMatrix = String((await t.app.inject({ url: '/api/creditor-service-fee/sap-matrix/TPF/show-default' })).json().identifier);
});
afterAll(() => t.close());

/** A complete registration body of the createCreditor dialog. */
function body(over: Record<string, unknown> = {}): Record<string, unknown> {
  return {
    productType: 'SMAFA',
    companyName: 'Neu Registriert GmbH',
    salutation: 'Frau',
    firstName: 'Rita',
    lastName: 'Registriert',
    foundingDate: '2019-03-01',
    turnover: 120_000_000,
    onlineTurnoverRate: 20,
    factorableTurnover: 50_000_000,
    automaticallyCalculateCreditorLimit: false,
    creditorLimit: 10_000_000,
    streetAndHouse: 'Hauptstraße 1',
    zip: '80331',
    city: 'München',
    phone: '+49 89 123456',
    email: 'rita.registriert@example.com',
    legalFormKey: 'GMBH',
    entitledToDeductVat: true,
    vob: false,
    registerNumber: 'HRB 4711',
    placeOfAuthority: 'Amtsgericht München',
    sepaAccountOwner: 'Neu Registriert GmbH',
    sepaIban: 'DE89 3704 0044 0532 0130 00',
    sepaCity: 'München',
    sepaDate: '2026-01-02',
    sepaMandateAvailable: true,
    intermediaryNumber: '123456',
    privacyPolicyAccepted: true,
    contractDate: '2026-02-01',
    cspIdentifier: 'ONR-NEU-1',
    setupFee: 49900,
    minimumAnnualServiceFee: 50_000,
    serviceFeeMatrixIdentifier: smafaMatrix,
    ...over,
  };
}

const register = (token: string, b: Record<string, unknown>) => call(t, REGISTER, { token, method: 'POST', body: b });

describe('POST /creditor/register', () => {
  it('registers creditor and main user through the three states; the main user sets the password from the mail and logs in', async () => {
    const answer = await register(superadmin, body());
    expect(answer.status, JSON.stringify(answer.body)).toBe(200);
    expect(answer.body.message).toMatch(/registriert/);
    const id = answer.body.identifier as number;
    const creditor = await t.db.selectFrom('creditor').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
    expect(creditor).toMatchObject({
      name: 'Neu Registriert GmbH',
      product: 'SMAFA',
      status: 'active',
      registrationState: 'user_created',
      setupFee: 49900,
      sepaIban: 'DE89370400440532013000',
      creditorLimit: 10_000_000,
      cspIdentifier: 'ONR-NEU-1',
    });
    expect(creditor.sapNumber).toBe(answer.body.sapNumber);
    expect(Number(creditor.sapNumber)).toBeGreaterThan(900_000);
    expect(creditor.sentToSapAt).not.toBeNull();
    const intermediary = await t.db.selectFrom('creditorIntermediary').selectAll().where('creditorId', '=', id).executeTakeFirstOrThrow();
    expect(intermediary.intermediaryNumber).toBe('123456');
    const conditions = await t.db.selectFrom('creditorServiceFeeCondition').selectAll().where('creditorId', '=', id).execute();
    expect(conditions).toHaveLength(1);
    expect(String(conditions[0].matrixEntryId)).toBe(smafaMatrix);
    const period = await t.db.selectFrom('serviceFeePeriod').selectAll().where('creditorId', '=', id).executeTakeFirstOrThrow();
    expect(period).toMatchObject({ startDate: '2026-02-01', endDate: '2027-01-31' });
    expect(Number(period.currentAnnualServiceFee)).toBe(50_000);

    const user = await t.db.selectFrom('appUser').selectAll().where('creditorId', '=', id).executeTakeFirstOrThrow();
    expect(user).toMatchObject({ username: 'rita.registriert@example.com', status: 'new', roles: ['ROLE_CREDITOR'], product: 'SMAFA', optIn: false });

    // the action log names the creditor and keeps the payload of document 2 §3
    const log = await t.db.selectFrom('actionLogEntry').selectAll().where('creditorId', '=', id).executeTakeFirstOrThrow();
    expect(log).toMatchObject({ actionType: 'creditor_register', adminEmail: 'superadmin@example.com', productType: 'SMAFA' });
    const payload = log.payload as Record<string, any>;
    expect(payload.contract).toMatchObject({ division: 1, start: Date.UTC(2026, 1, 1) / 1000, setupFee: 49900 });
    expect(payload.creditorServiceFee).toEqual({ serviceFeeAnnual: 50_000, sapMatrixIdentifier: smafaMatrix });
    expect(payload.legal).toMatchObject({ key: 'GMBH', vob: false, cspIdentifier: 'ONR-NEU-1' });
    expect(payload.sepa.start).toBe(Date.UTC(2026, 0, 2) / 1000);
    expect(payload.legalForm).toMatch(/GmbH/);

    // the registration mail: a one-time link; the user is let in after setting the password
    const mail = await t.db.selectFrom('mailOutbox').selectAll().where('recipient', '=', 'rita.registriert@example.com').executeTakeFirstOrThrow();
    expect(mail.template).toBe('creditorRegistration');
    const path = String((mail.params as Record<string, unknown>).setPasswordPath);
    expect(path).toMatch(/^\/set-password\/[A-Za-z0-9_-]+$/);
    const login = () => t.app.inject({ method: 'POST', url: '/api/login', payload: { username: 'rita.registriert@example.com', password: PASSWORD } });
    expect((await login()).statusCode).toBe(401);
    const token = path.slice('/set-password/'.length);
    const accepted = await t.app.inject({ method: 'POST', url: `/api${ACCEPT}`, payload: { token, password: PASSWORD, passwordRepeat: PASSWORD } });
    expect(accepted.statusCode, accepted.body).toBe(200);
    expect((await login()).statusCode).toBe(200);
  });

  it('leaves serviceFeeAnnual out and calculates the limit when asked to', async () => {
    const answer = await register(admin, body({ email: 'ohne.gebuehr@example.com', cspIdentifier: undefined, minimumAnnualServiceFee: undefined, automaticallyCalculateCreditorLimit: true, creditorLimit: undefined }));
    expect(answer.status, JSON.stringify(answer.body)).toBe(200);
    const id = answer.body.identifier as number;
    const log = await t.db.selectFrom('actionLogEntry').select('payload').where('creditorId', '=', id).executeTakeFirstOrThrow();
    const payload = log.payload as Record<string, any>;
    expect(payload.creditorServiceFee).toEqual({ sapMatrixIdentifier: smafaMatrix });
    expect(payload).not.toHaveProperty('creditorLimit');
    expect(await t.db.selectFrom('serviceFeePeriod').select('id').where('creditorId', '=', id).execute()).toHaveLength(0);
    const creditor = await t.db.selectFrom('creditor').select('creditorLimit').where('id', '=', id).executeTakeFirstOrThrow();
    expect(creditor.creditorLimit).toBeNull();
  });

  it('refuses with nothing changed: no login, a creditor user, an admin without creditor_registration', async () => {
    const anonymous = await refusedUnchanged(t, async () => {
      const r = await t.app.inject({ method: 'POST', url: `/api${REGISTER}`, payload: body({ email: 'anon@example.com' }) });
      return { status: r.statusCode, body: r.json() };
    });
    expect(anonymous).toMatchObject({ status: 401, unchanged: true });
    const creditor = await loginAs(t.app, 'creditor@example.com');
    expect(await refusedUnchanged(t, () => register(creditor, body({ email: 'c@example.com' })))).toMatchObject({ status: 403, unchanged: true });
    const support = await loginAs(t.app, 'support@example.com');
    expect(await refusedUnchanged(t, () => register(support, body({ email: 's@example.com' })))).toMatchObject({ status: 403, unchanged: true });
  });

  it('lets a product admin register only creditors of the own product', async () => {
    const tpfAdmin = await loginAs(t.app, 'productadmin-tpf@example.com');
    const other = await refusedUnchanged(t, () => register(tpfAdmin, body({ email: 'p1@example.com', cspIdentifier: 'ONR-P1' })));
    expect(other).toMatchObject({ status: 403, unchanged: true, body: { reason: 'registration.otherProduct' } });
    const own = await register(tpfAdmin, body({ productType: 'TPF', email: 'p2@example.com', cspIdentifier: 'ONR-P2', creditorLimit: 15_000_000, serviceFeeMatrixIdentifier: tpfMatrix }));
    expect(own.status, JSON.stringify(own.body)).toBe(200);
    const log = await t.db.selectFrom('actionLogEntry').selectAll().where('creditorId', '=', own.body.identifier).executeTakeFirstOrThrow();
    expect(log.productType).toBe('TPF');
  });

  it("applies the product's bounds: TPF's creditor limit at 15,000,000 cents, SMAFA's at 75,000,000", async () => {
    const tooHigh = await refusedUnchanged(t, () =>
      register(superadmin, body({ productType: 'TPF', email: 'tpf.hoch@example.com', cspIdentifier: 'ONR-T1', creditorLimit: 15_000_001, serviceFeeMatrixIdentifier: tpfMatrix })),
    );
    expect(tooHigh).toMatchObject({ status: 400, unchanged: true, body: { code: 'validationError', messageKey: 'validation.creditorLimitMax', field: 'body/creditorLimit' } });
    expect(tooHigh.body.message).toContain('150.000,00');
    const smafaMax = await register(superadmin, body({ email: 'smafa.max@example.com', cspIdentifier: 'ONR-S1', creditorLimit: 75_000_000 }));
    expect(smafaMax.status, JSON.stringify(smafaMax.body)).toBe(200);
    const smafaBeyond = await refusedUnchanged(t, () => register(superadmin, body({ email: 'smafa.drueber@example.com', cspIdentifier: 'ONR-S2', creditorLimit: 75_000_001 })));
    expect(smafaBeyond).toMatchObject({ status: 400, unchanged: true, body: { messageKey: 'validation.creditorLimitMax' } });
  });

  it('refuses a taken e-mail (user or creditor), a taken ONR number and a foreign matrix entry, each naming its field', async () => {
    const userMail = await refusedUnchanged(t, () => register(superadmin, body({ email: 'CREDITOR@example.com', cspIdentifier: 'ONR-X1' })));
    expect(userMail).toMatchObject({ status: 409, unchanged: true, body: { reason: 'validation.emailTaken', field: 'body/email' } });
    expect(userMail.body.message).toMatch(/E-Mail-Adresse ist bereits vergeben/);
    const creditorMail = (await t.db.selectFrom('creditor').select('email').where('email', 'is not', null).executeTakeFirstOrThrow()).email!;
    const taken = await refusedUnchanged(t, () => register(superadmin, body({ email: creditorMail, cspIdentifier: 'ONR-X2' })));
    expect(taken).toMatchObject({ status: 409, unchanged: true, body: { reason: 'validation.emailTaken' } });
    const onr = await refusedUnchanged(t, () => register(superadmin, body({ email: 'frei@example.com', cspIdentifier: 'onr-neu-1' })));
    expect(onr).toMatchObject({ status: 409, unchanged: true, body: { reason: 'validation.onrNumberTaken', field: 'body/cspIdentifier' } });
    const matrix = await refusedUnchanged(t, () => register(superadmin, body({ email: 'frei2@example.com', cspIdentifier: 'ONR-X3', serviceFeeMatrixIdentifier: tpfMatrix })));
    expect(matrix).toMatchObject({ status: 400, unchanged: true, body: { reason: 'registration.unknownMatrix', field: 'body/serviceFeeMatrixIdentifier' } });
  });

  it('refuses form mistakes with the rule message: founding date younger than 6 months, intermediary number', async () => {
    const young = new Date(Date.now() - 90 * 86_400_000).toISOString().slice(0, 10);
    const founding = await refusedUnchanged(t, () => register(superadmin, body({ email: 'jung@example.com', foundingDate: young })));
    expect(founding).toMatchObject({ status: 400, unchanged: true, body: { messageKey: 'validation.foundingDateTooRecent' } });
    const number = await refusedUnchanged(t, () => register(superadmin, body({ email: 'nummer@example.com', intermediaryNumber: '12345' })));
    expect(number).toMatchObject({ status: 400, unchanged: true, body: { messageKey: 'validation.intermediaryNumber' } });
  });
});

describe('the hand-over to the booking system at registration', () => {
  const masterData = (creditorId: number) =>
    t.db.selectFrom('bookingRequest').select('kind').where('creditorId', '=', creditorId).where('kind', '=', 'creditorMasterData').execute();

  it('hands the master data over with the registration', async () => {
    const answer = await register(superadmin, body({ companyName: 'Übergabe Sofort GmbH', email: 'sofort@example.com', cspIdentifier: 'ONR-SOFORT' }));
    expect(answer.status, JSON.stringify(answer.body)).toBe(200);
    const id = answer.body.identifier as number;
    expect(await masterData(id)).toHaveLength(1);
    const creditor = await t.db.selectFrom('creditor').select('sentToSapAt').where('id', '=', id).executeTakeFirstOrThrow();
    expect(creditor.sentToSapAt).not.toBeNull();
    // sent once: a second hand-over is refused, nothing changed
    const again = await refusedUnchanged(t, () => call(t, `/creditor/send-to-sap/${id}`, { token: superadmin }));
    expect(again).toMatchObject({ status: 409, unchanged: true, body: { reason: 'adminCommands.alreadySentToSap' } });
  });

  it('registers the creditor when the booking system fails, and GET /creditor/send-to-sap/{id} retries the hand-over', async () => {
    bookingDown = true;
    try {
      const answer = await register(superadmin, body({ companyName: 'Übergabe Später GmbH', email: 'spaeter@example.com', cspIdentifier: 'ONR-SPAETER' }));
      expect(answer.status, JSON.stringify(answer.body)).toBe(200);
      const id = answer.body.identifier as number;
      const creditor = await t.db.selectFrom('creditor').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
      expect(creditor).toMatchObject({ sentToSapAt: null, registrationState: 'user_created' });
      expect(await masterData(id)).toHaveLength(0);
      const log = await t.db.selectFrom('actionLogEntry').select('payload').where('creditorId', '=', id).where('actionType', '=', 'creditor_register').executeTakeFirstOrThrow();
      expect((log.payload as Record<string, unknown>).sentToSap).toBe(false);
      // still down: the retry is a 503 in German and changes nothing
      const down = await refusedUnchanged(t, () => call(t, `/creditor/send-to-sap/${id}`, { token: superadmin }));
      expect(down).toMatchObject({ status: 503, unchanged: true, body: { reason: 'commands.backOfficeUnavailable' } });
      expect(down.body.message).toMatch(/nicht erreichbar/);

      bookingDown = false;
      const sent = await call(t, `/creditor/send-to-sap/${id}`, { token: superadmin });
      expect(sent.status, JSON.stringify(sent.body)).toBe(200);
      const after = await t.db.selectFrom('creditor').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
      expect(after.sentToSapAt).not.toBeNull();
      expect(sent.body.sapNumber).toBe(after.sapNumber);
      expect(await masterData(id)).toHaveLength(1);
    } finally {
      bookingDown = false;
    }
  });
});
