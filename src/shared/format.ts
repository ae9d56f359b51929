/**
 * German display formats shared by client and server (e-mails, exports).
 * Money is integer cents, server timestamps are epoch seconds, calendar dates are `yyyy-MM-dd`.
 */

const moneyFormat = new Intl.NumberFormat('de-DE', { style: 'currency', currency: 'EUR' });
const percentFormat = new Intl.NumberFormat('de-DE', { minimumFractionDigits: 0, maximumFractionDigits: 2 });
const ISO_DATE = /^(\d{4})-(\d{2})-(\d{2})$/;

const pad = (n: number): string => String(n).padStart(2, '0');

/**
 * Formats integer cents as German euros.
 * @example formatMoney(123456) // '1.234,56 €'
 * @example formatMoney(-5) // '-0,05 €'
 */
export function formatMoney(cents: number | null | undefined): string {
  if (cents === null || cents === undefined || Number.isNaN(Number(cents))) return '';
  // Intl puts a no-break space before the euro sign; a plain space copies and compares cleanly.
  return moneyFormat.format(Number(cents) / 100).replace(/\u00a0/g, ' ');
}

/**
 * Formats a percentage value (already in percent, not a fraction) the German way.
 * @example formatPercent(12.5) // '12,5 %'
 */
export function formatPercent(value: number | null | undefined): string {
  if (value === null || value === undefined || Number.isNaN(Number(value))) return '';
  return `${percentFormat.format(Number(value))} %`;
}

/**
 * Turns an epoch-seconds timestamp or a `yyyy-MM-dd` / ISO date string into a Date;
 * calendar dates stay on their calendar day whatever the time zone.
 */
export function toDate(value: number | string | null | undefined): Date | null {
  if (value === null || value === undefined || value === '') return null;
  if (typeof value === 'number') return Number.isFinite(value) ? new Date(value * 1000) : null;
  const iso = ISO_DATE.exec(value);
  if (iso) return new Date(Number(iso[1]), Number(iso[2]) - 1, Number(iso[3]));
  if (/^\d+$/.test(value)) return new Date(Number(value) * 1000);
  const parsed = new Date(value);
  return Number.isNaN(parsed.getTime()) ? null : parsed;
}

/**
 * Formats epoch seconds or a calendar date as `dd.MM.yyyy`; unknown input gives ''.
 * @example formatDate('2024-03-09') // '09.03.2024'
 */
export function formatDate(value: number | string | null | undefined): string {
  const date = toDate(value);
  if (!date) return '';
  return `${pad(date.getDate())}.${pad(date.getMonth() + 1)}.${date.getFullYear()}`;
}

/**
 * Formats epoch seconds as `dd.MM.yyyy HH:mm` in local time.
 * @example formatDateTime(0) // '01.01.1970 01:00' in Europe/Berlin
 */
export function formatDateTime(value: number | string | null | undefined): string {
  const date = toDate(value);
  if (!date) return '';
  return `${formatDate(value)} ${pad(date.getHours())}:${pad(date.getMinutes())}`;
}

const sizeFormat = new Intl.NumberFormat('de-DE', { maximumFractionDigits: 1 });

/**
 * A byte count the German way.
 * @example formatFileSize(1536) // '1,5 KB'
 * @example formatFileSize(3_200_000) // '3,1 MB'
 */
export function formatFileSize(bytes: number | null | undefined): string {
  const n = Number(bytes ?? 0);
  if (n >= 1_048_576) return `${sizeFormat.format(n / 1_048_576)} MB`;
  if (n >= 1024) return `${sizeFormat.format(n / 1024)} KB`;
  return `${n} Bytes`;
}
