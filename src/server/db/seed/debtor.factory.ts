import type { Faker } from '@faker-js/faker';
import type { NewDebtor, NewLocation, NewPermanentDebt, NewVoucher } from '../schema';
import type { IdAllocator } from './bulk-insert';
import { GERMAN_PLACES } from './german-places';
import { cents, germanIban, shiftDate } from './seed-random';

/** the demo debtors' mail domains: reserved for examples, never delivered to anyone */
const RESERVED_MAIL_DOMAINS = ['example.com', 'example.org', 'example.net'];

/** Everything that belongs to one generated debtor, ready for bulk insert. */
export interface DebtorGraph {
  debtor: NewDebtor;
  locations: NewLocation[];
  permanentDebts: NewPermanentDebt[];
  vouchers: NewVoucher[];
}

export type { IdAllocator };

export interface DebtorFactoryContext {
  faker: Faker;
  creditorId: number;
  /** prefix making identifiers unique per creditor, e.g. `S` */
  prefix: string;
  /** reference day `yyyy-MM-dd` that all generated dates are relative to */
  today: string;
  /** running voucher number of the creditor (mutated) */
  voucherCounter: { next: number };
  /** hands out explicit ids, so related rows can be built before anything is inserted */
  ids: IdAllocator;
  /** vouchers per active debtor (default 2–22); the large data set uses fewer */
  voucherRange?: { min: number; max: number };
  /** false for products without permanent debts (cash and freight variants) */
  withPermanentDebts?: boolean;
}

// Limits a credit agency typically grants, in cents; 0 means no limit (vouchers not purchased).
const LIMIT_STEPS = [0, 50_000, 250_000, 500_000, 1_000_000, 2_500_000, 5_000_000];
// Timestamps fall at noon UTC so the calendar day is the same in every European time zone.
const atNoon = (date: string) => `${date}T12:00:00Z`;
const PERIODS = ['monthly', 'monthly', 'three_monthly', 'yearly'];

/**
 * Builds one debtor with 1–4 locations, invoices (some purchased, some open), and for direct-debit
 * debtors a SEPA mandate and sometimes permanent debts. `index` drives the mix of statuses so a
 * small creditor still shows every case.
 *
 * @example
 * const graph = buildDebtorGraph(context, 0); // an active business debtor with locations and invoices
 */
