import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import de from '../../generated/i18n/de.json' with { type: 'json' };
import { variants } from '../../generated/variants';
import { buildApp } from '../../src/server/app';
import { loadHelpCenter } from '../../src/server/services/content/help-center.content';
import { loadInformation } from '../../src/server/services/content/information.content';
import { switchesFromEnv } from '../../src/server/services/service-switches';
import { bearer, buildTestApp, loginAs, type TestApp } from '../helpers/app';

let t: TestApp;
let app: FastifyInstance;
const switches = { maintenance: false, disturbance: false };
let now = new Date('2025-09-10T10:00:00Z');

beforeAll(async () => {
  t = await buildTestApp();
  app = await buildApp({
    db: t.db,
    clock: () => now,
    switches: { maintenance: () => switches.maintenance, disturbance: () => switches.disturbance },
  });
  await app.ready();
});
afterAll(async () => {
  await app.close();
  await t.close();
});

const countRows = async (table: 'userInformationSeen' | 'clientError') =>
  Number(
    (await t.db.selectFrom(table).select((eb) => eb.fn.countAll<string>().as('n')).executeTakeFirstOrThrow()).n,
  );

describe('maintenance and disturbance switches (document 2 §8)', () => {
  it('answers 503 maintenance on every API call except health and version while the switch is on, and recovers', async () => {
    const token = await loginAs(app, 'creditor@example.com');
    switches.maintenance = true;
    try {
      for (const request of [
        { url: '/api/debtor/list', headers: bearer(token) },
        { url: '/api/debtor/list' },
        { method: 'POST' as const, url: '/api/login', payload: { username: 'creditor@example.com', password: 'x' } },
      ]) {
        const response = await app.inject(request);
        expect(response.statusCode, request.url).toBe(503);
        expect(response.json()).toEqual({
          statusCode: 503,
          code: 'maintenance',
          message: de.messages.failurePage.maintenance.info,
        });
      }
      const healthy = await app.inject({ url: '/api/healthy' });
      expect(healthy.statusCode).toBe(503);
      expect(healthy.json().code).toBe('maintenance');
      expect((await app.inject({ url: '/api/version' })).statusCode).toBe(200);
    } finally {
      switches.maintenance = false;
    }
    expect((await app.inject({ url: '/api/healthy' })).statusCode).toBe(200);
    expect((await app.inject({ url: '/api/debtor/list', headers: bearer(token) })).statusCode).toBe(200);
  });

  it('answers 406 disturbance from the health check only, while the disturbance is on', async () => {
    const token = await loginAs(app, 'creditor@example.com');
    switches.disturbance = true;
    try {
      const healthy = await app.inject({ url: '/api/healthy' });
      expect(healthy.statusCode).toBe(406);
      expect(healthy.json()).toEqual({
        statusCode: 406,
        code: 'disturbance',
        message: de.messages.failurePage.disturbance.info,
      });
      expect((await app.inject({ url: '/api/debtor/list', headers: bearer(token) })).statusCode).toBe(200);
    } finally {
      switches.disturbance = false;
    }
    expect((await app.inject({ url: '/api/healthy' })).statusCode).toBe(200);
  });

  it('reads the switches from the environment: fixed by MAINTENANCE, or while the switch file exists', async () => {
    const dir = await mkdtemp(path.join(os.tmpdir(), 'kontor-switch-'));
    try {
      const fromFiles = switchesFromEnv({}, dir);
      expect([fromFiles.maintenance(), fromFiles.disturbance()]).toEqual([false, false]);
      await writeFile(path.join(dir, 'MAINTENANCE'), '');
      expect([fromFiles.maintenance(), fromFiles.disturbance()]).toEqual([true, false]);
      await rm(path.join(dir, 'MAINTENANCE'));
      await writeFile(path.join(dir, 'DISTURBANCE'), '');
      expect([fromFiles.maintenance(), fromFiles.disturbance()]).toEqual([false, true]);
      expect(switchesFromEnv({ MAINTENANCE: 'on' }).maintenance()).toBe(true);
      expect(switchesFromEnv({ MAINTENANCE: 'off' }).maintenance()).toBe(false);
      expect(switchesFromEnv({}).maintenance()).toBe(false);
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  });
});

describe('GET /api/help-center', () => {
  it("gives the caller's product its FAQ and its videos per page", async () => {
    expect((await app.inject({ url: '/api/help-center' })).statusCode).toBe(401);
    const smafa = (
      await app.inject({ url: '/api/help-center', headers: bearer(await loginAs(app, 'creditor@example.com')) })
    ).json();
    expect(smafa.product).toBe('SMAFA');
    expect(smafa.faq.length).toBeGreaterThan(0);
    expect(smafa.videos.map((video: { tag: string }) => video.tag)).toEqual([
      'overview',
      'vouchers',
      'debtors',
      'permanentDebts',
      'masterData',
      'userInfo',
    ]);
    const tpf = (
      await app.inject({ url: '/api/help-center', headers: bearer(await loginAs(app, 'creditor-tpf@example.com')) })
    ).json();
    expect(tpf.product).toBe('TPF');
    // the freight product has no permanent debts and its own order video
    expect(tpf.videos.map((video: { tag: string }) => video.tag)).not.toContain('permanentDebts');
    const vouchers = tpf.videos.find((video: { tag: string }) => video.tag === 'vouchers');
    expect(vouchers).toMatchObject({ src: '/videos/orders.webm', pages: ['/vouchers', '/unprocessed'] });
    expect(tpf.faq[0].question.de).toMatch(/Aufträge/);
  });

  it('checks the YAML at start-up: an unknown tag or a missing video file is named with file:line', async () => {
    const dir = await mkdtemp(path.join(os.tmpdir(), 'kontor-help-'));
    try {
      const good = loadHelpCenter();
      expect([...good.keys()].sort()).toEqual(Object.keys(variants).sort());
      await writeFile(
        path.join(dir, 'smafa.yaml'),
        'product: SMAFA\nfaq: []\nvideos:\n  - tag: cooking\n    title: { de: a, en: b }\n    src: /videos/x.webm\n    pages: ["/"]\n',
      );
      expect(() => loadHelpCenter(dir)).toThrow(/smafa\.yaml:4: \/videos\/0\/tag must be equal to one of the allowed values/);
      await writeFile(
        path.join(dir, 'smafa.yaml'),
        'product: SMAFA\nfaq: []\nvideos:\n  - tag: overview\n    title: { de: a, en: b }\n    src: /videos/missing.webm\n    pages: ["/"]\n',
      );
      expect(() => loadHelpCenter(dir)).toThrow(/video \/videos\/missing\.webm is not in public/);
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  });
});

describe('important information (/api/user-info)', () => {
  it('lists the started entries of the product and marks a pop-up seen once, for that user only', async () => {
    now = new Date('2025-09-10T10:00:00Z');
    const creditor = bearer(await loginAs(app, 'creditor@example.com'));
    const list = async (headers: Record<string, string>) =>
      (await app.inject({ url: '/api/user-info/list', headers })).json().entries;
    const entries = await list(creditor);
    expect(entries.map((entry: { key: string }) => entry.key)).toEqual(['newServiceMail']);
    expect(entries[0]).toMatchObject({ active: true, seen: false, from: '2025-09-08', until: '2025-09-21' });
    expect(entries[0].text.de).toContain(variants.SMAFA.contact.mail);

    const before = await countRows('userInformationSeen');
    const unknown = await app.inject({ method: 'POST', url: '/api/user-info/noSuchKey/seen', headers: creditor });
    expect(unknown.statusCode).toBe(404);
    expect(await countRows('userInformationSeen')).toBe(before);

    const seen = await app.inject({ method: 'POST', url: '/api/user-info/newServiceMail/seen', headers: creditor });
    expect(seen.statusCode).toBe(204);
    // twice is harmless
    expect((await app.inject({ method: 'POST', url: '/api/user-info/newServiceMail/seen', headers: creditor })).statusCode).toBe(204);
    expect(await countRows('userInformationSeen')).toBe(before + 1);
    expect((await list(creditor))[0].seen).toBe(true);
    expect((await list(bearer(await loginAs(app, 'management@example.com'))))[0].seen).toBe(false);
    const tpf = await list(bearer(await loginAs(app, 'creditor-tpf@example.com')));
    expect(tpf[0].text.de).toContain(variants.TPF.contact.mail);
  });

  it('shows an entry only from its first day, and lists it as no longer active after its last', async () => {
    const creditor = bearer(await loginAs(app, 'creditor@example.com'));
    now = new Date('2025-09-01T10:00:00Z');
    expect((await app.inject({ url: '/api/user-info/list', headers: creditor })).json().entries).toEqual([]);
    // 30 September, 23:30 in Berlin is still the 30th: the reduced service times are active
    now = new Date('2025-09-30T21:30:00Z');
    let entries = (await app.inject({ url: '/api/user-info/list', headers: creditor })).json().entries;
    expect(entries.map((entry: { key: string; active: boolean }) => [entry.key, entry.active])).toEqual([
      ['reducedServiceTimes', true],
      ['newServiceMail', false],
    ]);
    now = new Date('2025-09-30T22:30:00Z');
    entries = (await app.inject({ url: '/api/user-info/list', headers: creditor })).json().entries;
    expect(entries.every((entry: { active: boolean }) => !entry.active)).toBe(true);
    expect((await app.inject({ url: '/api/user-info/list' })).statusCode).toBe(401);
  });

  it('checks the YAML: a range that ends before it starts, or a key twice, is named with file:line', async () => {
    const dir = await mkdtemp(path.join(os.tmpdir(), 'kontor-info-'));
    try {
      const file = path.join(dir, 'information.yaml');
      const entry = (key: string, until: string) =>
        `- key: ${key}\n  products: [SMAFA]\n  title: { de: a, en: b }\n  text: { de: a, en: b }\n  from: 2025-09-08\n  until: ${until}\n`;
      await writeFile(file, entry('a', '2025-09-01'));
      expect(() => loadInformation(file)).toThrow(/information\.yaml:1: a: until is before from/);
      await writeFile(file, entry('a', '2025-09-09') + entry('a', '2025-09-09'));
      expect(() => loadInformation(file)).toThrow(/key a twice/);
      await writeFile(file, entry('a', '2025-09-09').replace('SMAFA', 'NOPE'));
      expect(() => loadInformation(file)).toThrow(/information\.yaml:2: \/0\/products\/0 must be equal to one of the allowed values/);
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  });
});

describe('browser error reports', () => {
  const report = { kind: 'chunkLoad', message: 'Failed to fetch dynamically imported module', url: '/vouchers', frontendVersion: '2.16.2' };

  it('stores a report (public; a token names the user) and shows it to admins only', async () => {
    const anonymous = await app.inject({ method: 'POST', url: '/api/client-errors', payload: report });
    expect(anonymous.statusCode).toBe(201);
    const creditorToken = await loginAs(app, 'creditor@example.com');
    const named = await app.inject({
      method: 'POST',
      url: '/api/client-errors',
      headers: bearer(creditorToken),
      payload: { ...report, message: 'chunk 2 failed', trace: { domContentLoaded: 812 } },
    });
    expect(named.statusCode).toBe(201);

    expect((await app.inject({ url: '/api/admin/client-errors', headers: bearer(creditorToken) })).statusCode).toBe(403);
    const admin = bearer(await loginAs(app, 'admin@example.com'));
    const list = (await app.inject({ url: '/api/admin/client-errors', headers: admin })).json();
    expect(list.count).toBe(2);
    expect(list.entries[0]).toMatchObject({
      id: named.json().id,
      username: 'creditor@example.com',
      message: 'chunk 2 failed',
      trace: { domContentLoaded: 812 },
    });
    expect(list.entries[1]).toMatchObject({ id: anonymous.json().id, username: null, trace: null });
  });

  it('refuses a malformed report with a 400 and stores nothing', async () => {
    const before = await countRows('clientError');
    for (const payload of [
      { ...report, kind: 'anything' },
      { ...report, message: 'x'.repeat(2001) },
      { ...report, extra: 1 },
      { kind: 'chunkLoad' },
    ]) {
      const response = await app.inject({ method: 'POST', url: '/api/client-errors', payload });
      expect(response.statusCode, JSON.stringify(payload).slice(0, 60)).toBe(400);
    }
    expect(await countRows('clientError')).toBe(before);
  });
});
