import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { commandRoutes } from '../../generated/commands';
import { variants } from '../../generated/variants';
import { formBodyLimit } from '../../src/server/commands/body-limit';
import { addMonths, todayIso } from '../../src/shared/validation/german-input.parse';
import { type TestApp, buildTestApp } from '../helpers/app';
import { refusedUnchanged } from '../helpers/commands';

// The public onboarding (issue 12, document 2 §2, §5, §7): the product application and the product
// request without a login, each product's rules from variants/*.yaml — accepted at the bound,
// refused just beyond it with the rule's message key and nothing written. PGlite and PostgreSQL.

let t: TestApp;
const APPLY = '/api/onboarding/command/register-creditor';
const CLAIM = '/api/onboarding/command/create-claim';
let counter = 0;

beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(() => t.close());

/** A complete application; `email` is fresh per call unless given. */
function application(productType: string, over: Record<string, unknown> = {}): Record<string, unknown> {
  counter += 1;
  const rules = variants[productType].onboarding;
  const body: Record<string, unknown> = {
    productType,
    companyName: `Antrag ${productType} ${counter} GmbH`,
    salutation: 'Herr',
    firstName: 'Arno',
    lastName: 'Antrag',
    foundingDate: '2018-05-01',
    turnover: 90_000_000,
    onlineTurnoverRate: 10,
    factorableTurnover: 40_000_000,
    automaticallyCalculateCreditorLimit: true,
    streetAndHouse: 'Am Markt 3',
    zip: '20095',
    city: 'Hamburg',
    phone: '040 123456',
    email: `antrag${counter}.${productType.toLowerCase()}@example.com`,
    legalFormKey: 'UG',
    entitledToDeductVat: true,
    vob: false,
    sepaAccountOwner: 'Arno Antrag',
    sepaIban: 'DE89370400440532013000',
    sepaCity: 'Hamburg',
    sepaDate: '2026-01-05',
    sepaMandateAvailable: true,
    intermediaryNumber: '654321',
    factoringRulesRead: true,
    privacyPolicyAccepted: true,
  };
  for (const field of rules.blacklistedFields) delete body[field];
  if (!rules.factoringRulesRequired) delete body.factoringRulesRead;
  return { ...body, ...over };
}

// each call from its own address: the onboarding's rate limit (60 a minute per address) is tested apart
let address = 0;
const post = async (url: string, body: Record<string, unknown>) => {
  address += 1;
  const remoteAddress = `10.12.${Math.floor(address / 250) % 250}.${(address % 250) + 1}`;
  const response = await t.app.inject({ method: 'POST', url, payload: body, remoteAddress });
  return { status: response.statusCode, body: response.json() };
};
const apply = (body: Record<string, unknown>) => post(APPLY, body);
const refused = (url: string, body: Record<string, unknown>) => refusedUnchanged(t, () => post(url, body));

