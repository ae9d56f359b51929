import { formatDate, formatMoney } from '../../shared/format';

/** One line of a readable payload: a label with a formatted value, or a nested block of lines. */
export interface PayloadEntry {
  /** the payload's own key (an array index for items of a list of objects) */
  key: string;
  label: string;
  /** the formatted value; absent when `children` hold a nested object */
  value?: string;
  children?: PayloadEntry[];
}

/** What a payload shows as: nothing, key/value lines, or one text (a scalar, or text that is no JSON). */
export type PayloadView =
  | { kind: 'empty' }
  | { kind: 'entries'; entries: PayloadEntry[] }
  | { kind: 'text'; text: string };

/** The texts the formatting needs, so that it stays a pure function of its input. */
export interface PayloadTexts {
  /** label of a key: its field text (`fields.<key>`) or the key itself */
  label: (key: string) => string;
  /** the label of a coded text value (`ID_3`, `yellow`) by its key, when the key names a code */
  code?: (key: string, value: string) => string | undefined;
  yes: string;
  no: string;
  empty: string;
}

/**
 * Money keys: `amount`, `limit`, and any key ending in `Amount` or `Limit` (desiredLimit,
 * approvedLimit, leftoverAmount …). Their numbers are integer cents like every amount of the API.
 */
const MONEY_KEY = /^(amount|limit)$|[a-z0-9](Amount|Limit)$/;
/** `2024-03-09` or an ISO date-time `2024-03-09T10:15:00Z`, shown as the day only */
const ISO_DATE = /^\d{4}-\d{2}-\d{2}(T\d{2}:\d{2}(:\d{2}(\.\d+)?)?(Z|[+-]\d{2}:?\d{2})?)?$/;
const decimal = new Intl.NumberFormat('de-DE', { maximumFractionDigits: 6 });

/** @example isMoneyKey('desiredLimit') // true — isMoneyKey('limitExpired') // false */
export function isMoneyKey(key: string): boolean {
  return MONEY_KEY.test(key);
}

const isObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);
const isScalar = (value: unknown) => value === null || typeof value !== 'object';

/** The payload as a value: JSON text parsed (text that is no JSON stays a string), anything else as is. */
export function parsePayload(payload: unknown): unknown {
  if (typeof payload !== 'string') return payload;
  const text = payload.trim();
  if (text === '') return null;
  try {
    return JSON.parse(text);
  } catch {
    return payload;
  }
}

/**
 * One scalar in German: money keys' numbers as euros, ISO dates as `dd.MM.yyyy`, booleans as
 * Ja/Nein, decimals with a comma; identifiers and other integers stay as they are.
 *
 * @example formatPayloadScalar('desiredLimit', 500000, texts) // '5.000,00 €'
 * @example formatPayloadScalar('since', '2024-03-09', texts) // '09.03.2024'
 */
export function formatPayloadScalar(key: string, value: unknown, texts: PayloadTexts): string {
  if (value === null || value === undefined || value === '') return texts.empty;
  if (typeof value === 'boolean') return value ? texts.yes : texts.no;
  if (typeof value === 'number') {
    if (isMoneyKey(key)) return formatMoney(value);
    return Number.isInteger(value) ? String(value) : decimal.format(value);
  }
  if (typeof value === 'string' && ISO_DATE.test(value)) return formatDate(value) || value;
  if (typeof value === 'string') return texts.code?.(key, value) ?? value;
  return String(value);
}

/**
 * Payload keys whose text values are codes of enumerations (the reason codes of an ident or solvency
 * check mean different things for businesses and private customers: both are tried).
 */
