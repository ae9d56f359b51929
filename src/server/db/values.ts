/**
 * Conversions at the API boundary: the database keeps timestamptz (JS Date) and date
 * (`yyyy-MM-dd`); the API sends timestamps as epoch seconds and dates unchanged.
 *
 * @example
 * toEpochSeconds(new Date('2025-01-01T00:00:00Z')); // → 1735689600
 */
export function toEpochSeconds(value: Date | null | undefined): number | null {
  return value ? Math.floor(value.getTime() / 1000) : null;
}
