import { describe, expect, it } from 'vitest';
import { uploadVoucherForm } from '../../../generated/forms/upload-voucher';
import { dependentFields, withoutStaleDependents } from './form-context';
import { uploadPrefill } from './form-flows';
import { debtorDetails, locationLabel, type PickerDebtor } from './PickerWidgets';

const zentrale = { id: 7, name: 'Quokka Zentrale', customNumber: 'QK-4711', street: 'Hafenstraße', house: '1', zip: '24103', city: 'Kiel' };
const lager = { id: 8, name: 'Quokka Lager', customNumber: null, street: 'Am Kai', house: null, zip: '24937', city: 'Flensburg' };

describe('the upload dialog’s pickers', () => {
  it('shows a location with own customer number and address', () => {
    expect(locationLabel(zentrale)).toBe('Quokka Zentrale (QK-4711), Hafenstraße 1, 24103 Kiel');
    expect(locationLabel(lager)).toBe('Quokka Lager, Am Kai, 24937 Flensburg');
  });

  it('shows under a customer its numbers and its place, or how many locations it has', () => {
    const count = (n: number) => `${n} Standorte`;
    const one: PickerDebtor = { id: 1, name: 'Quokka', identifier: 'D-1', locations: [zentrale] };
    expect(debtorDetails(one, count)).toBe('QK-4711 · Hafenstraße 1, 24103 Kiel');
    expect(debtorDetails({ ...one, locations: [zentrale, lager] }, count)).toBe('QK-4711 · 2 Standorte');
  });

  it('empties the location when the debtor changes or is cleared, not when something else changes', () => {
    const dependents = dependentFields(uploadVoucherForm.uiSchema);
    expect(dependents).toEqual({ location: 'debtor' });
    const before = { debtor: 1, location: 7, deliveryType: 'post' };
    expect(withoutStaleDependents({ ...before, debtor: 2 }, before, dependents)).toEqual({ debtor: 2, deliveryType: 'post' });
    expect(withoutStaleDependents({ location: 7, deliveryType: 'post' }, before, dependents)).toEqual({ deliveryType: 'post' });
    expect(withoutStaleDependents({ ...before, deliveryType: 'email' }, before, dependents)).toEqual({ ...before, deliveryType: 'email' });
    // debtor and location set together (the e-invoice's match) stay together
    expect(withoutStaleDependents({ ...before, debtor: 3, location: 9 }, before, dependents)).toEqual({ ...before, debtor: 3, location: 9 });
  });

  it('opened from a debtor, starts with it and the route’s location when that one is active', () => {
    const debtor = { id: 12, locations: [{ id: 7, status: 'active' }, { id: 8, status: 'inactive' }] };
    expect(uploadPrefill(debtor)).toEqual({ debtor: 12 });
    expect(uploadPrefill(debtor, '7')).toEqual({ debtor: 12, location: 7 });
    expect(uploadPrefill(debtor, '8')).toEqual({ debtor: 12 });
    expect(uploadPrefill({})).toEqual({});
  });
});
