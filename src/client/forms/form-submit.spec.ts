import { HttpError } from 'ra-core';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { forms } from '../../../generated/forms';
import { classifyFailure, dataUrlToFile, submitForm, submitKeys, submitPath, toMultipart } from './form-submit';

const pdf = `data:application/pdf;name=${encodeURIComponent('Rechnung 1.pdf')};base64,${btoa('%PDF-1.7 x')}`;

describe('submitPath', () => {
  it('fills parameters from the target, then from the form data', () => {
    expect(submitPath('/debtor/update/{id}', { id: 12 }, {})).toBe('/debtor/update/12');
    expect(submitPath('/x/{id}/{answerCode}', { id: 'a b' }, { answerCode: 3 })).toBe('/x/a%20b/3');
    expect(submitPath('/permanent-debt/location/{locationIdentifier}/add', {}, { location: 7 })).toBe(
      '/permanent-debt/location/7/add',
    );
  });

  it('refuses a path it cannot fill', () => {
    expect(() => submitPath('/creditor/{id}/block', {}, {})).toThrow(/needs \{id\}/);
  });
});

describe('multipart bodies', () => {
  it('turns data-URL files into File parts and other values into text', async () => {
    const body = toMultipart({ files: [pdf, pdf], amount: 1250, label: 'März', flags: { a: true } });
    const files = body.getAll('files') as File[];
    expect(files).toHaveLength(2);
    expect(files[0].name).toBe('Rechnung 1.pdf');
    expect(files[0].type).toBe('application/pdf');
    expect(await files[0].text()).toBe('%PDF-1.7 x');
    expect(body.get('amount')).toBe('1250');
    expect(body.get('label')).toBe('März');
    expect(body.get('flags')).toBe('{"a":true}');
  });

  it('keeps the bytes of a file', async () => {
    const file = dataUrlToFile(pdf);
    expect(new Uint8Array(await file.arrayBuffer())[0]).toBe('%'.charCodeAt(0));
  });
});

describe('classifyFailure', () => {
  const fields = ['iban', 'city'];
  it('puts a validation answer at its field', () => {
    const error = new HttpError('x', 400, {
      code: 'validationError',
      message: 'Bitte IBAN.',
      field: 'body/iban',
    });
    expect(classifyFailure(error, fields)).toEqual({ kind: 'field', field: 'iban', message: 'Bitte IBAN.' });
  });

  it('shows other refusals as an alert', () => {
    const forbidden = new HttpError('Verboten', 403, {
      code: 'forbidden',
      message: 'Dafür fehlt die Berechtigung.',
    });
    expect(classifyFailure(forbidden, fields)).toEqual({
      kind: 'alert',
      message: 'Dafür fehlt die Berechtigung.',
      code: 'forbidden',
    });
    const refused = new HttpError('x', 409, {
      code: 'changesNotSaved',
      reason: 'debtors.deactivationBlocked',
      message: 'Der Kunde kann nicht deaktiviert werden …',
    });
    expect(classifyFailure(refused, fields)).toEqual({
      kind: 'alert',
      message: 'Der Kunde kann nicht deaktiviert werden …',
      code: 'changesNotSaved',
      reason: 'debtors.deactivationBlocked',
    });
    const elsewhere = new HttpError('x', 400, { message: 'Falsch.', field: 'querystring/page' });
    expect(classifyFailure(elsewhere, fields)).toEqual({ kind: 'alert', message: 'Falsch.' });
  });

  it('treats a 5xx, a network failure or a bug as a server error', () => {
    expect(classifyFailure(new HttpError('x', 500, {}), fields)).toEqual({ kind: 'serverError' });
    expect(classifyFailure(new TypeError('Failed to fetch'), fields)).toEqual({ kind: 'serverError' });
  });
});

describe('Idempotency-Key of a submit (issue 25)', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('keeps one key for the same data until a success, a new one for other data', () => {
    let n = 0;
    const keys = submitKeys(() => `k${++n}`);
    expect(keys.keyFor({ amount: 100 })).toBe('k1');
    // the same submit again (no answer, a 5xx): the same key, so the server acts at most once
    expect(keys.keyFor({ amount: 100 })).toBe('k1');
    expect(keys.keyFor({ amount: 200 })).toBe('k2');
    keys.done();
    expect(keys.keyFor({ amount: 200 })).toBe('k3');
  });

  it('sends the key as the Idempotency-Key header, JSON and multipart alike; a call without one gets a fresh one', async () => {
    const sent: Headers[] = [];
    vi.stubGlobal(
      'fetch',
      vi.fn(async (_url: string, init: RequestInit) => {
        sent.push(new Headers(init.headers));
        return new Response('{"success":true}', { status: 200 });
      }),
    );
    await submitForm(forms.comment, { comment: 'x' }, { id: 1 }, 'key-1');
    await submitForm(forms.uploadVoucher, { debtor: 1 }, {}, 'key-2');
    await submitForm(forms.comment, { comment: 'x' }, { id: 1 });
    expect(sent.map((h) => h.get('idempotency-key')).slice(0, 2)).toEqual(['key-1', 'key-2']);
    expect(sent[2].get('idempotency-key')).toMatch(/^[0-9a-f-]{36}$/);
  });
});
