import { describe, expect, it } from 'vitest';
import { permissionTables } from '../../generated/permissions';
import { variants } from '../../generated/variants';
import { createPermissionEvaluator, type PermissionContext } from './permissions';

/**
 * The permission rules of documents 1 §6 and 2 §4/§6 against the REAL generated tables
 * (schema/permissions.yaml, schema/roles.yaml, variants/*.yaml) — the pure evaluator has its own
 * tests with hand-made tables in permissions.spec.ts.
 */
const { isAllowed, hasAdminPermission } = createPermissionEvaluator(permissionTables);
const { paths, alwaysOnForCreditor, serverNames, adminPermissions, roles } = permissionTables;
const leaves = paths.filter((p) => !paths.some((q) => q.startsWith(`${p}.`)));

const MAIN = 'ROLE_CREDITOR';
const MANAGEMENT = 'ROLE_CREDITOR-MANAGEMENT';
const ASSISTANT = 'ROLE_CREDITOR-ASSISTANT';
const OBSERVER = 'ROLE_CREDITOR-OBSERVER';

/** Nested booleans with every leaf of the tree on: a user the server has granted everything. */
function everything(): Record<string, unknown> {
  const root: Record<string, unknown> = {};
  for (const leaf of leaves) {
    const parts = leaf.split('.');
    let node = root;
    for (const part of parts.slice(0, -1)) {
      node[part] ??= {};
      node = node[part] as Record<string, unknown>;
    }
    node[parts[parts.length - 1]] = true;
  }
  return root;
}
const granted = (role: string): PermissionContext => ({ roles: [role], userPermissions: everything() });
const bare = (role: string): PermissionContext => ({ roles: [role] });

describe('the generated tree', () => {
  it('keeps every path the variants and resources already use', () => {
    const used = [
      'navigation.dashboard',
      'navigation.vouchers',
      'navigation.debtors',
      'navigation.permanentDebts',
      'navigation.unprocessed',
      'navigation.uploadVoucher',
      'navigation.masterData',
      'navigation.settings',
      'navigation.helpCenter',
      'dashboardWidgets.availableCreditorLimit',
      'dashboardWidgets.overdueRate',
      'debtors.create',
      'debtors.showLimit',
      'debtors.showSumPurchased',
      'debtorDetails.tabs.permanentDebts',
      'debtorDetails.tabs.limit',
      'debtorDetails.tabs.paymentData',
      'debtorDetails.tabs.solvency',
      'debtorDetails.actions.editDebtor',
      'debtorDetails.actions.increaseLimit',
      'debtorDetails.actions.checkSolvency',
      'masterData.tabs.aboutMe',
      'masterData.tabs.contract',
      'masterData.tabs.extensions',
      'masterData.tabs.creditorVouchers',
    ];
    expect(paths).toEqual(expect.arrayContaining(used));
  });

  it('has every area of the per-product feature switches (document 2 §4)', () => {
    const areas = [
      'dashboardWidgets',
      'debtorDetails.actions',
      'debtors',
      'helpCenter.tabs',
      'masterData.tabs',
      'navigation',
      'notifications',
      'optIn.accept',
      'permanentDebtDetails',
      'settings.tabs',
      'unprocessedDetails.actions',
      'voucherDetails.actions',
      'vouchers',
      'workQueue.answer',
    ];
    expect(paths).toEqual(expect.arrayContaining(areas));
  });

  it.each([
    ['debtorDetails.actions.addLocation', 'add_address'],
    ['debtorDetails.actions.editDebtor', 'update_debtor_data'],
    ['debtorDetails.actions.editPaymentData', 'update_payment_data'],
    ['debtorDetails.actions.removeSepaMandate', 'remove_sepa_mandate'],
    ['debtorDetails.actions.increaseLimit', 'debtor_limit_increase'],
    ['debtorDetails.actions.refreshLimit', 'debtor_limit_refresh'],
    ['debtorDetails.actions.checkSolvency', 'determine_solvency'],
    ['debtorDetails.actions.editLocation', 'update_location_data'],
    ['debtorDetails.actions.uploadInvoice', 'add_voucher'],
    ['debtorDetails.actions.createPermanentDebt', 'add_permanent_debt'],
    ['debtorDetails.actions.editPostAddress', 'add_post_address'],
    ['debtorDetails.actions.activateLocation', 'activate_location'],
    ['creditorPermissions.solvencyDetermination', 'debtor_solvency_request'],
    ['creditorPermissions.directPaymentReporting', 'invoice_direct_payment'],
    ['creditorPermissions.alwaysCheckManually', 'verity_risk_manual_check_mandatory'],
    ['voucherDetails.actions.cancel', 'cancel'],
    ['voucherDetails.actions.continue', 'continue_voucher'],
    ['voucherDetails.actions.editDeliveryType', 'edit_delivery_type'],
    ['unprocessedDetails.actions.continue', 'continue_voucher'],
  ])('names %s on the server %s', (path, server) => {
    expect(serverNames[path]).toBe(server);
  });

  it("has the fourteen admin permissions of document 2 §6, the SEPA files of issue 30, issue 26's five, and the seven roles", () => {
    // issue 26: impersonate_user, import_states_of_affairs, create_external_voucher, retry_parked_jobs, activate_debtor
    expect(Object.keys(adminPermissions)).toHaveLength(20);
    expect(adminPermissions).toHaveProperty('sepa_direct_debits');
    expect(adminPermissions).toHaveProperty('impersonate_user');
    expect(Object.keys(roles).sort()).toEqual([
      'ROLE_ADMIN',
      'ROLE_CREDITOR',
      'ROLE_CREDITOR-ASSISTANT',
      'ROLE_CREDITOR-MANAGEMENT',
      'ROLE_CREDITOR-OBSERVER',
      'ROLE_PRODUCT_ADMIN',
      'ROLE_SUPER_ADMIN',
    ]);
    expect(
      Object.values(roles)
        .map((r) => r.key)
        .sort(),
    ).toEqual([
      'admin',
      'creditor',
      'creditor-assistant',
      'creditor-management',
      'creditor-observer',
      'product-admin',
      'super-admin',
    ]);
  });
});

