import { describe, expect, it } from 'vitest';
import { forms } from '../../../generated/forms';
import { prefillValues } from './form-prefill';

const location = {
  id: 2,
  name: 'Michel AG – Niederlassung Kiel',
  status: 'active',
  customDebtorNumber: 'KD-S10001',
  deliveryType: 'email',
  address: {
    firstName: null,
    name: 'Michel AG',
    street: 'Ginsterweg',
    house: '16c',
    zip: '24103',
    city: 'Kiel',
    country: 'DE',
  },
  postAddress: {
    firstName: null,
    name: 'Michel AG',
    street: null,
    house: null,
    poBox: '150249',
    zip: '24103',
    city: 'Kiel',
  },
  contactPerson: 'Henry Straub',
  email: 'kiel@example.com',
  telephone: '02368 436542',
};

const debtor = {
  id: 1,
  name: 'Eva Ernst',
  debtorType: 'customer',
  firstName: 'Eva',
  lastName: 'Ernst',
  dateOfBirth: '1980-02-03',
  city: 'Osnabrück',
  status: 'active',
  paymentMethod: 'direct_debit_mandate',
  sepaMandate: {
    accountOwner: 'Eva Ernst',
    city: 'Kiel',
    date: '2025-08-01',
    expiredDate: null,
    iban: 'DE89370400440532013000',
    referenceNumber: 'MREF-1',
  },
  locations: [location],
};

describe('prefillValues', () => {
  it('fills a location form from the location and its nested address, the location name first', () => {
    expect(prefillValues(forms.editLocation, location)).toEqual({
      name: 'Michel AG – Niederlassung Kiel',
      street: 'Ginsterweg',
      house: '16c',
      zip: '24103',
      city: 'Kiel',
      deliveryType: 'email',
      email: 'kiel@example.com',
      contactPerson: 'Henry Straub',
      telephone: '02368 436542',
      customDebtorNumber: 'KD-S10001',
    });
  });

  it('fills the post address from the post address only, without empty values', () => {
    expect(prefillValues(forms.postAddress, location)).toEqual({
      name: 'Michel AG',
      poBox: '150249',
      zip: '24103',
      city: 'Kiel',
    });
    expect(prefillValues(forms.postAddress, { ...location, postAddress: null })).toEqual({});
  });

  it('starts a new location empty', () => {
    expect(prefillValues(forms.addLocation, debtor)).toEqual({});
  });

  it('fills the payment data from the mandate and ticks an available mandate', () => {
    expect(prefillValues(forms.paymentData, debtor)).toEqual({
      paymentMethod: 'direct_debit_mandate',
      accountOwner: 'Eva Ernst',
      iban: 'DE89370400440532013000',
      city: 'Kiel',
      date: '2025-08-01',
      referenceNumber: 'MREF-1',
      sepaMandateAvailable: true,
    });
  });

  it("never takes the debtor's city as the place of signature", () => {
    const transfer = { ...debtor, paymentMethod: 'bank_transfer', sepaMandate: null };
    expect(prefillValues(forms.paymentData, transfer)).toEqual({ paymentMethod: 'bank_transfer' });
  });

  it("fills the debtor's own form from the debtor", () => {
    expect(prefillValues(forms.editDebtor, debtor)).toEqual({
      debtorType: 'customer',
      name: 'Eva Ernst',
      firstName: 'Eva',
      lastName: 'Ernst',
      dateOfBirth: '1980-02-03',
    });
  });

  it('fills the e-mail form of a location', () => {
    expect(prefillValues(forms.locationEmail, location)).toEqual({ email: 'kiel@example.com' });
  });
  it('starts a payment dialog with the open amount, not the original, and copies nothing else of the invoice', () => {
    const invoice = { amount: 119_000, leftoverAmount: 40_000, voucherDate: '2026-10-01', comment: 'x' };
    expect(prefillValues(forms.directPayment, invoice)).toEqual({ amount: 40_000 });
    expect(prefillValues(forms.creditAdvice, invoice)).toEqual({ amount: 40_000 });
  });
});
