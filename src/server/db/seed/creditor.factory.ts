import type { Faker } from '@faker-js/faker';
import { enums } from '../../../../generated/enums';
import type { NewRow } from '../schema';
import { FACTORING_PRODUCTS, PRODUCTS, TERMS_CHANGES_TEXT, TERMS_VERSIONS } from './catalog.data';
import type { DemoCreditor, DemoUser } from './demo-accounts';
import { add, type CreditorContext } from './seed-context';
import { germanIban, shiftDate } from './seed-random';

const LEGAL_FORMS = enums.legalForm.values.map((v) => String(v.value));
const TERMS_TYPES = enums.termsDocumentType.values.length;
const MATRIX_MODELS = 3;
const atNine = (date: string) => `${date}T09:00:00Z`;

/** A creditor to seed: the demo accounts' shape, also used for generated creditors. */
export type CreditorSpec = DemoCreditor;

// The admin-set creditor permissions live in the main user's permission tree (schema/permissions.yaml).
const grantedFlag = (spec: CreditorSpec, leaf: string) =>
  (spec.users[0]?.permissions?.creditorPermissions as Record<string, unknown> | undefined)?.[leaf] === true;

/**
 * The creditor row with master data, contract, mandate and extensions (document 1 §3 "Creditor
 * detail", document 2 §3). Draws from the creditor's own faker `f`.
 *
 * @example
 * add(sink, 'creditor', buildCreditorRow(spec, 1, f, '2025-11-01', 'main@example.com'));
 */
export function buildCreditorRow(
  spec: CreditorSpec,
  id: number,
  f: Faker,
  today: string,
  email: string,
): NewRow<'creditor'> {
  const contractStart = shiftDate(today, -f.number.int({ min: 400, max: 2200 }));
  const legalForm = spec.name.includes('GmbH & Co. KG')
    ? 'GMBH_CO_KG'
    : spec.name.includes('GmbH')
      ? 'GMBH'
      : spec.name.includes('UG')
        ? 'UG'
        : spec.name.includes('OHG')
          ? 'OHG'
          : spec.name.includes('e.K.')
            ? 'EK'
            : f.helpers.arrayElement(LEGAL_FORMS);
  const proprietor = f.person.fullName();
  const turnover = f.number.int({ min: 40, max: 900 }) * 1_000_000;
  const factoring = FACTORING_PRODUCTS.includes(spec.product);
  return {
    id,
    identifier: spec.identifier,
    name: spec.name,
    tradeName: spec.tradeName,
    status: spec.status ?? 'active',
    product: spec.product,
    sapNumber: spec.sapNumber,
    approvedLimit: spec.approvedLimit,
    availableLimit: spec.approvedLimit,
    street: spec.street,
    house: spec.house,
    zip: spec.zip,
    city: spec.city,
    email,
    phone: `+49 ${f.string.numeric(3)} ${f.string.numeric(7)}`,
    salutation: f.helpers.arrayElement(['Herr', 'Frau']),
    contactName: spec.users[0]?.name ?? proprietor,
    mobileNumber: `+49 1${f.string.numeric(2)} ${f.string.numeric(7)}`,
    legalForm,
    registerNumber: `HRB ${f.number.int({ min: 1000, max: 99999 })}`,
    placeOfAuthority: `Amtsgericht ${spec.city}`,
    proprietor,
    contractNumber: `V-${spec.sapNumber}`,
    contractStart,
    contractDate: shiftDate(contractStart, -f.number.int({ min: 7, max: 30 })),
    foundingDate: shiftDate(contractStart, -f.number.int({ min: 365, max: 9000 })),
    entitledToDeductVat: true,
    vob: f.datatype.boolean(),
    annualTurnover: turnover,
    onlineTurnoverRate: f.number.int({ min: 0, max: 40 }),
    factorableTurnover: Math.round(turnover * 0.7),
    creditorLimit: factoring ? spec.approvedLimit : null,
    serviceFee: f.helpers.arrayElement([2.4, 2.9, 3.5]),
    setupFee: factoring || spec.product === 'APL' ? f.helpers.arrayElement([49_900, 24_900, 0]) : 0,
    creditScore: f.number.int({ min: 150, max: 420 }),
    cmsKey: `CMS-${spec.sapNumber}`,
    wzCode: f.helpers.arrayElement([
      '43.22.0',
      '43.21.0',
      '46.90.0',
      '47.11.0',
      '49.41.0',
      '62.01.0',
      '10.71.0',
    ]),
    cspIdentifier: `ONR${spec.sapNumber}`,
    ddmIdentifier: `DDM-${spec.sapNumber}`,
    sepaAccountOwner: spec.name,
    sepaIban: germanIban(f),
    sepaCity: spec.city,
    sepaDate: contractStart,
    sepaReferenceNumber: `MREF-K${spec.sapNumber}`,
    documentsEnabled: f.number.int(2) === 0,
    invoicesEnabled: f.number.int(2) !== 0,
    webAppKey: f.string.alphanumeric({ length: 32, casing: 'lower' }),
    // a flag granted on the main user (DemoUser.permissions) holds here too; the draw happens anyway
    permissions: JSON.stringify({
      invoice_direct_payment: true,
      debtor_solvency_request: f.number.int(3) !== 0 || grantedFlag(spec, 'solvencyDetermination'),
      verity_risk_manual_check_mandatory: f.number.int(5) === 0,
    }),
    defaultExposureType: factoring ? 'purchase' : 'service',
    isServiceFeePeriodActive: true,
    apiErrorCount: f.number.int(6) === 0 ? f.number.int({ min: 1, max: 12 }) : 0,
    registrationState: 'user_created',
    sentToSapAt: atNine(contractStart),
    createdAt: atNine(shiftDate(contractStart, -3)),
  };
}

