import type { RawDate } from './einvoice.types';

const XS_DATE = /^(\d{4})-(\d{2})-(\d{2})(?:Z|[+-]\d{2}:\d{2})?$/;
const CII_DAY = /^(\d{4})(\d{2})(\d{2})$/;

/**
 * Converts a date as written in UBL (xs:date, time zone dropped) or CII (DateTimeString in format
 * 102 = CCYYMMDD, the only format EN 16931 allows) to `YYYY-MM-DD`. Null when the value is not a
 * real calendar day or uses another CII format (610 month, 616 week name no single day).
 *
 * @example
 * toIsoDate({ value: '20160404', format: '102', syntax: 'cii' }) // '2016-04-04'
 * toIsoDate({ value: '2016-02-30', format: null, syntax: 'xsd' }) // null
 */
export function toIsoDate(raw: RawDate): string | null {
  const value = raw.value.trim();
  let match: RegExpExecArray | null;
  if (raw.syntax === 'xsd') match = XS_DATE.exec(value);
  // A missing format attribute is a schema error, but an 8-digit value can only mean CCYYMMDD.
  else match = raw.format === '102' || raw.format === null ? CII_DAY.exec(value) : null;
  if (!match) return null;
  const [year, month, day] = [Number(match[1]), Number(match[2]), Number(match[3])];
  const date = new Date(Date.UTC(year, month - 1, day));
  const real =
    year > 0 &&
    date.getUTCFullYear() === year &&
    date.getUTCMonth() === month - 1 &&
    date.getUTCDate() === day;
  return real ? `${match[1]}-${match[2]}-${match[3]}` : null;
}
