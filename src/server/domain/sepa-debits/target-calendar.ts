/**
 * The TARGET2 calendar SEPA direct debits settle on (ECB: closed on Saturdays, Sundays, 1 January,
 * Good Friday, Easter Monday, 1 May, 25 and 26 December), and the lead times of a collection.
 *
 * Lead times (decision, README "Deadlines"): the SDD Core rulebook (EPC016, since version 9 of
 * November 2016) has the creditor bank present every collection at the latest one TARGET day before
 * the due date (D-1). Kontor creates a file at least one TARGET day before the collection date for
 * RCUR and FNAL, and two for FRST (D-2), the cut-off German banks keep for first collections, so
 * the bank still has a day to submit it.
 */
export type SequenceType = 'FRST' | 'RCUR' | 'FNAL';
export const LEAD_TARGET_DAYS: Readonly<Record<SequenceType, number>> = { FRST: 2, RCUR: 1, FNAL: 1 };

const iso = (date: Date) => date.toISOString().slice(0, 10);
const utc = (day: string) => new Date(`${day}T00:00:00Z`);
const plusDays = (day: string, days: number) => iso(new Date(utc(day).getTime() + days * 86_400_000));

/** Easter Sunday of a year (anonymous Gregorian algorithm, Meeus/Jones/Butcher). */
function easterSunday(year: number): string {
  const a = year % 19;
  const b = Math.floor(year / 100);
  const c = year % 100;
  const d = Math.floor(b / 4);
  const e = b % 4;
  const f = Math.floor((b + 8) / 25);
  const g = Math.floor((b - f + 1) / 3);
  const h = (19 * a + b - d - g + 15) % 30;
  const i = Math.floor(c / 4);
  const k = c % 4;
  const l = (32 + 2 * e + 2 * i - h - k) % 7;
  const m = Math.floor((a + 11 * h + 22 * l) / 451);
  const month = Math.floor((h + l - 7 * m + 114) / 31);
  const day = ((h + l - 7 * m + 114) % 31) + 1;
  return `${year}-${String(month).padStart(2, '0')}-${String(day).padStart(2, '0')}`;
}

/**
 * Whether TARGET2 settles on a day (`yyyy-MM-dd`).
 *
 * @example isTargetDay('2026-04-03') // false (Good Friday)
 * @example isTargetDay('2026-04-07') // true
 */
export function isTargetDay(day: string): boolean {
  const weekday = utc(day).getUTCDay();
  if (weekday === 0 || weekday === 6) return false;
  const monthDay = day.slice(5);
  if (['01-01', '05-01', '12-25', '12-26'].includes(monthDay)) return false;
  const easter = easterSunday(Number(day.slice(0, 4)));
  return day !== plusDays(easter, -2) && day !== plusDays(easter, 1);
}

/** The first TARGET day on or after a day. */
export function targetDayOnOrAfter(day: string): string {
  let next = day;
  while (!isTargetDay(next)) next = plusDays(next, 1);
  return next;
}

/** The TARGET day `count` TARGET days after a day. */
export function addTargetDays(day: string, count: number): string {
  let next = day;
  for (let n = 0; n < count; n++) next = targetDayOnOrAfter(plusDays(next, 1));
  return next;
}

/**
 * The earliest collection date of a sequence type for a file created today. The lead time counts
 * from the TARGET day the file reaches the banks: a file made on a Saturday, a Sunday or a TARGET
 * holiday is passed on with the next TARGET day, so its lead time starts there.
 *
 * @example earliestCollectionDate('2026-11-27', 'RCUR') // '2026-11-30' (a Friday: the next TARGET day is Monday)
 * @example earliestCollectionDate('2026-11-28', 'RCUR') // '2026-12-01' (a Saturday: passed on Monday, collected Tuesday)
 */
export const earliestCollectionDate = (today: string, sequenceType: SequenceType): string =>
  addTargetDays(targetDayOnOrAfter(today), LEAD_TARGET_DAYS[sequenceType]);
