import { describe, expect, it } from 'vitest';
import { resources } from '../../../generated/resources';
import {
  actionCommand,
  permissionEntity,
  permissionsPath,
  serverAllows,
  serverNameOf,
} from './action-permissions';

const actions = resources.debtors.detail.actions;
const action = (key: string) => actions.find((a) => a.key === key)!;

describe('serverNameOf', () => {
  it("takes the spec's server name of a permission path", () => {
    expect(serverNameOf('debtorDetails.actions.editDebtor')).toBe('update_debtor_data');
    expect(serverNameOf('debtorDetails.actions.activateLocation')).toBe('activate_location');
    expect(serverNameOf('debtorDetails.actions.checkSolvency')).toBe('determine_solvency');
  });

  it('falls back to the last segment in snake case, as the server does', () => {
    expect(serverNameOf('debtorDetails.actions.activateDebtor')).toBe('activate_debtor');
    expect(serverNameOf('debtorDetails.actions.deletePostAddress')).toBe('delete_post_address');
  });
});

describe('actionCommand', () => {
  it('finds the command an action names or its form submits to', () => {
    const names = Object.fromEntries(actions.map((a) => [a.key, actionCommand(a)?.name]));
    expect(names).toMatchObject({
      edit: 'updateDebtor',
      paymentData: 'updatePaymentData',
      addLocation: 'addLocation',
      editLocation: 'updateLocation',
      postAddress: 'setPostAddress',
      locationEmail: 'setLocationEmail',
      increaseLimit: 'increaseLimit',
      refreshLimit: 'refreshLimit',
      checkSolvency: 'determineSolvency',
      deactivateLocation: 'deactivateLocation',
      deactivate: 'deactivateDebtor',
    });
  });

  it('finds none for an action without command or form', () => {
    expect(actionCommand({ key: 'x', label: 'x' } as never)).toBeUndefined();
  });
});

describe('permissionEntity and permissionsPath', () => {
  it("asks the debtor's permissions for the debtor's actions and the location's for location actions", () => {
    expect(permissionEntity(action('edit'), 'debtor')).toBe('debtor');
    expect(permissionEntity(action('deactivate'), 'debtor')).toBe('debtor');
    expect(permissionEntity(action('editLocation'), 'debtor')).toBe('location');
    expect(permissionEntity(action('deactivateLocation'), 'debtor')).toBe('location');
    // a debtor command shown on another entity's detail is not the shown record's
    expect(permissionEntity(action('edit'), 'voucher')).toBeUndefined();
  });

  it('asks nothing for a target without a permissions call (a voucher carries its own permissions)', () => {
    const setDunningBlock = resources.vouchers.detail.actions.find((a) => a.key === 'setDunningBlock')!;
    expect(permissionEntity(setDunningBlock, 'voucher')).toBeUndefined();
  });

  it('builds the call of one record', () => {
    expect(permissionsPath('debtor', 12)).toBe('/debtor/12/permissions');
    expect(permissionsPath('location', '7')).toBe('/location/7/permissions');
    expect(permissionsPath('voucher', 7)).toBeUndefined();
    expect(permissionsPath('debtor', undefined)).toBeUndefined();
  });
});

describe('serverAllows', () => {
  it('hides only what the answer forbids by name', () => {
    const answer = { update_debtor_data: true, remove_sepa_mandate: false, activate_debtor: false };
    expect(serverAllows(action('edit'), answer)).toBe(true);
    expect(serverAllows(action('removeSepaMandate'), answer)).toBe(false);
    expect(serverAllows(action('deactivate'), answer)).toBe(false);
    expect(serverAllows(action('addLocation'), answer)).toBe(true);
    expect(serverAllows(action('deactivate'), undefined)).toBe(true);
  });
});