describe('product application: the registration, its payload and mails', () => {
  it('registers creditor and main user (status new) with the product defaults; mails applicant and provider', async () => {
    const body = application('SMAFA');
    const answer = await apply(body);
    expect(answer.status, JSON.stringify(answer.body)).toBe(200);
    expect(answer.body.message).toMatch(/Antrag wurde übermittelt/);
    const id = answer.body.identifier as number;
    const creditor = await t.db.selectFrom('creditor').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
    expect(creditor).toMatchObject({ product: 'SMAFA', registrationState: 'user_created', setupFee: variants.SMAFA.setupFeeOptions[0], creditorLimit: null });
    const user = await t.db.selectFrom('appUser').selectAll().where('creditorId', '=', id).executeTakeFirstOrThrow();
    expect(user).toMatchObject({ status: 'new', roles: ['ROLE_CREDITOR'], email: body.email });
    const matrix = await t.app.inject({ url: '/api/creditor-service-fee/sap-matrix/SMAFA/show-default' });
    const log = await t.db.selectFrom('actionLogEntry').selectAll().where('creditorId', '=', id).executeTakeFirstOrThrow();
    expect(log).toMatchObject({ actionType: 'onboarding_register_creditor', userId: null, productType: 'SMAFA' });
    const payload = log.payload as Record<string, any>;
    expect(payload.contract).toMatchObject({ division: 1, start: Date.parse(`${todayIso()}T00:00:00Z`) / 1000 });
    expect(payload.creditorServiceFee).toEqual({ sapMatrixIdentifier: String(matrix.json().identifier) });
    expect(payload.legal).toMatchObject({ key: 'UG', vob: false });
    expect(payload).not.toHaveProperty('creditorLimit');
    const mails = await t.db.selectFrom('mailOutbox').select(['recipient', 'template']).where('creditorId', '=', id).orderBy('id').execute();
    expect(mails).toEqual([
      { recipient: body.email, template: 'creditorRegistration' },
      { recipient: variants.SMAFA.contact.mail, template: 'onboardingReceived' },
    ]);
  });

  it('refuses an e-mail already used by a user or a creditor, case-insensitively, with nothing changed', async () => {
    const user = await refused(APPLY, application('SMAFA', { email: 'Creditor@Example.com' }));
    expect(user).toMatchObject({ status: 409, unchanged: true, body: { reason: 'validation.emailTaken' } });
    const { email } = await t.db.selectFrom('creditor').select('email').where('product', '=', 'FW').where('email', 'is not', null).executeTakeFirstOrThrow();
    const creditor = await refused(APPLY, application('FW', { email: email!.toUpperCase() }));
    expect(creditor).toMatchObject({ status: 409, unchanged: true, body: { reason: 'validation.emailTaken' } });
  });

  it('refuses portal-only and unknown products', async () => {
    expect(variants.DAA.onboarding.enabled).toBe(false);
    const daa = await refused(APPLY, application('DAA'));
    expect(daa).toMatchObject({ status: 404, unchanged: true, body: { reason: 'onboarding.unknownProduct' } });
    const unknown = await refused(APPLY, { ...application('SMAFA'), productType: 'XYZ' });
    expect(unknown).toMatchObject({ status: 400, unchanged: true });
  });
});

