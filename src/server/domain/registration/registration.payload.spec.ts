import { describe, expect, it } from 'vitest';
import { CONTRACT_DIVISION, epochSeconds, type RegistrationInput, registrationPayload } from './registration.payload';

const input: RegistrationInput = {
  productType: 'SMAFA',
  companyName: 'Muster GmbH',
  salutation: 'Herr',
  firstName: 'Max',
  lastName: 'Muster',
  streetAndHouse: 'Weg 1',
  zip: '12345',
  city: 'Berlin',
  phone: '030 1',
  email: 'max@example.com',
  legalFormKey: 'GMBH',
  sepaAccountOwner: 'Muster GmbH',
  sepaIban: 'DE89370400440532013000',
  sepaCity: 'Berlin',
  sepaDate: '2026-01-02',
  setupFee: 24900,
  serviceFeeMatrixIdentifier: '7',
};

describe('registrationPayload (document 2 §3)', () => {
  it('fixes the division at 1 and sends the start as epoch seconds (today without a contract date)', () => {
    const payload = registrationPayload({ ...input, contractDate: '2026-03-01' }, '2026-11-23');
    expect(payload.contract).toMatchObject({ division: CONTRACT_DIVISION, start: Date.UTC(2026, 2, 1) / 1000, setupFee: 24900 });
    expect(registrationPayload(input, '2026-11-23').contract.start).toBe(epochSeconds('2026-11-23'));
  });

  it('sends serviceFeeAnnual only when numeric and vob only when not a string', () => {
    expect(registrationPayload({ ...input, minimumAnnualServiceFee: 12_000 }, '2026-11-23').creditorServiceFee).toEqual({ serviceFeeAnnual: 12_000, sapMatrixIdentifier: '7' });
    expect(registrationPayload({ ...input, minimumAnnualServiceFee: '120,00' }, '2026-11-23').creditorServiceFee).toEqual({ sapMatrixIdentifier: '7' });
    expect(registrationPayload({ ...input, vob: true }, '2026-11-23').legal).toMatchObject({ vob: true });
    expect(registrationPayload({ ...input, vob: 'ja' }, '2026-11-23').legal).not.toHaveProperty('vob');
  });

  it('names the legal form by its value or its label, and leaves a calculated creditor limit out', () => {
    expect(registrationPayload(input, '2026-11-23').legalForm).toMatch(/GmbH/);
    expect(registrationPayload({ ...input, legalFormValue: 'GmbH i. G.' }, '2026-11-23').legalForm).toBe('GmbH i. G.');
    expect(registrationPayload({ ...input, creditorLimit: 500 }, '2026-11-23')).not.toHaveProperty('creditorLimit');
    expect(registrationPayload({ ...input, automaticallyCalculateCreditorLimit: false, creditorLimit: 500 }, '2026-11-23').creditorLimit).toBe(500);
  });
});
