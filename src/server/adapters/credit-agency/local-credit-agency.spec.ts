import { describe, expect, it } from 'vitest';
import { enums } from '../../../../generated/enums';
import type { DebtorType, IdentCheckRequest } from './credit-agency';
import { normaliseLimitAddress, titleCaseCity } from './limit-address';
import { assess, baseLimit, createLocalCreditAgency, stableHash } from './local-credit-agency';

const agency = createLocalCreditAgency();
const codes = (name: string) => enums[name].values.map((v) => String(v.value));

const request = (debtorType: DebtorType, name: string, extra: Partial<IdentCheckRequest> = {}) => ({
  debtorType,
  name,
  street: 'Hauptstr.',
  house: '12',
  zip: '20095',
  city: 'hamburg',
  ...extra,
});
const nameFor = (debtorType: DebtorType, marker: string) =>
  debtorType === 'business' ? `Muster GmbH ${marker}` : `Erika Mustermann ${marker}`;

/** A name without marker whose hash lands on the given finding (the fallback rule). */
function nameWithHashFinding(debtorType: DebtorType, finding: string): string {
  for (let i = 0; i < 10_000; i++) {
    const name = debtorType === 'business' ? `Firma ${i} GmbH` : `Max Muster${i}`;
    if (assess(debtorType, name, '20095').finding === finding) return name;
  }
  throw new Error(`no name found for ${finding}`);
}

describe('local credit agency: ident check', () => {
  const expected: Record<string, { color: string; identified: boolean; blacklist: boolean }> = {
    ID_1: { color: 'red', identified: true, blacklist: false },
    ID_3: { color: 'yellow', identified: true, blacklist: false },
    ID_4: { color: 'yellow', identified: false, blacklist: false },
    ID_9: { color: 'red', identified: true, blacklist: true },
    ID_10: { color: 'red', identified: true, blacklist: false },
  };

  for (const [debtorType, enumName] of [
    ['business', 'limitReasonCodeBusiness'],
    ['customer', 'limitReasonCodeCustomer'],
  ] as const) {
    it.each(codes(enumName))(
      `provokes limit reason code %s for a ${debtorType} by a name marker`,
      async (code) => {
        const result = await agency.identCheck(request(debtorType, nameFor(debtorType, code)));
        const want = expected[code];
        expect(result).toMatchObject({ reasonCodes: [code], color: want.color, identified: want.identified });
        expect(result.hasBlacklistEntry).toBe(want.blacklist);
        expect(result.cspIdentifier === null).toBe(!want.identified);
        const full = baseLimit(debtorType, assess(debtorType, nameFor(debtorType, ''), '20095').hash);
        expect(result.limit).toBe(code === 'ID_3' ? full / 2 : 0);
      },
    );

    it(`is green with the full limit and a CSP id for a ${debtorType} without findings`, async () => {
      const result = await agency.identCheck(request(debtorType, nameFor(debtorType, 'ID_0')));
      expect(result).toMatchObject({
        color: 'green',
        reasonCodes: [],
        identified: true,
        hasBlacklistEntry: false,
      });
      expect(result.cspIdentifier).toMatch(/^CSP-\d{8}$/);
      const [min, max] = debtorType === 'business' ? [500_000, 15_000_000] : [50_000, 500_000];
      expect(result.limit).toBeGreaterThanOrEqual(min);
      expect(result.limit).toBeLessThanOrEqual(max);
      expect(result.limit % (debtorType === 'business' ? 500_000 : 50_000)).toBe(0);
    });
  }

  it('ignores a marker that is no limit code of the debtor type (ID_3 for a business)', async () => {
    const result = await agency.identCheck(request('business', 'Muster GmbH ID_3'));
    expect(result).toMatchObject({ color: 'green', reasonCodes: [] });
  });

  it('reaches every colour without a marker, through the hash of name and postcode', async () => {
    for (const [finding, color] of [
      ['ID_0', 'green'],
      ['ID_3', 'yellow'],
      ['ID_4', 'yellow'],
      ['ID_1', 'red'],
    ]) {
      const result = await agency.identCheck(request('customer', nameWithHashFinding('customer', finding)));
      expect(result.color).toBe(color);
    }
  });

  it('answers most inputs green', async () => {
    let green = 0;
    for (let i = 0; i < 1_000; i++) {
      if (
        (await agency.identCheck(request('customer', `Person ${i}`, { zip: String(10_000 + i * 7) })))
          .color === 'green'
      )
        green++;
    }
    expect(green).toBeGreaterThan(700);
    expect(green).toBeLessThan(900);
  });

  it('is deterministic: the same debtor gets the same answer, whatever the spelling of the address', async () => {
    const a = await agency.identCheck(request('business', 'Muster GmbH'));
    const b = await agency.identCheck(
      request('business', 'Muster GmbH', { city: ' HAMBURG ', street: 'Hauptstraße' }),
    );
    expect(b).toEqual(a);
    expect(await agency.identCheck(request('business', 'Muster GmbH'))).toEqual(a);
    expect(stableHash('muster gmbh|20095')).toBe(stableHash('muster gmbh|20095'));
  });

  it('returns the normalised limit address without the marker; customers by first and last name', async () => {
    const result = await agency.identCheck(
      request('customer', 'ignored', {
        firstName: 'Erika',
        lastName: 'Mustermann ID_3',
        house: ' 7 b ',
        city: 'frankfurt am main',
      }),
    );
    expect(result.reasonCodes).toEqual(['ID_3']);
    expect(result.limitAddress).toEqual({
      name: 'Erika Mustermann',
      street: 'Hauptstraße',
      house: '7b',
      zip: '20095',
      city: 'Frankfurt am Main',
    });
  });
});