describe('product rules per variant (variants/*.yaml onboarding)', () => {
  it('intermediary number: required, exactly 6 digits where the product says so (SMAFA, APL), optional elsewhere (FW)', async () => {
    for (const product of ['SMAFA', 'APL']) {
      expect(variants[product].onboarding.intermediaryNumberRequired, product).toBe(true);
      const { intermediaryNumber: _n, ...without } = application(product);
      const missing = await refused(APPLY, without);
      expect(missing, product).toMatchObject({ status: 400, unchanged: true, body: { messageKey: 'validation.required', field: 'body/intermediaryNumber' } });
      // an empty or blank number is no number either
      for (const wrong of ['12345', '1234567', '12a456', '', '   ']) {
        const answer = await refused(APPLY, application(product, { intermediaryNumber: wrong }));
        expect(answer, `${product} ${JSON.stringify(wrong)}`).toMatchObject({ status: 400, unchanged: true, body: { messageKey: 'validation.intermediaryNumber' } });
      }
    }
    expect(variants.FW.onboarding.intermediaryNumberRequired).toBe(false);
    const { intermediaryNumber: _m, ...fw } = application('FW');
    expect((await apply(fw)).status).toBe(200);
  });

  it("creditor limit: TPF up to 15,000,000 cents, SMAFA up to 75,000,000", async () => {
    const limit = (product: string, creditorLimit: number) => application(product, { automaticallyCalculateCreditorLimit: false, creditorLimit });
    expect((await apply(limit('TPF', 15_000_000))).status).toBe(200);
    const tpf = await refused(APPLY, limit('TPF', 15_000_001));
    expect(tpf).toMatchObject({ status: 400, unchanged: true, body: { messageKey: 'validation.creditorLimitMax', field: 'body/creditorLimit' } });
    expect(tpf.body.message).toContain('150.000,00');
    expect((await apply(limit('SMAFA', 75_000_000))).status).toBe(200);
    const smafa = await refused(APPLY, limit('SMAFA', 75_000_001));
    expect(smafa).toMatchObject({ status: 400, unchanged: true, body: { messageKey: 'validation.creditorLimitMax' } });
    expect(smafa.body.message).toContain('750.000,00');
    const required = await refused(APPLY, application('SMAFA', { automaticallyCalculateCreditorLimit: false }));
    expect(required).toMatchObject({ status: 400, unchanged: true, body: { messageKey: 'validation.required', field: 'body/creditorLimit' } });
  });

  it('factorable turnover (the freight variant\'s further required field): at least 10,000,000 and at most 750,000,000', async () => {
    const { min, max } = variants.TPF.onboarding.factorableTurnover;
    expect(min).toBe(10_000_000);
    expect((await apply(application('TPF', { factorableTurnover: min }))).status).toBe(200);
    expect((await apply(application('TPF', { factorableTurnover: max }))).status).toBe(200);
    for (const value of [min - 1, max + 1]) {
      const answer = await refused(APPLY, application('TPF', { factorableTurnover: value }));
      expect(answer).toMatchObject({ status: 400, unchanged: true, body: { messageKey: 'validation.factorableTurnoverRange' } });
    }
    const { factorableTurnover: _f, ...without } = application('TPF');
    expect(await refused(APPLY, without)).toMatchObject({ status: 400, unchanged: true, body: { field: 'body/factorableTurnover' } });
  });

  it('founding date: accepted exactly 6 months ago, refused a day later', async () => {
    const bound = addMonths(todayIso(), -variants.FW.onboarding.minFoundingMonths);
    const dayAfter = new Date(Date.parse(`${bound}T00:00:00Z`) + 86_400_000).toISOString().slice(0, 10);
    expect((await apply(application('FW', { foundingDate: bound }))).status).toBe(200);
    const young = await refused(APPLY, application('FW', { foundingDate: dayAfter }));
    expect(young).toMatchObject({ status: 400, unchanged: true, body: { messageKey: 'validation.foundingDateTooRecent' } });
  });

  it('online turnover share: 0 to 100 percent', async () => {
    expect((await apply(application('FW', { onlineTurnoverRate: 100 }))).status).toBe(200);
    const over = await refused(APPLY, application('FW', { onlineTurnoverRate: 100.5 }));
    expect(over).toMatchObject({ status: 400, unchanged: true, body: { field: 'body/onlineTurnoverRate' } });
  });

  it('checkboxes: SEPA mandate, privacy policy everywhere; the ten golden rules in factoring products only', async () => {
    for (const box of ['sepaMandateAvailable', 'privacyPolicyAccepted', 'factoringRulesRead']) {
      const answer = await refused(APPLY, application('SMAFA', { [box]: false }));
      expect(answer).toMatchObject({ status: 400, unchanged: true, body: { messageKey: 'validation.requiredCheckbox', field: `body/${box}` } });
    }
    expect(variants.APL.onboarding.factoringRulesRequired).toBe(false);
    const apl = await apply(application('APL'));
    expect(apl.status, JSON.stringify(apl.body)).toBe(200);
  });

  it('blacklisted fields (billing APL: turnover share for factoring, creditor limit) are not asked and refused when sent', async () => {
    expect(variants.APL.onboarding.blacklistedFields).toContain('factorableTurnover');
    const sent = await refused(APPLY, application('APL', { factorableTurnover: 40_000_000 }));
    expect(sent).toMatchObject({ status: 400, unchanged: true, body: { code: 'validationError' } });
    const golden = await refused(APPLY, application('APL', { factoringRulesRead: true }));
    expect(golden).toMatchObject({ status: 400, unchanged: true });
  });
});

