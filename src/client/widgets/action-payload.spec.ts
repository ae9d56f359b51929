import { describe, expect, it } from 'vitest';
import {
  describePayload,
  formatPayloadScalar,
  isMoneyKey,
  type PayloadTexts,
  parsePayload,
  payloadCodeLabel,
  rawPayload,
} from './action-payload';

const FIELD_TEXTS: Record<string, string> = {
  desiredLimit: 'Gewünschtes Limit',
  reason: 'Begründung',
  iban: 'IBAN',
  name: 'Name',
  amount: 'Betrag',
};
const texts: PayloadTexts = {
  label: (key) => FIELD_TEXTS[key] ?? key,
  yes: 'Ja',
  no: 'Nein',
  empty: '–',
};

describe('isMoneyKey', () => {
  it('takes amount, limit and keys ending in Amount or Limit', () => {
    for (const key of [
      'amount',
      'limit',
      'desiredLimit',
      'approvedLimit',
      'availableLimit',
      'leftoverAmount',
    ]) {
      expect(isMoneyKey(key), key).toBe(true);
    }
    for (const key of ['limitExpired', 'limitUpdateDate', 'amounts', 'Limit', 'debtorId', 'reasonCodes']) {
      expect(isMoneyKey(key), key).toBe(false);
    }
  });
});

describe('formatPayloadScalar', () => {
  it('formats money, dates, booleans, decimals and leaves identifiers alone', () => {
    expect(formatPayloadScalar('desiredLimit', 500000, texts)).toBe('5.000,00 €');
    expect(formatPayloadScalar('amount', -5, texts)).toBe('-0,05 €');
    expect(formatPayloadScalar('debtorId', 123456, texts)).toBe('123456');
    expect(formatPayloadScalar('rate', 1.5, texts)).toBe('1,5');
    expect(formatPayloadScalar('since', '2024-03-09', texts)).toBe('09.03.2024');
    expect(formatPayloadScalar('at', '2024-03-09T10:15:00', texts)).toBe('09.03.2024');
    expect(formatPayloadScalar('active', true, texts)).toBe('Ja');
    expect(formatPayloadScalar('active', false, texts)).toBe('Nein');
    expect(formatPayloadScalar('reason', null, texts)).toBe('–');
    expect(formatPayloadScalar('reason', '', texts)).toBe('–');
    expect(formatPayloadScalar('name', 'Müller GmbH', texts)).toBe('Müller GmbH');
    // a money key with text is not guessed at
    expect(formatPayloadScalar('limit', 'unbegrenzt', texts)).toBe('unbegrenzt');
  });
});