describe('always on for creditors (document 1 §6)', () => {
  // The spec's list: dashboard widgets, display of debtor limit and sum of purchased, help-centre
  // tabs, master-data service fee and extension toggles, navigation to master data, permanent
  // debts, settings, help centre, purchase-reversal warning.
  const expected = [
    ...leaves.filter((l) => l.startsWith('dashboardWidgets.')),
    'debtors.showLimit',
    'debtors.showSumPurchased',
    'helpCenter.tabs.faq',
    'helpCenter.tabs.tutorials',
    'masterData.doc2portal',
    'masterData.letter2post',
    'masterData.webApp',
    'masterData.serviceFees.withPurchaseFees',
    'masterData.serviceFees.withoutPurchaseFees',
    'navigation.masterData',
    'navigation.permanentDebts',
    'navigation.settings',
    'navigation.helpCenter',
    'voucherDetails.purchaseReversalWarning',
  ];

  it("is exactly the spec's list", () => {
    expect([...alwaysOnForCreditor].sort()).toEqual([...expected].sort());
  });

  it.each(leaves)('%s: on for a creditor with empty permissions only when on the list', (leaf) => {
    expect(isAllowed(leaf, bare(MAIN))).toBe(expected.includes(leaf));
  });

  it.each(['dashboardWidgets.overdueRate', 'navigation.helpCenter', 'debtors.showLimit'])(
    '%s is not always on for an admin',
    (leaf) => {
      expect(isAllowed(leaf, bare('ROLE_ADMIN'))).toBe(false);
    },
  );
});

describe('explicit false wins', () => {
  it.each([
    // path, product, user, expected
    ['navigation.permanentDebts', { navigation: { permanentDebts: false } }, undefined, false],
    ['dashboardWidgets.cashback', { dashboardWidgets: false }, undefined, false],
    ['debtors.showLimit', undefined, { debtors: { showLimit: false } }, false],
    ['debtors.create', { debtors: { create: true } }, { debtors: { create: false } }, false],
    ['debtors.create', { debtors: { create: false } }, { debtors: { create: true } }, false],
    ['debtors.create', { debtors: { create: true } }, undefined, true],
    ['debtors.create', undefined, { debtors: { create: true } }, true],
    ['debtors.create', undefined, undefined, false],
  ])('%s with product %j and user %j → %s', (path, productPermissions, userPermissions, expected) => {
    expect(isAllowed(path, { roles: [MAIN], productPermissions, userPermissions })).toBe(expected);
  });
});

describe('groups count as available when any tab below is on', () => {
  it.each([
    ['debtorDetails.tabs', {}, false],
    ['debtorDetails.tabs', { debtorDetails: { tabs: { solvency: true } } }, true],
    ['masterData.tabs', {}, false],
    ['masterData.tabs', { masterData: { tabs: { aboutMe: true } } }, true],
    ['settings.tabs', { settings: { tabs: { companyUsers: true } } }, true],
    ['helpCenter.tabs', {}, true],
    ['helpCenter.tabs', { helpCenter: { tabs: false } }, false],
    ['dashboardWidgets', {}, true],
  ])('%s with product %j → %s', (path, productPermissions, expected) => {
    expect(isAllowed(path, { roles: [MAIN], productPermissions })).toBe(expected);
  });
});

