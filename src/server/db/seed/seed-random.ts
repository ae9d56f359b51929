import { base, de, Faker } from '@faker-js/faker';
import { composeIBAN } from 'ibantools';

/**
 * A German faker with a fixed seed, so every seeding run writes the same data (dates are taken
 * relative to the reference day passed to the seed, so limits and deadlines stay plausible).
 *
 * @example
 * const faker = createSeedFaker(20251101);
 * faker.company.name(); // always the same company for this seed
 */
export function createSeedFaker(seed: number): Faker {
  const faker = new Faker({ locale: [de, base] });
  faker.seed(seed);
  return faker;
}

/** A German IBAN with a valid checksum (bank code and account number drawn from `faker`). */
export function germanIban(faker: Faker): string {
  const bban = faker.string.numeric({ length: 18, allowLeadingZeros: false });
  const iban = composeIBAN({ countryCode: 'DE', bban });
  if (!iban) throw new Error(`cannot compose an IBAN from ${bban}`);
  return iban;
}

/** `yyyy-MM-dd` of `today` shifted by `days` (UTC, so the result does not depend on the host zone). */
export function shiftDate(today: string, days: number): string {
  const date = new Date(`${today}T00:00:00Z`);
  date.setUTCDate(date.getUTCDate() + days);
  return date.toISOString().slice(0, 10);
}

/**
 * An upload time on `date`: noon (UTC), but never later than five minutes before `now` — an upload
 * of today seeded in the morning is not in the future, and today's uploads sort the same way (after
 * the "just now" ones, by id) whatever the hour the seed ran.
 */
export function uploadedOn(date: string, now: string): string {
  const noon = Date.parse(`${date}T12:00:00Z`);
  return new Date(Math.min(noon, Date.parse(now) - 5 * 60_000)).toISOString();
}

/** Euro amount between `minEuro` and `maxEuro` as integer cents. */
export function cents(faker: Faker, minEuro: number, maxEuro: number): number {
  return faker.number.int({ min: minEuro * 100, max: maxEuro * 100 });
}
