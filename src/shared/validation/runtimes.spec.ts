import { readFileSync } from 'node:fs';
import { customizeValidator } from '@rjsf/validator-ajv8';
import Fastify, { type FastifyError } from 'fastify';
import { afterAll, describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import { installValidation, extendRjsfAjv } from './install-validation';
import { customFormats } from './format.rules';
import { createRjsfLocalizer, errorPath, toValidationMessage } from './validation.messages';

// The same schema as a form and as a route body: one rule set, one message per failure.
const schema = {
  type: 'object',
  properties: {
    email: { type: 'string', trim: true, format: 'email' },
    amount: { type: 'integer', moneyAtLeast: 1000 },
    iban: { type: 'string', format: 'iban' },
    terms: { type: 'boolean', requiredCheckbox: true },
  },
  required: ['email', 'amount', 'terms'],
};

const texts: Record<string, { de: string }> = parse(
  readFileSync(new URL('../../../schema/texts/validation.yaml', import.meta.url), 'utf8'),
);
const german = (key: string, params: Record<string, string | number>) =>
  texts[key.replace('validation.', '')].de.replace(/%\{(\w+)\}/g, (_, name) => String(params[name]));

describe('server: Fastify with installValidation in ajv.onCreate', () => {
  const app = Fastify({
    ajv: {
      customOptions: { coerceTypes: 'array', removeAdditional: false, allErrors: false },
      onCreate: (ajv) => installValidation(ajv),
    },
  });
  app.setErrorHandler((error: FastifyError, _request, reply) => {
    const first = error.validation![0];
    const { key, params } = toValidationMessage(first);
    return reply.status(400).send({ key, path: errorPath(first), message: german(key, params) });
  });
  app.post('/form', { schema: { body: schema } }, async (request) => request.body);
  afterAll(() => app.close());

  const post = (payload: object) => app.inject({ method: 'POST', url: '/form', payload });

  it('accepts a valid body and stores the trimmed text', async () => {
    const response = await post({
      email: ' anna@example.de ',
      amount: 1000,
      iban: 'DE89370400440532013000',
      terms: true,
    });
    expect(response.statusCode).toBe(200);
    expect(response.json().email).toBe('anna@example.de');
  });

  it.each([
    [
      { email: 'anna@123.45', amount: 1000, terms: true },
      '/email',
      'Bitte geben Sie eine gültige E-Mail-Adresse ein.',
    ],
    [
      { email: 'a@b.de', amount: 999, terms: true },
      '/amount',
      'Der Betrag muss mindestens 10,00 € betragen.',
    ],
    [
      { email: 'a@b.de', amount: 1000, terms: true, iban: 'BR1500000000000010932840814P2' },
      '/iban',
      'Bitte geben Sie eine gültige IBAN eines SEPA-Landes ein.',
    ],
    [{ email: 'a@b.de', amount: 1000, terms: false }, '/terms', 'Bitte bestätigen Sie dieses Feld.'],
  ])('answers %j with the German text', async (payload, path, message) => {
    const response = await post(payload);
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ path, message });
  });

  it('would lose our e-mail rule through ajv.plugins, which run before ajv-formats', async () => {
    const early = Fastify({ ajv: { plugins: [(ajv) => installValidation(ajv)] } });
    early.post(
      '/form',
      { schema: { body: { type: 'object', properties: { email: { type: 'string', format: 'email' } } } } },
      async () => 'ok',
    );
    const response = await early.inject({ method: 'POST', url: '/form', payload: { email: 'anna@123.45' } });
    await early.close();
    expect(response.statusCode).toBe(200);
  });
});

describe('browser: rjsf validator with customFormats and extendRjsfAjv', () => {
  const validator = customizeValidator(
    { customFormats, extenderFn: extendRjsfAjv },
    createRjsfLocalizer(german),
  );

  it('shows the same German texts for the same mistakes', () => {
    const { errors } = validator.validateFormData(
      { email: 'anna@123.45', amount: 999, iban: 'BR1500000000000010932840814P2' },
      schema as never,
    );
    expect(errors.map((e) => [e.property, e.message]).sort()).toEqual([
      ['.amount', 'Der Betrag muss mindestens 10,00 € betragen.'],
      ['.email', 'Bitte geben Sie eine gültige E-Mail-Adresse ein.'],
      ['.iban', 'Bitte geben Sie eine gültige IBAN eines SEPA-Landes ein.'],
      // rjsf names a missing property without the leading dot.
      ['terms', 'Bitte bestätigen Sie dieses Feld.'],
    ]);
  });

  it('does not trim the live form data while the user types', () => {
    const formData = { email: 'anna@example.de ', amount: 1000, terms: true };
    validator.validateFormData(formData, schema as never);
    expect(formData.email).toBe('anna@example.de ');
  });

  it('accepts valid data', () => {
    const { errors } = validator.validateFormData(
      { email: 'anna@example.de', amount: 1000, iban: 'de89 3704 0044 0532 0130 00', terms: true },
      schema as never,
    );
    expect(errors).toEqual([]);
  });
});
