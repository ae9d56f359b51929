import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { commandRoutes, commands } from '../../generated/commands';
import { forms } from '../../generated/forms';
import { todayIso } from '../../src/shared/validation';
import { addDays, addMonths } from '../../src/shared/validation/german-input.parse';
import { type TestApp, bearer, buildTestApp, loginAs } from '../helpers/app';
import { call, fingerprint, refusedUnchanged } from '../helpers/commands';

// Issue 25, item 6: a required text is non-empty after trimming — "" and "   " are missing values.
// The list of commands is derived from the generated command table and its form schemas: every
// command whose body has a required string field (always required or required under a condition)
// gets, for each such field, a body that is valid apart from that field, and must answer 400
// pointing at that field with the required message — and change nothing. Runs on PGlite and PostgreSQL.

type Schema = Record<string, any>;

let t: TestApp;
let admin: string;
let creditor: string;

beforeAll(async () => {
  t = await buildTestApp();
  admin = await loginAs(t.app, 'superadmin@example.com');
  creditor = await loginAs(t.app, 'creditor@example.com');
});
afterAll(() => t.close());

const isText = (s: Schema | undefined) => s?.type === 'string' && !s.enum;

/** A date inside the bounds of a date field (`today`, `today+14d`, `today-3m`, ISO dates). */
function sampleDate(s: Schema): string {
  const resolve = (bound: string) => {
    const m = /^today(?:([+-]\d+)([dm]))?$/.exec(bound);
    if (!m) return bound;
    if (!m[1]) return todayIso();
    return m[2] === 'd' ? addDays(todayIso(), Number(m[1])) : addMonths(todayIso(), Number(m[1]));
  };
  if (s.foundingMinMonths) return addMonths(todayIso(), -s.foundingMinMonths - 12);
  const min = s.dateMin ?? s.dateOnlyFrom;
  if (min) return addDays(resolve(min), 1);
  const max = s.dateMax ?? s.dateOnlyUntil;
  if (max && resolve(max) < todayIso()) return resolve(max);
  return todayIso();
}

/** A value a property schema accepts (enough for every format and rule the command forms use). */
function sample(name: string, s: Schema): unknown {
  if (s.const !== undefined) return s.const;
  if (s.enum) return s.enum[0];
  if (s.type === 'boolean') return true;
  if (s.type === 'integer' || s.type === 'number') {
    const low = Math.max(s.minimum ?? 0, s.moneyAtLeast ?? 0, s.exclusiveMinimum ?? 0, s.factorableTurnover ? (s.factorableTurnover.min ?? 10_000_000) : 0);
    const high = Math.min(s.maximum ?? Infinity, s.moneyAtMost ?? Infinity, s.creditorLimitMax ?? Infinity, s.onlineTurnoverRateMax ?? Infinity, s.percent ? 100 : Infinity);
    return Math.min(low + 1, high);
  }
  if (s.type === 'array') return s.items?.format === 'data-url' ? ['data:application/pdf;name=a.pdf;base64,JVBERi0xLjQK'] : [];
  const byFormat: Record<string, string> = {
    email: `blank-${name.toLowerCase()}@example.com`,
    iban: 'DE89370400440532013000',
    date: sampleDate(s),
    digits: '1'.repeat(Math.min(s.maxLength ?? 5, 6)),
    phone: '030 1234567',
    password: 'Geheim12!x',
    intermediaryNumber: '123456',
    vatId: 'DE123456789',
  };
  return byFormat[s.format] ?? 'Muster';
}

interface Case {
  method: string;
  url: string;
  command: string;
  field: string;
  body: Record<string, unknown>;
}