describe('product request (create-claim)', () => {
  const claim = (productType: string, over: Record<string, unknown> = {}) => ({
    productType,
    companyName: 'Anfrage GmbH',
    legalFormKey: 'GMBH',
    salutation: 'Frau',
    firstName: 'Anna',
    lastName: 'Anfrage',
    email: 'anna.anfrage@example.com',
    phone: '+49 30 1234567',
    zip: '10115',
    city: 'Berlin',
    turnover: 20_000_000,
    intermediaryNumber: '111222',
    message: 'Bitte rufen Sie mich an.',
    privacyPolicyAccepted: true,
    ...over,
  });

  it('keeps the request as a lead and mails the provider', async () => {
    const answer = await post(CLAIM, claim('TPF'));
    expect(answer.status, JSON.stringify(answer.body)).toBe(200);
    expect(answer.body.message).toMatch(/Anfrage wurde gesendet/);
    const lead = await t.db.selectFrom('onboardingClaim').selectAll().where('id', '=', answer.body.identifier).executeTakeFirstOrThrow();
    expect(lead).toMatchObject({ productType: 'TPF', companyName: 'Anfrage GmbH', email: 'anna.anfrage@example.com', intermediaryNumber: '111222' });
    const mail = await t.db.selectFrom('mailOutbox').selectAll().where('recipient', '=', variants.TPF.contact.mail).where('template', '=', 'onboardingReceived').orderBy('id', 'desc').executeTakeFirstOrThrow();
    expect((mail.params as Record<string, unknown>).companyName).toBe('Anfrage GmbH');
    const log = await t.db.selectFrom('actionLogEntry').selectAll().where('actionType', '=', 'onboarding_create_claim').executeTakeFirstOrThrow();
    expect(log.userId).toBeNull();
  });

  it('requires the intermediary number where the product does, the privacy checkbox always; refuses portal-only products', async () => {
    const { intermediaryNumber: _i, ...without } = claim('SMAFA');
    expect(await refused(CLAIM, without)).toMatchObject({ status: 400, unchanged: true, body: { field: 'body/intermediaryNumber' } });
    expect((await post(CLAIM, { ...without, productType: 'FW' })).status).toBe(200);
    expect(await refused(CLAIM, claim('FW', { privacyPolicyAccepted: false }))).toMatchObject({ status: 400, unchanged: true, body: { messageKey: 'validation.requiredCheckbox' } });
    expect(await refused(CLAIM, claim('VHV'))).toMatchObject({ status: 404, unchanged: true, body: { reason: 'onboarding.unknownProduct' } });
  });
});

// Every product that offers the application (variants/*.yaml onboarding.enabled), each rule at its
// bound and just beyond it with the spec's message key, nothing written when refused (issue 12).
const OFFERED = Object.keys(variants).filter((code) => variants[code].onboarding.enabled);

