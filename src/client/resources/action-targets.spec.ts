import { describe, expect, it } from 'vitest';
import { resources } from '../../../generated/resources';
import {
  commandTarget,
  permittedTargets,
  preselectTarget,
  targetAddress,
  targetEntries,
  targetLabel,
  type TargetEntry,
} from './action-targets';

const action = (key: string) => resources.debtors.detail.actions.find((a) => a.key === key)!;
const osnabrueck = {
  id: 1,
  name: 'Michel AG',
  status: 'active',
  customDebtorNumber: 'KD-S10000',
  address: { street: 'Wiesenstr.', house: '29b', zip: '49074', city: 'Osnabrück' },
};
const kiel = {
  id: 2,
  name: 'Michel AG – Niederlassung Kiel',
  status: 'reactivated',
  customDebtorNumber: null,
  address: { street: 'Ginsterweg', house: '16c', zip: '24103', city: 'Kiel' },
};
const ulm = { id: 3, name: 'Filiale Ulm', status: 'inactive', address: { zip: '89073', city: 'Ulm' } };
const debtor = { id: 1, locations: [osnabrueck, kiel, ulm] };

describe('targetEntries', () => {
  it("offers the debtor's locations that meet the action's condition", () => {
    expect(targetEntries(action('deactivateLocation'), debtor).map((l) => l.id)).toEqual([1, 2]);
    expect(targetEntries(action('activateLocation'), debtor).map((l) => l.id)).toEqual([3]);
  });

  it('offers nothing without a target list or a record', () => {
    expect(targetEntries(action('edit'), debtor)).toEqual([]);
    expect(targetEntries(action('editLocation'), undefined)).toEqual([]);
    expect(targetEntries(action('editLocation'), { locations: null })).toEqual([]);
  });
});

describe('permittedTargets', () => {
  it('drops the entries whose permissions answer forbids the action', () => {
    const answers: Record<number, Record<string, boolean>> = {
      1: { activate_location: false, update_location_data: true },
      2: { activate_location: true },
    };
    const entries = targetEntries(action('deactivateLocation'), debtor);
    const answerOf = (entry: TargetEntry) => answers[Number(entry.id)];
    expect(permittedTargets(action('deactivateLocation'), entries, answerOf).map((l) => l.id)).toEqual([2]);
    expect(permittedTargets(action('editLocation'), entries, answerOf).map((l) => l.id)).toEqual([1, 2]);
    expect(permittedTargets(action('editLocation'), entries, () => undefined)).toHaveLength(2);
  });
});

describe('labels', () => {
  it('names a location by name, own customer number and address', () => {
    expect(targetLabel(osnabrueck)).toBe('Michel AG (KD-S10000), Wiesenstr. 29b, 49074 Osnabrück');
    expect(targetLabel(kiel)).toBe('Michel AG – Niederlassung Kiel, Ginsterweg 16c, 24103 Kiel');
    expect(targetAddress(ulm)).toBe('89073 Ulm');
    expect(targetAddress({})).toBe('');
  });
});

describe('preselectTarget', () => {
  const entries = [osnabrueck, kiel] as TargetEntry[];
  it('takes the location the route selects, else the only one', () => {
    expect(preselectTarget(entries, '2')).toBe(kiel);
    expect(preselectTarget(entries, '9')).toBeNull();
    expect(preselectTarget(entries)).toBeNull();
    expect(preselectTarget([ulm] as TargetEntry[])).toBe(ulm);
    expect(preselectTarget([])).toBeNull();
  });
});

describe('commandTarget', () => {
  it("names the record by its id, and by its unique key where the command's path wants that", () => {
    expect(commandTarget({}, 12, { sapNumber: '4711' })).toEqual({ id: 12 });
    const byKey = { targetKey: { param: 'sap', field: 'sapNumber' } };
    expect(commandTarget(byKey, 12, { sapNumber: '4711' })).toEqual({ id: 12, sap: '4711' });
    // without the key the path cannot be filled (submitPath refuses rather than calling …/undefined)
    expect(commandTarget(byKey, 12, { sapNumber: null })).toEqual({ id: 12, sap: undefined });
  });
});