describe('local credit agency: solvency check', () => {
  const colour: Record<string, string> = {
    ID_0: 'green',
    ID_1: 'red',
    ID_3: 'yellow',
    ID_4: 'yellow',
    ID_8: 'green',
    ID_10: 'red',
  };

  for (const [debtorType, enumName] of [
    ['business', 'solvencyReasonCodeBusiness'],
    ['customer', 'solvencyReasonCodeCustomer'],
  ] as const) {
    it.each(codes(enumName))(
      `provokes solvency code %s for a ${debtorType} by a name marker`,
      async (code) => {
        const result = await agency.solvencyCheck(request(debtorType, nameFor(debtorType, code)));
        expect(result).toEqual({ reasonCode: code, color: colour[code] });
      },
    );
  }

  it('rates public bodies ID_8 (green) — businesses only', async () => {
    for (const name of [
      'Stadt Musterhausen',
      'Gemeinde Adorf',
      'Landkreis Harburg',
      'Bundesamt für Statistik',
      'Landesamt für Umwelt',
    ]) {
      expect(await agency.solvencyCheck(request('business', name))).toEqual({
        reasonCode: 'ID_8',
        color: 'green',
      });
      expect((await agency.identCheck(request('business', name))).color).toBe('green');
    }
    expect(
      (await agency.solvencyCheck(request('business', 'Stadtwerke Musterhausen GmbH ID_0'))).reasonCode,
    ).toBe('ID_0');
    expect((await agency.solvencyCheck(request('customer', 'Stadt Musterhausen ID_0'))).reasonCode).toBe(
      'ID_0',
    );
  });

  it('agrees with the ident check: blacklisted (ID_9) is red ID_1, a marker of the other type is ID_0', async () => {
    expect(await agency.solvencyCheck(request('business', 'Muster GmbH ID_9'))).toEqual({
      reasonCode: 'ID_1',
      color: 'red',
    });
    expect(await agency.solvencyCheck(request('customer', 'Erika Mustermann ID_8'))).toEqual({
      reasonCode: 'ID_0',
      color: 'green',
    });
  });
});

describe('limit address', () => {
  it('normalises blanks, street suffixes and the city', () => {
    expect(
      normaliseLimitAddress({
        name: ' Muster  GmbH',
        street: 'Berliner  Str. ',
        house: '12 a',
        zip: '20 095',
        city: 'HALLE (SAALE)',
      }),
    ).toEqual({
      name: 'Muster GmbH',
      street: 'Berliner Straße',
      house: '12a',
      zip: '20095',
      city: 'Halle (Saale)',
    });
    expect(
      normaliseLimitAddress({ name: 'x', street: 'Lindenstrasse', house: '', zip: '', city: '' }).street,
    ).toBe('Lindenstraße');
    expect(titleCaseCity('neustadt an der weinstraße')).toBe('Neustadt an der Weinstraße');
    expect(titleCaseCity('BAD NEUENAHR-AHRWEILER')).toBe('Bad Neuenahr-Ahrweiler');
  });
});