describe.each(OFFERED)('every rule of %s', (product) => {
  const rules = variants[product].onboarding;
  const asked = (field: string) => !rules.blacklistedFields.includes(field);

  it('an e-mail, ONR number or CMS key already assigned is refused (409 with its key), case-insensitively', async () => {
    const taken = await t.db
      .selectFrom('creditor')
      .select(['email', 'cspIdentifier', 'cmsKey'])
      .where('product', '=', product)
      .where('cmsKey', 'is not', null)
      .where('cspIdentifier', 'is not', null)
      .executeTakeFirstOrThrow();
    const cases: [Record<string, unknown>, string][] = [
      [{ email: taken.email!.toUpperCase() }, 'validation.emailTaken'],
      [{ cspIdentifier: ` ${taken.cspIdentifier!.toLowerCase()} ` }, 'validation.onrNumberTaken'],
      [{ cmsKey: taken.cmsKey!.toLowerCase() }, 'validation.cmsKeyTaken'],
    ];
    for (const [over, reason] of cases) {
      const answer = await refused(APPLY, application(product, over));
      expect(answer, reason).toMatchObject({ status: 409, unchanged: true, body: { code: 'onboarding.failed', reason } });
      expect(answer.body.message).toMatch(/bereits vergeben/);
    }
    // fresh ones are kept; the same again (another applicant) is refused
    const own = { cspIdentifier: `ONR-${product}-1`, cmsKey: `CMS-${product}-1` };
    const first = await apply(application(product, own));
    expect(first.status, JSON.stringify(first.body)).toBe(200);
    const stored = await t.db.selectFrom('creditor').select(['cspIdentifier', 'cmsKey', 'email']).where('id', '=', first.body.identifier).executeTakeFirstOrThrow();
    expect(stored).toMatchObject(own);
    for (const [over, reason] of [
      [{ cspIdentifier: own.cspIdentifier }, 'validation.onrNumberTaken'],
      [{ cmsKey: own.cmsKey.toUpperCase() }, 'validation.cmsKeyTaken'],
      [{ email: stored.email }, 'validation.emailTaken'],
    ] as const) {
      expect(await refused(APPLY, application(product, over))).toMatchObject({ status: 409, unchanged: true, body: { reason } });
    }
  });

  it('creditor limit and factorable turnover: accepted at the bounds, refused just beyond (where asked)', async () => {
    if (asked('creditorLimit')) {
      const limit = (creditorLimit: number) => application(product, { automaticallyCalculateCreditorLimit: false, creditorLimit });
      expect((await apply(limit(rules.maxCreditorLimit))).status).toBe(200);
      const over = await refused(APPLY, limit(rules.maxCreditorLimit + 1));
      expect(over).toMatchObject({ status: 400, unchanged: true, body: { messageKey: 'validation.creditorLimitMax', field: 'body/creditorLimit' } });
    } else {
      const sent = await refused(APPLY, application(product, { creditorLimit: 1 }));
      expect(sent).toMatchObject({ status: 400, unchanged: true, body: { code: 'validationError' } });
    }
    if (asked('factorableTurnover')) {
      const { min, max } = rules.factorableTurnover;
      for (const value of [min, max]) expect((await apply(application(product, { factorableTurnover: value }))).status).toBe(200);
      for (const value of [min - 1, max + 1]) {
        const answer = await refused(APPLY, application(product, { factorableTurnover: value }));
        expect(answer).toMatchObject({ status: 400, unchanged: true, body: { messageKey: 'validation.factorableTurnoverRange', field: 'body/factorableTurnover' } });
      }
    }
  });

  it('founding date, online share, intermediary number and checkboxes: at the bound accepted, beyond refused', async () => {
    const bound = addMonths(todayIso(), -rules.minFoundingMonths);
    const dayAfter = new Date(Date.parse(`${bound}T00:00:00Z`) + 86_400_000).toISOString().slice(0, 10);
    expect((await apply(application(product, { foundingDate: bound, onlineTurnoverRate: rules.maxOnlineTurnoverRate }))).status).toBe(200);
    expect(await refused(APPLY, application(product, { foundingDate: dayAfter }))).toMatchObject({
      status: 400,
      unchanged: true,
      body: { messageKey: 'validation.foundingDateTooRecent', field: 'body/foundingDate' },
    });
    expect(await refused(APPLY, application(product, { onlineTurnoverRate: rules.maxOnlineTurnoverRate + 0.01 }))).toMatchObject({
      status: 400,
      unchanged: true,
      body: { field: 'body/onlineTurnoverRate' },
    });
    expect(await refused(APPLY, application(product, { intermediaryNumber: '12345' }))).toMatchObject({
      status: 400,
      unchanged: true,
      body: { messageKey: 'validation.intermediaryNumber' },
    });
    const { intermediaryNumber: _n, ...without } = application(product);
    if (rules.intermediaryNumberRequired) {
      expect(await refused(APPLY, without)).toMatchObject({ status: 400, unchanged: true, body: { messageKey: 'validation.required' } });
    } else {
      expect((await apply(without)).status).toBe(200);
    }
    const boxes = ['sepaMandateAvailable', 'privacyPolicyAccepted', ...(rules.factoringRulesRequired ? ['factoringRulesRead'] : [])];
    for (const box of boxes) {
      expect(await refused(APPLY, application(product, { [box]: false }))).toMatchObject({
        status: 400,
        unchanged: true,
        body: { messageKey: 'validation.requiredCheckbox', field: `body/${box}` },
      });
    }
  });

  it('blacklisted fields are filled with the product type (text fields) on the record and in the payload', async () => {
    // where each fillable field lands: the intermediary record and the registration payload (document 2 §3)
    const landing: Record<string, { column: 'assetConsultantName' | 'assetConsultantNumber'; payload: string }> = {
      intermediaryAssetConsultantName: { column: 'assetConsultantName', payload: 'assetConsultantName' },
      assetConsultantNumber: { column: 'assetConsultantNumber', payload: 'assetConsultantNumber' },
    };
    const sent = { intermediaryAssetConsultantName: 'Berater Beispiel', assetConsultantNumber: 'AB-77' };
    const body = application(product);
    for (const [field, value] of Object.entries(sent)) if (asked(field)) body[field] = value;
    const answer = await apply(body);
    expect(answer.status, JSON.stringify(answer.body)).toBe(200);
    const id = answer.body.identifier as number;
    const intermediary = await t.db.selectFrom('creditorIntermediary').selectAll().where('creditorId', '=', id).executeTakeFirstOrThrow();
    const log = await t.db.selectFrom('actionLogEntry').select('payload').where('creditorId', '=', id).executeTakeFirstOrThrow();
    const payload = (log.payload as { intermediary: Record<string, unknown> }).intermediary;
    for (const [field, where] of Object.entries(landing)) {
      const expected = asked(field) ? sent[field as keyof typeof sent] : product;
      expect(intermediary[where.column], field).toBe(expected);
      expect(payload[where.payload], field).toBe(expected);
    }
    // a blacklisted amount or checkbox cannot hold the product type: it stays empty
    const creditor = await t.db.selectFrom('creditor').select(['factorableTurnover', 'creditorLimit']).where('id', '=', id).executeTakeFirstOrThrow();
    if (!asked('factorableTurnover')) expect(creditor.factorableTurnover).toBeNull();
    // a visitor cannot set a blacklisted field: sending one is refused
    for (const field of rules.blacklistedFields) {
      const value = field in sent ? 'selbst' : field === 'automaticallyCalculateCreditorLimit' ? false : field === 'factoringRulesRead' ? true : 1;
      const refusedBody = await refused(APPLY, application(product, { [field]: value }));
      expect(refusedBody, field).toMatchObject({ status: 400, unchanged: true });
    }
  });
});

