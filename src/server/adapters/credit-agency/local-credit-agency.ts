import { enums } from '../../../../generated/enums';
import type {
  CreditAgency,
  DebtorType,
  IdentCheckRequest,
  IdentCheckResult,
  SolvencyCheckResult,
  TrafficLight,
} from './credit-agency';
import { normaliseLimitAddress } from './limit-address';

/*
 * The local credit agency answers from the input alone, so tests and demo users can provoke every
 * answer (the table in src/server/adapters/README.md):
 * 1. a marker `ID_<n>` in the name decides;
 * 2. otherwise a business whose name names a public body (Stadt, Gemeinde, Landkreis …) is rated ID_8;
 * 3. otherwise a stable hash of name and postcode: 1 in 20 ID_4, 1 in 20 ID_1, 2 in 20 ID_3, else fine.
 * Each check then keeps the finding only when it is one of its codes for the debtor type.
 */

const codesOf = (enumName: string): ReadonlySet<string> => {
  const config = enums[enumName];
  if (!config) throw new Error(`generated/enums.ts has no enumeration '${enumName}'`);
  return new Set(config.values.map((v) => String(v.value)));
};

// Which codes each answer may carry comes from schema/enums (document 1 §8), not from this file.
const LIMIT_CODES: Record<DebtorType, ReadonlySet<string>> = {
  business: codesOf('limitReasonCodeBusiness'),
  customer: codesOf('limitReasonCodeCustomer'),
};
const SOLVENCY_CODES: Record<DebtorType, ReadonlySet<string>> = {
  business: codesOf('solvencyReasonCodeBusiness'),
  customer: codesOf('solvencyReasonCodeCustomer'),
};

/** Colour of a limit reason code; no code at all is green. */
const LIMIT_COLOUR: Record<string, TrafficLight> = {
  ID_1: 'red',
  ID_3: 'yellow',
  ID_4: 'yellow',
  ID_9: 'red',
  ID_10: 'red',
};
/** Colour of a solvency reason code. */
const SOLVENCY_COLOUR: Record<string, TrafficLight> = {
  ID_0: 'green',
  ID_1: 'red',
  ID_3: 'yellow',
  ID_4: 'yellow',
  ID_8: 'green',
  ID_10: 'red',
};
/** A finding that is no solvency code but still says something about solvency. */
const SOLVENCY_EQUIVALENT: Record<string, string> = { ID_9: 'ID_1' };
/** Findings of the hash rule, by `hash % 20`; every other bucket finds nothing (ID_0). */
const HASH_FINDINGS: Record<number, string> = { 0: 'ID_4', 1: 'ID_1', 2: 'ID_3', 3: 'ID_3' };

const NO_FINDING = 'ID_0';
const MEDIUM = 'ID_3';
const NOT_IDENTIFIED = 'ID_4';
const BLACKLISTED = 'ID_9';

const MARKER = /\bID_(\d{1,2})\b/i;
const PUBLIC_BODY =
  /\b(Stadt|Stadtverwaltung|Gemeinde|Gemeindeverwaltung|Landkreis|Kreisverwaltung|Landratsamt|Bezirksamt|Bundesamt|Landesamt|Bundesministerium|Ministerium|Bundesagentur|Zweckverband|Körperschaft des öffentlichen Rechts)\b/i;

/** 32-bit FNV-1a: stable across runs and platforms, good enough to spread names over buckets. */
export function stableHash(text: string): number {
  let hash = 0x811c9dc5;
  for (const byte of new TextEncoder().encode(text)) {
    hash ^= byte;
    hash = Math.imul(hash, 0x01000193) >>> 0;
  }
  return hash;
}

const stripMarker = (name: string) => name.replace(MARKER, ' ').replace(/\s+/g, ' ').trim();

interface Assessment {
  /** the one code the agency "found": a limit or solvency code, or ID_0 for nothing */
  finding: string;
  /** hash of the debtor without its marker: the same debtor gets the same limit and CSP id */
  hash: number;
}

/**
 * What the local agency finds about a debtor (rules 1–3 above).
 *
 * @example assess('business', 'Muster GmbH ID_9', '20095').finding // 'ID_9'
 * @example assess('business', 'Stadt Musterhausen', '12345').finding // 'ID_8'
 */
export function assess(debtorType: DebtorType, name: string, zip: string): Assessment {
  const hash = stableHash(`${stripMarker(name).toLocaleLowerCase('de-DE')}|${zip.replace(/\D/g, '')}`);
  const marker = MARKER.exec(name);
  if (marker) return { finding: `ID_${Number(marker[1])}`, hash };
  if (debtorType === 'business' && PUBLIC_BODY.test(name)) return { finding: 'ID_8', hash };
  return { finding: HASH_FINDINGS[hash % 20] ?? NO_FINDING, hash };
}

/**
 * The limit a debtor would get without negative findings: businesses 5.000–150.000 € in steps of
 * 5.000 €, private customers 500–5.000 € in steps of 500 € (integer cents).
 *
 * @example baseLimit('customer', 7) // 50_000 (500 €)
 */
export function baseLimit(debtorType: DebtorType, hash: number): number {
  const spread = Math.floor(hash / 20); // independent of the bucket that chose the finding
  return debtorType === 'business'
    ? (5_000 + (spread % 30) * 5_000) * 100
    : (500 + (spread % 10) * 500) * 100;
}

const fullName = (request: IdentCheckRequest): string =>
  request.debtorType === 'customer' && request.firstName && request.lastName
    ? `${request.firstName} ${request.lastName}`
    : request.name;

/**
 * A deterministic credit agency for development, tests and demos (`CREDIT_AGENCY=local`).
 *
 * @example
 * const agency = createLocalCreditAgency();
 * await agency.identCheck({ debtorType: 'business', name: 'Muster GmbH ID_9', street: 'Hauptstr.', house: '1', zip: '20095', city: 'hamburg' });
 * // → { identified: true, limit: 0, color: 'red', reasonCodes: ['ID_9'], hasBlacklistEntry: true,
 * //     limitAddress: { name: 'Muster GmbH', street: 'Hauptstraße', house: '1', zip: '20095', city: 'Hamburg' }, cspIdentifier: 'CSP-…' }
 */
export function createLocalCreditAgency(): CreditAgency {
  return {
    async identCheck(request) {
      const name = fullName(request);
      const { finding, hash } = assess(request.debtorType, name, request.zip);
      const reasonCodes = LIMIT_CODES[request.debtorType].has(finding) ? [finding] : [];
      const color = reasonCodes.length ? LIMIT_COLOUR[finding] : 'green';
      const identified = !reasonCodes.includes(NOT_IDENTIFIED);
      const full = baseLimit(request.debtorType, hash);
      const limit = color === 'green' ? full : finding === MEDIUM ? Math.round(full / 2) : 0;
      return {
        identified,
        limit,
        color,
        reasonCodes,
        hasBlacklistEntry: reasonCodes.includes(BLACKLISTED),
        limitAddress: normaliseLimitAddress({ ...request, name: stripMarker(name) }),
        cspIdentifier: identified ? `CSP-${String(10_000_000 + (hash % 90_000_000))}` : null,
      } satisfies IdentCheckResult;
    },

    async solvencyCheck(request) {
      const { finding } = assess(request.debtorType, request.name, request.zip);
      const code = SOLVENCY_EQUIVALENT[finding] ?? finding;
      const reasonCode = SOLVENCY_CODES[request.debtorType].has(code) ? code : NO_FINDING;
      return { color: SOLVENCY_COLOUR[reasonCode] ?? 'green', reasonCode } satisfies SolvencyCheckResult;
    },
  };
}
