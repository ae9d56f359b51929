import { describe, expect, it } from 'vitest';
import { readAlong } from './reader-along';

// readerAlong's text (status|version|optIn|passwordUpdate|contactCheck|{roles}|permissions) as the routes read it
describe('readAlong', () => {
  it('reads the session row and the stored permissions, a "|" inside the permissions included', () => {
    const permissions = { creditor: { voucherList: true }, note: 'a|b,c' };
    expect(readAlong(`active|7|t|f|t|{ROLE_CREDITOR,ROLE_CREDITOR-MANAGEMENT}|${JSON.stringify(permissions)}`)).toEqual({
      readerSession: {
        status: 'active',
        sessionVersion: 7,
        optIn: true,
        passwordUpdateRequired: false,
        askForContactInformationChanges: true,
        roles: ['ROLE_CREDITOR', 'ROLE_CREDITOR-MANAGEMENT'],
      },
      readerPermissions: permissions,
    });
  });

  it('answers null for both when the reader has no row (the route then refuses with 401)', () => {
    expect(readAlong(null)).toEqual({ readerSession: null, readerPermissions: null });
    expect(readAlong(undefined)).toEqual({ readerSession: null, readerPermissions: null });
  });
});