describe('public endpoints: body size and burst limit', () => {
  it("a body up to the form's size is read; beyond it 413 payloadTooLarge with the German text, nothing written", async () => {
    const limit = formBodyLimit((commandRoutes.find((r) => r.url === '/onboarding/command/register-creditor')!.schema as { body: Record<string, unknown> }).body);
    expect(limit).toBeLessThan(100_000);
    // every long text at its maximum, in umlauts: still within the limit, judged by the rules
    const long = application('FW', { intermediaryNotes: 'ä'.repeat(2000), companyName: 'Ü'.repeat(120), proprietor: '"'.repeat(120) });
    const within = await post(APPLY, long);
    expect(within.status, JSON.stringify(within.body)).toBe(200);
    for (const url of [APPLY, CLAIM]) {
      const padding = 'x'.repeat(limit);
      const answer = await refusedUnchanged(t, async () => {
        const response = await t.app.inject({ method: 'POST', url, payload: { productType: 'FW', padding }, remoteAddress: '10.99.0.1' });
        return { status: response.statusCode, body: response.json() };
      });
      expect(answer).toMatchObject({ status: 413, unchanged: true, body: { statusCode: 413, code: 'payloadTooLarge', message: 'Die Anfrage ist zu groß.' } });
    }
  });

  it('refuses the 61st onboarding request of a minute from one address (429, Retry-After, German text); other addresses go on', async () => {
    const at = (remoteAddress: string, payload: Record<string, unknown>) =>
      t.app.inject({ method: 'POST', url: CLAIM, payload, remoteAddress });
    for (let i = 0; i < 60; i++) expect((await at('192.0.2.77', { productType: 'FW' })).statusCode).toBe(400);
    const before = await t.db.selectFrom('onboardingClaim').select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow();
    const valid = { productType: 'FW', companyName: 'Burst GmbH', legalFormKey: 'GMBH', salutation: 'Frau', firstName: 'Bea', lastName: 'Burst', email: 'bea@example.com', phone: '030 1', zip: '10115', city: 'Berlin', privacyPolicyAccepted: true };
    const limited = await at('192.0.2.77', valid);
    expect(limited.statusCode).toBe(429);
    expect(limited.json()).toMatchObject({ code: 'tooManyRequests', message: expect.stringContaining('Zu viele') });
    expect(Number(limited.headers['retry-after'])).toBeGreaterThan(0);
    const after = await t.db.selectFrom('onboardingClaim').select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow();
    expect(Number(after.n)).toBe(Number(before.n));
    expect((await at('192.0.2.78', valid)).statusCode).toBe(200);
  });
});