describe('roles', () => {
  const actionGroups = paths.filter((p) => p.endsWith('.actions'));
  const writes = [
    'debtors.create',
    'vouchers.upload',
    'navigation.uploadVoucher',
    'permanentDebts.create',
    'workQueue.answer',
    'optIn.accept',
  ];
  const reads = [
    'navigation.vouchers',
    'navigation.debtors',
    'navigation.unprocessed',
    'navigation.dashboard',
    'dashboardWidgets',
    'debtors.showLimit',
    'debtorDetails.tabs.limit',
    'debtorDetails.showSepa',
    'voucherDetails.showBalancingSummary',
    'masterData.tabs.contract',
    'masterData.tabs.creditorVouchers',
    'notifications.show',
    'permanentDebtDetails.tabs.invoices',
  ];

  it('finds an actions group in every area with actions', () => {
    expect(actionGroups.sort()).toEqual([
      'debtorDetails.actions',
      'permanentDebtDetails.actions',
      'settings.actions',
      'unprocessedDetails.actions',
      'voucherDetails.actions',
    ]);
  });

  it.each([...actionGroups, ...writes])('the observer may not %s, even when granted', (path) => {
    expect(isAllowed(path, granted(OBSERVER))).toBe(false);
    expect(isAllowed(path, granted(MANAGEMENT))).toBe(path !== 'optIn.accept');
  });

  it.each(reads)('the observer reads %s (statements download included)', (path) => {
    expect(isAllowed(path, granted(OBSERVER))).toBe(true);
  });

  it.each([
    'navigation.dashboard',
    'dashboardWidgets',
    'dashboardWidgets.overdueRate',
    'masterData.tabs.contract',
    'masterData.tabs.creditorVouchers',
    'masterData.serviceFees',
  ])('the assistant has no %s (no dashboard, contracts or statements)', (path) => {
    expect(isAllowed(path, granted(ASSISTANT))).toBe(false);
    expect(isAllowed(path, granted(MAIN))).toBe(true);
  });

  it.each(['vouchers.upload', 'debtors.create', 'workQueue.answer', 'debtorDetails.actions.increaseLimit'])(
    'the assistant may %s',
    (path) => {
      expect(isAllowed(path, granted(ASSISTANT))).toBe(true);
    },
  );

  it('lets only the main user accept the terms', () => {
    expect(isAllowed('optIn.accept', granted(MAIN))).toBe(true);
    for (const role of [MANAGEMENT, ASSISTANT, OBSERVER])
      expect(isAllowed('optIn.accept', granted(role))).toBe(false);
  });

  it('gives the super admin every admin permission and an admin only the granted ones', () => {
    for (const permission of Object.keys(adminPermissions)) {
      expect(hasAdminPermission(permission, ['ROLE_SUPER_ADMIN'], [])).toBe(true);
      expect(hasAdminPermission(permission, ['ROLE_ADMIN'], ['view_action_log'])).toBe(
        permission === 'view_action_log',
      );
      expect(hasAdminPermission(permission, [MAIN], [permission])).toBe(false);
    }
  });
});

describe('product variants', () => {
  const tpf = variants.TPF.permissions;

  it('TPF switches off creating debtors, uploads and permanent debts whatever the user says', () => {
    for (const path of [
      'debtors.create',
      'navigation.uploadVoucher',
      'navigation.permanentDebts',
      'debtorDetails.tabs.paymentData',
    ]) {
      expect(isAllowed(path, { roles: [MAIN], productPermissions: tpf, userPermissions: everything() })).toBe(
        false,
      );
    }
  });

  it('SMAFA lets a creditor create debtors', () => {
    expect(
      isAllowed('debtors.create', { roles: [MAIN], productPermissions: variants.SMAFA.permissions }),
    ).toBe(true);
  });

  it.each(Object.keys(variants))('%s switches only paths of the tree', (code) => {
    const switched: string[] = [];
    const walk = (node: unknown, prefix: string) => {
      for (const [key, value] of Object.entries(node as Record<string, unknown>)) {
        switched.push(prefix + key);
        if (value && typeof value === 'object') walk(value, `${prefix}${key}.`);
      }
    };
    walk(variants[code].permissions ?? {}, '');
    expect(paths).toEqual(expect.arrayContaining(switched));
  });
});
