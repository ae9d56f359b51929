import { describe, expect, it } from 'vitest';
import { createPermissionEvaluator, lookup, type PermissionTables } from './permissions';

const tables: PermissionTables = {
  tree: {},
  paths: ['nav', 'nav.home', 'nav.upload', 'tabs', 'tabs.limit', 'tabs.sepa', 'actions', 'actions.edit'],
  alwaysOnForCreditor: ['nav.home'],
  serverNames: {},
  adminPermissions: { block_creditor: { label: '' }, assign_debtor: { label: '' } },
  roles: {
    ROLE_SUPER_ADMIN: { key: 'super-admin', side: 'admin', label: '', allPermissions: true, deny: [] },
    ROLE_ADMIN: { key: 'admin', side: 'admin', label: '', allPermissions: false, deny: [] },
    ROLE_CREDITOR: { key: 'creditor', side: 'creditor', label: '', allPermissions: false, deny: [] },
    'ROLE_CREDITOR-OBSERVER': {
      key: 'creditor-observer',
      side: 'creditor',
      label: '',
      allPermissions: false,
      deny: ['actions'],
    },
  },
  roleGroups: { creditorUsers: ['ROLE_CREDITOR', 'ROLE_CREDITOR-OBSERVER'] },
};
const { isAllowed, hasAdminPermission, rolesOf } = createPermissionEvaluator(tables);
const creditor = ['ROLE_CREDITOR'];

describe('isAllowed', () => {
  it.each([
    // path, product, user, roles, expected — the rule: on only when neither says false, default off
    ['actions.edit', undefined, undefined, creditor, false],
    ['actions.edit', { actions: { edit: true } }, undefined, creditor, true],
    ['actions.edit', undefined, { actions: { edit: true } }, creditor, true],
    ['actions.edit', { actions: { edit: true } }, { actions: { edit: false } }, creditor, false],
    ['actions.edit', { actions: { edit: false } }, { actions: { edit: true } }, creditor, false],
    ['actions.edit', { actions: false }, { actions: { edit: true } }, creditor, false],
    ['actions.edit', { actions: true }, undefined, creditor, true],
    // always-on list: on for creditor users unless explicitly false
    ['nav.home', undefined, undefined, creditor, true],
    ['nav.home', { nav: { home: false } }, undefined, creditor, false],
    ['nav.home', undefined, undefined, ['ROLE_ADMIN'], false],
    // role denies win over product and user
    [
      'actions.edit',
      { actions: { edit: true } },
      { actions: { edit: true } },
      ['ROLE_CREDITOR-OBSERVER'],
      false,
    ],
    // groups: available when any tab below is on
    ['tabs', undefined, undefined, creditor, false],
    ['tabs', { tabs: { sepa: true } }, undefined, creditor, true],
    ['tabs', { tabs: { sepa: true } }, { tabs: false }, creditor, false],
    ['nav', undefined, undefined, creditor, true],
    ['actions', { actions: { edit: true } }, undefined, ['ROLE_CREDITOR-OBSERVER'], false],
    // unknown paths are off
    ['nav.nothing', { nav: { nothing: true } }, undefined, creditor, false],
  ])(
    '%s with product %j and user %j for %j → %s',
    (path, productPermissions, userPermissions, roles, expected) => {
      expect(isAllowed(path, { roles, productPermissions, userPermissions })).toBe(expected);
    },
  );
});

describe('hasAdminPermission', () => {
  it('gives a super admin every admin permission', () => {
    expect(hasAdminPermission('block_creditor', ['ROLE_SUPER_ADMIN'], [])).toBe(true);
  });
  it('gives an admin only what was granted', () => {
    expect(hasAdminPermission('block_creditor', ['ROLE_ADMIN'], ['block_creditor'])).toBe(true);
    expect(hasAdminPermission('assign_debtor', ['ROLE_ADMIN'], ['block_creditor'])).toBe(false);
  });
  it('never gives admin permissions to creditor users or unknown permissions', () => {
    expect(hasAdminPermission('block_creditor', creditor, ['block_creditor'])).toBe(false);
    expect(hasAdminPermission('nope', ['ROLE_SUPER_ADMIN'], [])).toBe(false);
  });
});

describe('lookup and rolesOf', () => {
  it('reads nested booleans with ancestors applying to subtrees', () => {
    expect(lookup({ a: { b: true } }, 'a.b')).toBe(true);
    expect(lookup({ a: false }, 'a.b.c')).toBe(false);
    expect(lookup({ a: {} }, 'a.b')).toBeUndefined();
    expect(lookup(undefined, 'a')).toBeUndefined();
  });
  it('expands role groups', () => {
    expect(rolesOf('creditorUsers')).toEqual(['ROLE_CREDITOR', 'ROLE_CREDITOR-OBSERVER']);
    expect(rolesOf('ROLE_ADMIN')).toEqual(['ROLE_ADMIN']);
  });
});