/** Every (command, required text field) with a body valid apart from that field. */
function cases(): Case[] {
  const out: Case[] = [];
  for (const route of commandRoutes) {
    for (const name of route.commands) {
      const command = commands[name];
      if (!command.form) continue;
      const schema = forms[command.form].schema as Schema;
      const props: Record<string, Schema> = schema.properties;
      const base: Record<string, unknown> = {};
      for (const key of schema.required ?? []) base[key] = sample(key, props[key]);
      for (const [key, prop] of Object.entries(props)) {
        if (prop.passwordRepeat && base[key] !== undefined) base[key] = base[prop.passwordRepeat] ?? sample(prop.passwordRepeat, props[prop.passwordRepeat]);
      }
      if (command.selectBy && base[command.selectBy] === undefined) base[command.selectBy] = sample(command.selectBy, props[command.selectBy]);
      const required: { field: string; when: Record<string, unknown> }[] = (schema.required ?? []).map((field: string) => ({ field, when: {} }));
      for (const branch of schema.allOf ?? []) {
        const when = Object.fromEntries(Object.entries<Schema>(branch.if?.properties ?? {}).map(([k, v]) => [k, v.enum?.[0]]));
        for (const field of branch.then?.required ?? []) required.push({ field, when });
      }
      for (const { field, when } of required) {
        if (!isText(props[field])) continue;
        const conditionsMet = { ...base, ...when };
        // every other field the same condition requires gets a value too
        for (const branch of schema.allOf ?? []) {
          const active = Object.entries<Schema>(branch.if?.properties ?? {}).every(([k, v]) => v.enum?.includes(conditionsMet[k]));
          if (active) for (const other of branch.then?.required ?? []) conditionsMet[other] ??= sample(other, props[other]);
        }
        const url = route.url.replace(/:(\w+)/g, (_, p: string) => (p === 'answerCode' || p === 'followUpAction' ? String(sample(p, props[p] ?? {})) : '1'));
        out.push({ method: route.method, url, command: name, field, body: conditionsMet });
      }
    }
  }
  return out;
}

describe('required text is non-empty after trimming', () => {
  const list = cases();

  it('finds the commands with required text fields in the generated schemas', () => {
    const names = new Set(list.map((c) => c.command));
    // the named cases of the issue are among them (derived, not listed by hand)
    for (const name of ['createDebtor', 'updateDebtor', 'addLocation', 'updateLocation', 'updateCreditor', 'registerCompanyUser', 'updateUser']) {
      expect(names, name).toContain(name);
    }
    expect(list.length).toBeGreaterThan(50);
  });

  it('answers "" and "   " in every required text field of every command with 400 and changes nothing', async () => {
    const before = await fingerprint(t);
    const wrong: string[] = [];
    for (const c of list) {
      for (const blank of ['', '   ']) {
        const response = await t.app.inject({
          method: c.method as 'POST',
          url: `/api${c.url}`,
          headers: bearer(commands[c.command].roles.some((r) => r.startsWith('ROLE_CREDITOR')) ? creditor : admin),
          payload: { ...c.body, [c.field]: blank },
        });
        const answer = response.json();
        if (response.statusCode !== 400 || answer.field !== `body/${c.field}` || answer.messageKey !== 'validation.required') {
          wrong.push(`${c.command}.${c.field} ${JSON.stringify(blank)}: ${response.statusCode} ${answer.field ?? ''} ${answer.messageKey ?? answer.code}`);
        }
      }
    }
    expect(wrong).toEqual([]);
    expect(await fingerprint(t)).toEqual(before);
  });
});

describe('the named cases of the issue', () => {
  it('a debtor named "   " is refused with the German required text; no debtor, no limit', async () => {
    const answer = await refusedUnchanged(t, () =>
      call(t, '/debtor/create', {
        token: creditor,
        method: 'POST',
        body: { debtorType: 'business', name: '   ', street: 'Hauptstraße', house: '1', zip: '10115', city: 'Berlin' },
      }),
    );
    expect(answer.status).toBe(400);
    expect(answer.body).toMatchObject({ code: 'validationError', field: 'body/name', messageKey: 'validation.required' });
    expect(answer.body.message).toMatch(/Pflicht|erforderlich|ausfüllen|angeben/i);
    expect(answer.unchanged).toBe(true);
  });

  it('a creditor\'s company name cannot be emptied, and blocking a creditor whose stored name is blank sends its mail', async () => {
    const row = await t.db.selectFrom('creditor').select(['id', 'name']).where('status', '=', 'active').orderBy('id', 'desc').executeTakeFirstOrThrow();
    // a blank name stored before this rule existed (or by an import) must not make the block a 500
    await t.db.updateTable('creditor').set({ name: '' }).where('id', '=', row.id).execute();
    const block = await call(t, `/creditor/${row.id}/block`, { token: admin, method: 'POST', body: { reason: 'Prüfung' } });
    expect(block.status).toBe(200);
    const mail = await t.db.selectFrom('mailOutbox').select(['params']).where('template', '=', 'creditorBlocked').where('creditorId', '=', row.id).executeTakeFirst();
    expect(mail).toBeDefined();
  });
});