export function buildDebtorGraph(context: DebtorFactoryContext, index: number): DebtorGraph {
  const { faker, creditorId, prefix, today } = context;
  const id = context.ids.next('debtor');
  const isBusiness = index % 4 !== 3;
  const firstName = faker.person.firstName();
  const lastName = faker.person.lastName();
  const name = isBusiness ? faker.company.name() : `${firstName} ${lastName}`;
  const { city, zip } = faker.helpers.arrayElement(GERMAN_PLACES);
  const street = faker.location.street();
  const house = faker.location.buildingNumber();
  const status = index % 13 === 5 ? 'inactive' : index % 11 === 7 ? 'reactivated' : 'active';
  const directDebit = index % 3 === 0;
  const approvedLimit = index % 9 === 4 ? 0 : faker.helpers.arrayElement(LIMIT_STEPS.slice(1));
  const limitExpiredDate =
    approvedLimit === 0
      ? null
      : atNoon(
          shiftDate(
            today,
            index % 7 === 2
              ? -faker.number.int({ min: 5, max: 200 })
              : faker.number.int({ min: 20, max: 540 }),
          ),
        );
  const solvency = index % 5 === 1;
  const debtor: NewDebtor = {
    id,
    creditorId,
    identifier: `${prefix}D${String(100001 + index)}`,
    name,
    debtorType: isBusiness ? 'business' : 'customer',
    firstName: isBusiness ? null : firstName,
    lastName: isBusiness ? null : lastName,
    dateOfBirth: isBusiness ? null : shiftDate(today, -faker.number.int({ min: 20 * 365, max: 80 * 365 })),
    status,
    sapNumber: String(40_000_000 + index * 7 + (prefix.charCodeAt(0) % 7)),
    paymentMethod: directDebit ? 'direct_debit_mandate' : 'bank_transfer',
    street,
    house,
    zip,
    city,
    approvedLimit,
    availableLimit: 0,
    limitExpiredDate,
    limitUpdateDate:
      approvedLimit === 0 ? null : atNoon(shiftDate(today, -faker.number.int({ min: 10, max: 300 }))),
    isOnBlackList: index % 17 === 9,
    limitRequestActive: index % 8 === 6,
    solvencyColor: solvency ? faker.helpers.arrayElement(['green', 'green', 'yellow', 'red']) : null,
    solvencyReasonCode: solvency ? faker.helpers.arrayElement(['ID_0', 'ID_1', 'ID_3']) : null,
    solvencyDate: solvency ? atNoon(shiftDate(today, -faker.number.int({ min: 1, max: 120 }))) : null,
    sepaAccountOwner: directDebit ? name : null,
    sepaCity: directDebit ? city : null,
    sepaDate: directDebit ? shiftDate(today, -faker.number.int({ min: 30, max: 700 })) : null,
    sepaExpiredDate: null,
    sepaIban: directDebit ? germanIban(faker) : null,
    sepaReferenceNumber: directDebit ? `MREF-${prefix}${faker.string.numeric(8)}` : null,
  };

  const locationCount = faker.helpers.weightedArrayElement([
    { weight: 5, value: 1 },
    { weight: 3, value: 2 },
    { weight: 2, value: 3 },
    { weight: 1, value: 4 },
  ]);
  const locations: NewLocation[] = [];
  for (let l = 0; l < locationCount; l++) {
    const main = l === 0;
    const deliveryType = faker.helpers.arrayElement(['email', 'email', 'post']);
    const branch = main ? { city, zip } : faker.helpers.arrayElement(GERMAN_PLACES);
    const branchCity = branch.city;
    const withPostAddress = !main && l % 2 === 1;
    locations.push({
      id: context.ids.next('location'),
      creditorId,
      debtorId: id,
      identifier: `${debtor.identifier}-L${l + 1}`,
      name: main
        ? name
        : `${name} – ${faker.helpers.arrayElement(['Filiale', 'Lager', 'Niederlassung'])} ${branchCity}`,
      customDebtorNumber: `KD-${prefix}${String(10000 + index * 10 + l)}`,
      deliveryType,
      // an inactive debtor has only inactive locations (deactivating the debtor deactivates them)
      status: status === 'inactive' ? 'inactive' : l === 3 ? 'inactive' : 'active',
      addressFirstName: isBusiness ? null : firstName,
      addressName: isBusiness ? name : lastName,
      street: main ? street : faker.location.street(),
      house: main ? house : faker.location.buildingNumber(),
      zip: branch.zip,
      city: branchCity,
      postFirstName: null,
      postName: withPostAddress ? name : null,
      postStreet: null,
      postHouse: null,
      postZip: withPostAddress ? branch.zip : null,
      postCity: withPostAddress ? branchCity : null,
      postCountry: withPostAddress ? 'DE' : null,
      postPoBox: withPostAddress ? faker.string.numeric(6) : null,
      contactPerson: isBusiness ? faker.person.fullName() : null,
      email:
        deliveryType === 'email' || faker.datatype.boolean()
          ? // reserved domains only (RFC 2606): with SMTP configured, no real person gets demo mail;
            // one draw for the provider, as faker's free-mail default takes (the rest stays as seeded)
            faker.internet
              .email({ firstName, lastName, provider: faker.helpers.arrayElement(RESERVED_MAIL_DOMAINS) })
              .toLowerCase()
          : null,
      telephone: faker.phone.number({ style: 'national' }),
    });
  }

  const permanentDebts: NewPermanentDebt[] = [];
  if (directDebit && index % 2 === 0 && context.withPermanentDebts !== false) {
    const count = faker.number.int({ min: 1, max: 2 });
    for (let p = 0; p < count; p++) {
      const gross = cents(faker, 20, 400);
      const pdStatus = p === 0 ? 'active' : faker.helpers.arrayElement(['created', 'stopped', 'expired']);
      const startDate = shiftDate(today, -faker.number.int({ min: 30, max: 400 }));
      permanentDebts.push({
        id: context.ids.next('permanentDebt'),
        creditorId,
        debtorId: id,
        locationId: locations[0].id!,
        customNumber: `DA-${prefix}${String(5000 + index * 3 + p)}`,
        subject: faker.helpers.arrayElement([
          'Wartungsvertrag',
          'Miete Stellplatz',
          'Softwarelizenz',
          'Reinigung',
          'Abonnement',
        ]),
        description: null,
        grossAmount: gross,
        netAmount: Math.round(gross / 1.19),
        vat: 19,
        period: faker.helpers.arrayElement(PERIODS),
        status: pdStatus,
        startDate,
        endDate: pdStatus === 'expired' ? shiftDate(today, -faker.number.int({ min: 1, max: 20 })) : null,
        // drawn to keep the sequence of draws as before; replaced by the schedule's next execution
        // date in completePermanentDebts (creditor.pipeline.ts)
        nextExecutionDate:
          pdStatus === 'active' || pdStatus === 'created'
            ? shiftDate(today, faker.number.int({ min: 2, max: 31 }))
            : null,
      });
    }
  }

  const vouchers: NewVoucher[] = [];
  const voucherCount =
    status === 'inactive'
      ? faker.number.int({ min: 0, max: 3 })
      : faker.number.int(context.voucherRange ?? { min: 2, max: 22 });
  let used = 0;
  for (let v = 0; v < voucherCount; v++) {
    const location = faker.helpers.arrayElement(locations);
    const voucherDate = shiftDate(today, -faker.number.int({ min: 1, max: 420 }));
    const amount = cents(faker, 40, approvedLimit > 0 ? Math.min(6000, approvedLimit / 100) : 3000);
    const purchased = approvedLimit > 0 && faker.number.int({ min: 0, max: 9 }) < 8;
    const open = faker.number.int({ min: 0, max: 9 }) < 4;
    const leftover = open ? (faker.datatype.boolean() ? amount : Math.round(amount / 2)) : 0;
    const permanentDebt = permanentDebts.length > 0 && v % 5 === 4 ? permanentDebts[0] : undefined;
    if (purchased && open) used += leftover;
    const number = context.voucherCounter.next++;
    vouchers.push({
      id: context.ids.next('voucher'),
      creditorId,
      debtorId: id,
      locationId: location.id!,
      permanentDebtId: permanentDebt?.id ?? null,
      customNumber: `RE-${prefix}${String(number).padStart(6, '0')}`,
      officialVoucherNumber: `${prefix}${String(700000000 + number)}`,
      type: permanentDebt ? 'permanent_debt' : v % 9 === 8 ? 'credit_advice' : 'invoice',
      status: open ? 'open' : 'closed',
      purchaseStatus: purchased
        ? faker.helpers.arrayElement(['GEKAUFT', 'GEKAUFT', 'GEKAUFT', 'NACHTRAEGLICH_GEKAUFT'])
        : faker.helpers.arrayElement(['NICHT_GEKAUFT', 'NICHT_ANKAUFBAR']),
      amount,
      leftoverAmount: leftover,
      voucherDate,
      performanceDate: voucherDate,
      paymentDeadline: shiftDate(voucherDate, faker.helpers.arrayElement([14, 30, 30, 60])),
      uploadedAt: atNoon(voucherDate),
    });
  }
  debtor.availableLimit = Math.max(0, approvedLimit - used);
  return { debtor, locations, permanentDebts, vouchers };
}