/** The creditor's users: the first is the main user; all share one Argon2 hash. */
export function buildUsers(
  users: DemoUser[],
  creditorId: number,
  product: string,
  passwordHash: string,
  nextId: () => number,
): NewRow<'appUser'>[] {
  return users.map((user) => ({
    id: nextId(),
    username: user.username,
    email: user.username,
    name: user.name,
    passwordHash,
    roles: user.roles,
    product,
    permissions: JSON.stringify(user.permissions ?? {}),
    optIn: user.optIn ?? true,
    passwordUpdateRequired: user.passwordUpdateRequired ?? false,
    askForContactInformationChanges: user.askForContactInformationChanges ?? false,
    status: user.status ?? 'active',
    creditorId,
  }));
}

/**
 * Contract data around the creditor: service-fee conditions (an expired one, the active one and for
 * some a planned one — one start date each), the minimum-annual-fee periods, the intermediary, the
 * terms approvals (open for a user that has not opted in). Sets `ctx.fees` from the active condition.
 */
export function addContract(ctx: CreditorContext, creditor: NewRow<'creditor'>, mainUser: DemoUser): void {
  const { f, today } = ctx;
  const productIndex = PRODUCTS.indexOf(ctx.product);
  const matrixId = (model: number) => productIndex * MATRIX_MODELS + model + 1;
  const start = String(creditor.contractStart ?? shiftDate(today, -500));
  const activeModel = f.number.int(MATRIX_MODELS - 1);
  const conditions: [string, number, string][] = [
    [start, 0, 'expired'],
    [shiftDate(today, -f.number.int({ min: 30, max: 300 })), activeModel, 'active'],
  ];
  if (ctx.creditorId % 3 === 0)
    conditions.push([shiftDate(today, f.number.int({ min: 10, max: 60 })), 2, 'planned']);
  for (const [validFromDate, model, status] of conditions)
    add(ctx.sink, 'creditorServiceFeeCondition', {
      creditorId: ctx.creditorId,
      matrixEntryId: matrixId(model),
      status,
      validFromDate,
      isDefault: model === 0,
      createdAt: atNine(shiftDate(validFromDate, -5)),
    });
  const fees = [
    { purchased: 2.9, notPurchased: 1.5 },
    { purchased: 2.4, notPurchased: 1.2 },
    { purchased: 3.5, notPurchased: 1.9 },
  ][activeModel];
  ctx.fees = { ...fees, minimum: 500 };

  // periods of one year each; the current one covers today
  const yearsRunning = Math.max(1, Math.floor((Date.parse(today) - Date.parse(start)) / (365 * 86_400_000)));
  for (let year = Math.max(0, yearsRunning - 2); year <= yearsRunning; year++) {
    const periodStart = shiftDate(start, year * 365);
    if (periodStart > today) break;
    const annual = f.helpers.arrayElement([30_000, 60_000, 120_000]);
    const current = shiftDate(periodStart, 365) > today;
    add(ctx.sink, 'serviceFeePeriod', {
      creditorId: ctx.creditorId,
      startDate: periodStart,
      endDate: shiftDate(periodStart, 364),
      currentAnnualServiceFee: annual,
      chargedAmount: current
        ? f.number.int({ min: 0, max: annual })
        : annual + f.number.int({ min: 0, max: 80_000 }),
      nextPeriodAnnualServiceFee: current ? annual : null,
      createdAt: atNine(periodStart),
    });
  }

  if (ctx.creditorId % 2 === 0)
    add(ctx.sink, 'creditorIntermediary', {
      creditorId: ctx.creditorId,
      assetConsultantName: `${f.person.lastName()} Finanzberatung`,
      salutation: f.helpers.arrayElement(['Herr', 'Frau']),
      firstName: f.person.firstName(),
      lastName: f.person.lastName(),
      street: `${f.location.street()} ${f.location.buildingNumber()}`,
      zip: String(creditor.zip),
      city: String(creditor.city),
      phone: `+49 ${f.string.numeric(3)} ${f.string.numeric(6)}`,
      email: `vermittlung${ctx.creditorId}@example.com`,
      department: 'Firmenkunden',
      assetConsultantNumber: f.string.numeric(8),
      intermediaryNumber: f.string.numeric(6),
      privacyPolicyAccepted: true,
    });

  // approvals per terms version; the documents' ids follow catalog.data termsDocuments()
  TERMS_VERSIONS.forEach(({ modified }, version) => {
    const id = ctx.ids.next('termsApproval');
    const open = version === TERMS_VERSIONS.length - 1 && mainUser.optIn === false;
    const created = [modified, atNine(start)].sort()[1];
    add(ctx.sink, 'termsApproval', {
      id,
      creditorId: ctx.creditorId,
      userId: ctx.mainUserId,
      changesText: version > 0 ? TERMS_CHANGES_TEXT : null,
      createdAt: created,
      acceptedAt: open ? null : new Date(Date.parse(created) + 2 * 86_400_000).toISOString(),
    });
    for (let type = 0; type < TERMS_TYPES; type++)
      add(ctx.sink, 'termsApprovalDocument', {
        termsApprovalId: id,
        termsDocumentId: (productIndex * TERMS_VERSIONS.length + version) * TERMS_TYPES + type + 1,
      });
  });
}
