import type { Faker } from '@faker-js/faker';
import type { Kysely } from 'kysely';
import type { Database } from '../schema';
import { FACTORING_PRODUCTS } from './catalog.data';
import type { CreditorSpec } from './creditor.factory';
import { GERMAN_PLACES } from './german-places';
import { type BulkSeedOptions, writeBulkCreditors } from './large.seed';

/**
 * Scale tenants (issue 13): single creditors with about this many vouchers each, for measuring how
 * list, count, filters, sorts, dashboard and CSV behave with tenant size. `npm run seed -- --size
 * scale` writes the demo data plus these four; the large data set gets the last one (250,000).
 */
export const SCALE_TENANTS = [1_000, 10_000, 100_000, 250_000] as const;

// Vouchers per active debtor: 6–14 base vouchers, plus children (LARGE_PROFILE: 8 per 100) and a
// few uploads; inactive debtors (1 in 13) have 0–3. Measured: about 10.25 vouchers per debtor.
const VOUCHER_RANGE = { min: 6, max: 14 };
const VOUCHERS_PER_DEBTOR = 10.25;
// fakers and creditor indexes of the scale tenants never coincide with the large set's 10,000
const KEY_OFFSET = 1_000_000;

/** The login of the scale tenant with about `vouchers` vouchers (password `Demo1234!`). */
export const scaleTenantUser = (vouchers: number) => `scale${vouchers}@example.net`;

function scaleSpec(vouchers: number, i: number, f: Faker): CreditorSpec {
  const { city, zip } = f.helpers.arrayElement(GERMAN_PLACES);
  const name = `${f.company.name()} (${vouchers.toLocaleString('de-DE')} Belege)`;
  return {
    key: `scale-${vouchers}`,
    identifier: `K-${900_000 + i + 1}`,
    name,
    tradeName: name,
    // a factoring product offers every filter group and purchase status
    product: FACTORING_PRODUCTS[0],
    sapNumber: String(9_000_000 + i + 1),
    approvedLimit: 500_000_000,
    city,
    zip,
    street: f.location.street(),
    house: f.location.buildingNumber(),
    debtorCount: Math.max(1, Math.round(vouchers / VOUCHERS_PER_DEBTOR)),
    prefix: 'X',
    status: 'active',
    users: [{ username: scaleTenantUser(vouchers), name: f.person.fullName(), roles: ['ROLE_CREDITOR'] }],
  };
}

/**
 * Adds one creditor per entry of `tenants` (about that many vouchers each, with debtors, locations
 * and everything else the large profile gives a creditor), one creditor per transaction.
 *
 * @example
 * await seedScaleTenants(db, [1_000, 250_000], { seed, today, now, passwordHash, ids, staff });
 */
export function seedScaleTenants(
  db: Kysely<Database>,
  tenants: readonly number[],
  options: BulkSeedOptions,
): Promise<Record<string, number>> {
  return writeBulkCreditors(db, options, {
    count: tenants.length,
    batch: 1,
    keyOffset: KEY_OFFSET,
    creditorAt: (i, f) => ({ spec: scaleSpec(tenants[i], i, f), voucherRange: VOUCHER_RANGE }),
  });
}
