import { describe, expect, it } from 'vitest';
import {
  combine,
  DEBTOR_PERMISSION_KEYS,
  type DebtorState,
  debtorStateRules,
  LOCATION_PERMISSION_KEYS,
  type LocationState,
  locationStateRules,
} from './debtor-extras.permissions';

const now = new Date('2025-11-01T10:00:00Z');
const debtor = (patch: Partial<DebtorState> = {}): DebtorState => ({
  status: 'active',
  hasSepaMandate: false,
  hasActivePermanentDebts: false,
  limitRequestActive: false,
  limitExpiredDate: null,
  creditorStatus: 'active',
  ...patch,
});
const location = (patch: Partial<LocationState> = {}): LocationState => ({
  status: 'active',
  hasPostAddress: false,
  hasActivePermanentDebts: false,
  otherActiveLocations: 1,
  debtor: debtor(),
  ...patch,
});

describe('debtor state rules (document 1 §4)', () => {
  it.each([
    ['no permanent debts, no mandate', {}, true],
    ['a SEPA mandate', { hasSepaMandate: true }, false],
    ['active permanent debts', { hasActivePermanentDebts: true, hasSepaMandate: true }, false],
    ['already inactive (reactivation only via support)', { status: 'inactive' }, false],
    ['reactivated counts as active', { status: 'reactivated' }, true],
    ['a blocked creditor', { creditorStatus: 'blocked' }, false],
  ])('deactivation with %s → %s', (_, patch, expected) => {
    expect(debtorStateRules(debtor(patch), {}, now).activateDebtor).toBe(expected);
  });

  it('removes a SEPA mandate only without active permanent debts', () => {
    expect(debtorStateRules(debtor({ hasSepaMandate: true }), {}, now).removeSepaMandate).toBe(true);
    expect(
      debtorStateRules(debtor({ hasSepaMandate: true, hasActivePermanentDebts: true }), {}, now)
        .removeSepaMandate,
    ).toBe(false);
    expect(debtorStateRules(debtor(), {}, now).removeSepaMandate).toBe(false);
  });

  it('refreshes a limit that expires within 3 months, never during a running request', () => {
    const soon = new Date('2026-01-15T00:00:00Z');
    const later = new Date('2026-06-01T00:00:00Z');
    expect(debtorStateRules(debtor({ limitExpiredDate: soon }), {}, now).refreshLimit).toBe(true);
    expect(debtorStateRules(debtor({ limitExpiredDate: later }), {}, now).refreshLimit).toBe(false);
    const running = debtorStateRules(debtor({ limitExpiredDate: soon, limitRequestActive: true }), {}, now);
    expect(running).toMatchObject({ refreshLimit: false, increaseLimit: false });
  });

  it('checks solvency only with the creditor flag; terminated creditors edit but do not request', () => {
    expect(debtorStateRules(debtor(), {}, now).checkSolvency).toBe(false);
    expect(debtorStateRules(debtor(), { solvencyDetermination: true }, now).checkSolvency).toBe(true);
    expect(debtorStateRules(debtor({ creditorStatus: 'terminated' }), {}, now)).toMatchObject({
      editDebtor: true,
      increaseLimit: false,
    });
  });
});

describe('location state rules (document 1 §4)', () => {
  it.each([
    ['another active location', {}, true],
    ['active permanent debts at the location', { hasActivePermanentDebts: true }, false],
    [
      'the last active location of a debtor with a mandate',
      { otherActiveLocations: 0, debtor: debtor({ hasSepaMandate: true }) },
      false,
    ],
    ['the last active location of a plain debtor', { otherActiveLocations: 0 }, true],
    ['an inactive location of an active debtor (reactivation)', { status: 'inactive' }, true],
    [
      'an inactive location of an inactive debtor',
      { status: 'inactive', debtor: debtor({ status: 'inactive' }) },
      false,
    ],
  ])('activate/deactivate with %s → %s', (_, patch, expected) => {
    expect(locationStateRules(location(patch as Partial<LocationState>)).activateLocation).toBe(expected);
  });

  it('creates permanent debts only with a SEPA mandate and hands nothing over for blocked or terminated creditors', () => {
    expect(locationStateRules(location()).createPermanentDebt).toBe(false);
    expect(
      locationStateRules(location({ debtor: debtor({ hasSepaMandate: true }) })).createPermanentDebt,
    ).toBe(true);
    for (const creditorStatus of ['blocked', 'terminated'])
      expect(
        locationStateRules(location({ debtor: debtor({ creditorStatus, hasSepaMandate: true }) })),
      ).toMatchObject({
        uploadInvoice: false,
        createPermanentDebt: false,
      });
    expect(locationStateRules(location({ hasPostAddress: true })).deletePostAddress).toBe(true);
  });
});

describe('wire names', () => {
  it('are the spec server names, snake case where the spec names none', () => {
    expect(DEBTOR_PERMISSION_KEYS.map((k) => k.server)).toEqual(
      expect.arrayContaining([
        'add_address',
        'update_debtor_data',
        'determine_solvency',
        'activate_debtor',
        'debtor_solvency_request',
      ]),
    );
    expect(LOCATION_PERMISSION_KEYS.map((k) => k.server)).toEqual(
      expect.arrayContaining([
        'update_location_data',
        'add_voucher',
        'add_permanent_debt',
        'add_post_address',
        'activate_location',
        'delete_post_address',
      ]),
    );
  });

  it('combines evaluator and state: both must allow; flags pass through', () => {
    const state = debtorStateRules(debtor(), { solvencyDetermination: true }, now);
    const all = combine(DEBTOR_PERMISSION_KEYS, () => true, state, { solvencyDetermination: true });
    expect(all).toMatchObject({
      update_debtor_data: true,
      determine_solvency: true,
      debtor_solvency_request: true,
    });
    const none = combine(DEBTOR_PERMISSION_KEYS, () => false, state, { solvencyDetermination: true });
    expect(none).toMatchObject({
      update_debtor_data: false,
      determine_solvency: false,
      debtor_solvency_request: true,
    });
  });
});