export const PAYLOAD_CODE_ENUMS: Record<string, readonly string[]> = {
  reasonCodes: ['limitReasonCodeCustomer', 'limitReasonCodeBusiness', 'solvencyReasonCodeCustomer', 'solvencyReasonCodeBusiness'],
  reasonCode: ['solvencyReasonCodeCustomer', 'solvencyReasonCodeBusiness', 'limitReasonCodeCustomer', 'limitReasonCodeBusiness'],
  color: ['solvencyColor'],
  paymentMethod: ['paymentMethod'],
  deliveryType: ['deliveryType'],
  debtorType: ['debtorType'],
  followUpAction: ['workQueueFollowUp'],
  rejectAction: ['workQueueFollowUp'],
  voucherType: ['voucherType'],
  exposureType: ['exposureType'],
};

/**
 * A code's label for a payload key: the distinct labels of the enumerations the key names, with
 * the code in brackets for support (`Mittlere Bonität (ID_3)`); undefined when no enumeration knows it.
 *
 * @example payloadCodeLabel('reasonCodes', 'ID_3', (name, code) => …) // 'Mittlere Bonität (ID_3)'
 */
export function payloadCodeLabel(
  key: string,
  value: string,
  labelOf: (enumName: string, code: string) => string | undefined,
): string | undefined {
  const labels = [...new Set((PAYLOAD_CODE_ENUMS[key] ?? []).map((name) => labelOf(name, value)).filter(Boolean))];
  return labels.length ? `${labels.join(' / ')} (${value})` : undefined;
}

/** The lines of one key: a scalar, a list (scalars joined, objects nested) or a nested object. */
function entryOf(key: string, label: string, value: unknown, texts: PayloadTexts): PayloadEntry {
  if (Array.isArray(value)) {
    if (value.length === 0) return { key, label, value: texts.empty };
    if (value.every(isScalar)) {
      return { key, label, value: value.map((item) => formatPayloadScalar(key, item, texts)).join(', ') };
    }
    // items carry their parent's key, so a list of amounts keeps the money format
    return {
      key,
      label,
      children: value.map((item, i) =>
        entryOf(isObject(item) ? String(i + 1) : key, `${i + 1}.`, item, texts),
      ),
    };
  }
  if (isObject(value)) {
    const children = entriesOf(value, texts);
    return children.length ? { key, label, children } : { key, label, value: texts.empty };
  }
  return { key, label, value: formatPayloadScalar(key, value, texts) };
}

const entriesOf = (object: Record<string, unknown>, texts: PayloadTexts): PayloadEntry[] =>
  Object.entries(object).map(([key, value]) => entryOf(key, texts.label(key), value, texts));

/**
 * An action's payload (JSON text) as readable German lines; an empty payload (nothing, `{}`, `[]`,
 * `null`) is `empty`, text that is no JSON shows as it is.
 *
 * @example describePayload('{"desiredLimit":500000,"reason":null}', texts)
 * // → { kind: 'entries', entries: [{ key: 'desiredLimit', label: 'Gewünschtes Limit', value: '5.000,00 €' },
 * //                                 { key: 'reason', label: 'Begründung', value: '–' }] }
 */
export function describePayload(payload: unknown, texts: PayloadTexts): PayloadView {
  const value = parsePayload(payload);
  if (value === null || value === undefined) return { kind: 'empty' };
  if (isObject(value)) {
    const entries = entriesOf(value, texts);
    return entries.length ? { kind: 'entries', entries } : { kind: 'empty' };
  }
  if (Array.isArray(value)) {
    if (value.length === 0) return { kind: 'empty' };
    const entry = entryOf('', '', value, texts);
    return entry.children
      ? { kind: 'entries', entries: entry.children }
      : { kind: 'text', text: entry.value! };
  }
  return { kind: 'text', text: formatPayloadScalar('', value, texts) };
}

/**
 * The raw payload for support staff: JSON pretty-printed, other text as it came; '' when there is none.
 *
 * @example rawPayload('{"a":1}') // '{\n  "a": 1\n}'
 */
export function rawPayload(payload: unknown): string {
  if (payload === null || payload === undefined) return '';
  const value = parsePayload(payload);
  if (typeof payload === 'string' && typeof value === 'string') return payload;
  return JSON.stringify(value, null, 2) ?? '';
}