describe('describePayload', () => {
  it('labels keys by their field text, else the key, and formats the values', () => {
    expect(describePayload('{"desiredLimit":500000,"reason":null,"requestId":17}', texts)).toEqual({
      kind: 'entries',
      entries: [
        { key: 'desiredLimit', label: 'Gewünschtes Limit', value: '5.000,00 €' },
        { key: 'reason', label: 'Begründung', value: '–' },
        { key: 'requestId', label: 'requestId', value: '17' },
      ],
    });
  });

  it('nests objects, joins lists of scalars and numbers the items of lists of objects', () => {
    const payload = JSON.stringify({
      request: { name: 'Müller GmbH', iban: 'DE02…', sepa: false },
      reasonCodes: ['ID_1', 'ID_3'],
      amounts: [{ amount: 1000 }, { amount: 250 }],
      limits: [],
      extra: {},
    });
    expect(describePayload(payload, texts)).toEqual({
      kind: 'entries',
      entries: [
        {
          key: 'request',
          label: 'request',
          children: [
            { key: 'name', label: 'Name', value: 'Müller GmbH' },
            { key: 'iban', label: 'IBAN', value: 'DE02…' },
            { key: 'sepa', label: 'sepa', value: 'Nein' },
          ],
        },
        { key: 'reasonCodes', label: 'reasonCodes', value: 'ID_1, ID_3' },
        {
          key: 'amounts',
          label: 'amounts',
          children: [
            { key: '1', label: '1.', children: [{ key: 'amount', label: 'Betrag', value: '10,00 €' }] },
            { key: '2', label: '2.', children: [{ key: 'amount', label: 'Betrag', value: '2,50 €' }] },
          ],
        },
        { key: 'limits', label: 'limits', value: '–' },
        { key: 'extra', label: 'extra', value: '–' },
      ],
    });
  });

  it('keeps the money format for a list of amounts', () => {
    expect(describePayload({ amount: [100, 250] }, texts)).toEqual({
      kind: 'entries',
      entries: [{ key: 'amount', label: 'Betrag', value: '1,00 €, 2,50 €' }],
    });
  });

  it('shows nothing for an empty payload', () => {
    for (const payload of [undefined, null, '', '  ', '{}', '[]', 'null', {}]) {
      expect(describePayload(payload, texts), String(payload)).toEqual({ kind: 'empty' });
    }
  });

  it('shows a scalar, a list of scalars and text that is no JSON as one text', () => {
    expect(describePayload('true', texts)).toEqual({ kind: 'text', text: 'Ja' });
    expect(describePayload('["a","b"]', texts)).toEqual({ kind: 'text', text: 'a, b' });
    expect(describePayload('not json {', texts)).toEqual({ kind: 'text', text: 'not json {' });
  });
});

describe('parsePayload and rawPayload', () => {
  it('parses JSON text and pretty-prints it for the raw view', () => {
    expect(parsePayload('{"a":1}')).toEqual({ a: 1 });
    expect(parsePayload('kein JSON')).toBe('kein JSON');
    expect(parsePayload({ a: 1 })).toEqual({ a: 1 });
    expect(rawPayload('{"a":1}')).toBe('{\n  "a": 1\n}');
    expect(rawPayload('kein JSON')).toBe('kein JSON');
    expect(rawPayload(null)).toBe('');
  });
});

describe('payload codes (issue 28 item 10: ID_3 and yellow were shown raw)', () => {
  const labels: Record<string, Record<string, string>> = {
    limitReasonCodeCustomer: { ID_3: 'Mittlere Bonität', ID_10: 'Verstorben' },
    limitReasonCodeBusiness: { ID_10: 'Unternehmen aufgelöst' },
    solvencyReasonCodeCustomer: { ID_3: 'Mittlere Bonität' },
    solvencyColor: { yellow: 'Gelb' },
  };
  const labelOf = (name: string, code: string) => labels[name]?.[code];
  const coded: PayloadTexts = { ...texts, code: (key, code) => payloadCodeLabel(key, code, labelOf) };

  it('labels reason codes and colours, both meanings when the debtor type is unknown, the code kept for support', () => {
    expect(payloadCodeLabel('reasonCodes', 'ID_3', labelOf)).toBe('Mittlere Bonität (ID_3)');
    expect(payloadCodeLabel('reasonCodes', 'ID_10', labelOf)).toBe('Verstorben / Unternehmen aufgelöst (ID_10)');
    expect(payloadCodeLabel('color', 'yellow', labelOf)).toBe('Gelb (yellow)');
    expect(payloadCodeLabel('reasonCodes', 'ID_99', labelOf)).toBeUndefined();
    expect(payloadCodeLabel('name', 'ID_3', labelOf)).toBeUndefined();
  });

  it('shows the labels in the described payload', () => {
    expect(describePayload({ reasonCodes: ['ID_3'], color: 'yellow', name: 'ID_3' }, coded)).toEqual({
      kind: 'entries',
      entries: [
        { key: 'reasonCodes', label: 'reasonCodes', value: 'Mittlere Bonität (ID_3)' },
        { key: 'color', label: 'color', value: 'Gelb (yellow)' },
        { key: 'name', label: 'Name', value: 'ID_3' },
      ],
    });
  });
});
