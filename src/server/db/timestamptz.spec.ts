import fc from 'fast-check';
import pg from 'pg';
import { describe, expect, it } from 'vitest';
import { parseTimestamptz, TIMESTAMPTZ_OID } from './timestamptz';

const pgParse = pg.types.getTypeParser(TIMESTAMPTZ_OID, 'text') as (value: string) => unknown;
const pad = (n: number, width: number) => String(n).padStart(width, '0');
const same = (value: string) => {
  const ours = parseTimestamptz(value);
  const theirs = pgParse(value);
  if (theirs instanceof Date) {
    expect(ours).toBeInstanceOf(Date);
    expect((ours as Date).getTime()).toBe(theirs.getTime());
  } else {
    expect(ours).toEqual(theirs);
  }
};

describe('parseTimestamptz', () => {
  it('reads PostgreSQL’s ISO output of every fraction and offset as pg’s parser does', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 1000, max: 9999 }),
        fc.integer({ min: 1, max: 12 }),
        fc.integer({ min: 1, max: 28 }),
        fc.integer({ min: 0, max: 23 }),
        fc.integer({ min: 0, max: 59 }),
        fc.integer({ min: 0, max: 59 }),
        fc.option(fc.stringMatching(/^[0-9]{1,6}$/)),
        fc.constantFrom('+', '-'),
        fc.integer({ min: 0, max: 15 }),
        fc.option(fc.constantFrom(0, 30, 45)),
        (year, month, day, hour, minute, second, fraction, sign, offsetHours, offsetMinutes) => {
          const offset = `${sign}${pad(offsetHours, 2)}${offsetMinutes === null ? '' : `:${pad(offsetMinutes, 2)}`}`;
          same(
            `${year}-${pad(month, 2)}-${pad(day, 2)} ${pad(hour, 2)}:${pad(minute, 2)}:${pad(second, 2)}${fraction === null ? '' : `.${fraction}`}${offset}`,
          );
        },
      ),
      { numRuns: 2000 },
    );
  });

  it('reads the shapes it does not know through pg’s parser, to the same value', () => {
    for (const value of [
      '2026-11-28 19:55:41.123456+00',
      '2026-11-28 19:55:41+05:30',
      '2026-11-28 19:55:41.29+00',
      '0099-01-01 00:00:00+00',
      '0500-06-15 12:00:00+00',
      '2026-11-28 19:55:41+01:00:30',
      '0044-03-15 12:00:00+00 BC',
      '12026-01-01 00:00:00+00',
      'infinity',
      '-infinity',
      '2026-11-28 19:55:41.+00',
      '2026-11-28 19:55:4x+00',
    ]) {
      same(value);
    }
    expect(parseTimestamptz('2026-11-28 19:55:41.5+01')).toEqual(new Date('2026-11-28T18:55:41.500Z'));
  });
});
