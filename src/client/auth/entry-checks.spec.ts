import { describe, expect, it } from 'vitest';
import { entryRedirect, pendingEntryCheck } from './entry-checks';

const clean = { optIn: true, passwordUpdateRequired: false, askForContactInformationChanges: false };

describe('pendingEntryCheck', () => {
  it('checks opt-in, then password, then contact information', () => {
    expect(
      pendingEntryCheck({
        optIn: false,
        passwordUpdateRequired: true,
        askForContactInformationChanges: true,
      }),
    ).toBe('/opt-in');
    expect(
      pendingEntryCheck({ ...clean, passwordUpdateRequired: true, askForContactInformationChanges: true }),
    ).toBe('/update-password');
    expect(pendingEntryCheck({ ...clean, askForContactInformationChanges: true })).toBe(
      '/check-contact-information',
    );
    expect(pendingEntryCheck(clean)).toBeNull();
  });

  it('skips every check during impersonation', () => {
    expect(pendingEntryCheck({ optIn: false, passwordUpdateRequired: true, impersonated: true })).toBeNull();
  });
});

describe('entryRedirect', () => {
  it('sends the user to the pending check page once', () => {
    expect(entryRedirect('/debtors', '/opt-in')).toBe('/opt-in');
    expect(entryRedirect('/opt-in', '/opt-in')).toBeNull();
  });

  it('returns from a check page once its condition no longer holds', () => {
    expect(entryRedirect('/opt-in', null, '/debtors')).toBe('/debtors');
    expect(entryRedirect('/update-password', null)).toBe('/');
    expect(entryRedirect('/debtors', null)).toBeNull();
  });
});
