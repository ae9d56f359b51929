import { permissionTables } from '../../../generated/permissions';
import { resources } from '../../../generated/resources';

/** One entry of the chrome's navigation. */
export interface NavEntry {
  key: string;
  to: string;
  /** i18n key of the label */
  label: string;
  /** icon name from the icon registry */
  icon: string;
  /** permission path that must be on */
  permission?: string;
}

/**
 * The creditor sidebar in the spec's order (document 1 §2 "Chrome"). The keys are the children
 * of the `navigation` permission group: label and permission come from there (so variant wording
 * applies), the path from the resource whose menu uses that permission, else from the key.
 */
export const SIDEBAR_KEYS = ['dashboard', 'vouchers', 'debtors', 'permanentDebts', 'unprocessed'] as const;
/** The user menu's pages. */
export const USER_MENU_KEYS = ['masterData', 'settings'] as const;
/** The sidebar's upload action, opened by the `uploadVoucher` query flag. */
export const UPLOAD_KEY = 'uploadVoucher';
/**
 * The creditor states in which the upload is accepted (schema/commands/uploads.yaml uploadVoucher
 * `creditorStatus`; navigation.spec.ts keeps them equal): the sidebar's entry is switched off with the
 * reason in the others, without loading the command tables into the layout's chunk.
 */
export const UPLOAD_CREDITOR_STATES: readonly string[] = ['active'];
/** The toolbar's help-centre link. */
export const HELP_CENTER_KEY = 'helpCenter';

const FALLBACK_ICONS: Record<string, string> = {
  dashboard: 'Dashboard',
  vouchers: 'ReceiptLong',
  permanentDebts: 'Repeat',
  unprocessed: 'HourglassEmpty',
  masterData: 'Business',
  settings: 'Settings',
  uploadVoucher: 'UploadFile',
};

const kebab = (key: string) => key.replace(/[A-Z]/g, (letter) => `-${letter.toLowerCase()}`);
/** `/debtors/:type?/:id?` → `/debtors` */
/** A route pattern without its parameters: `/users/:id?` → `/users`. */
export const basePath = (route: string) => route.split('/:')[0] || '/';

/**
 * The navigation entry of a `navigation.<key>` permission.
 *
 * @example navEntry('debtors') // { to: '/debtors', label: 'permissions.navigation.children.debtors.label', … }
 */
export function navEntry(key: string): NavEntry {
  const permission = `navigation.${key}`;
  const node = permissionTables.tree.navigation?.children?.[key];
  if (!node) throw new Error(`generated/permissions.ts has no navigation.${key}`);
  const resource = Object.values(resources).find((config) => config.menu?.permission === permission);
  return {
    key,
    to: resource ? basePath(resource.route) : key === 'dashboard' ? '/' : `/${kebab(key)}`,
    label: node.label,
    icon: resource?.menu?.icon ?? FALLBACK_ICONS[key] ?? 'Label',
    permission,
  };
}

/** The admin actions page (functions and settings): hand-written, not a generated resource. */
export const ADMIN_ACTIONS_PAGE: NavEntry & { order: number } = {
  key: 'adminActions',
  to: '/admin-actions',
  label: 'ui.nav.adminActions',
  icon: 'ManageAccounts',
  order: 1000,
};

/** The SEPA direct debits and their files (issue 30): admins holding sepa_direct_debits. */
export const SEPA_DEBITS_PAGE: NavEntry & { order: number; adminPermissions: string[] } = {
  key: 'sepaDebits',
  to: '/sepa-debits',
  label: 'ui.nav.sepaDebits',
  icon: 'RequestQuote',
  order: 990,
  adminPermissions: ['sepa_direct_debits'],
};

/** The product owners' comparison of the products (issue 16): super admins only. */
export const VARIANT_COMPARISON_PAGE: NavEntry & { order: number; superAdminOnly: true } = {
  key: 'variantComparison',
  to: '/variant-comparison',
  label: 'variantComparison.title',
  icon: 'CompareArrows',
  order: 1010,
  superAdminOnly: true,
};

/** Whether a role (ROLE_*) is one of the provider's staff. */
export const isAdminRole = (role: string) => permissionTables.roles[role]?.side === 'admin';
const expandRoles = (roles: string[]) => roles.flatMap((role) => permissionTables.roleGroups[role] ?? [role]);
/** Whether an administrator may open the resource's pages at all (not only in a user's view). */
export const adminResource = (name: string) => expandRoles(resources[name]?.roles ?? []).some(isAdminRole);

/**
 * The admin sidebar (document 2 §2 "Layout"): every generated resource for admin roles that has a
 * `menu`, in menu order, then the admin actions page. An entry whose resource only roles holding
 * every admin permission may open (the admins list) is for the super admin only.
 */
export const ADMIN_NAV: (NavEntry & { superAdminOnly?: boolean; adminPermissions?: string[] })[] = [
  ...Object.values(resources)
    .filter((config) => config.menu && expandRoles(config.roles).some(isAdminRole))
    .map((config) => {
      const roles = expandRoles(config.roles);
      return {
        key: config.name,
        to: basePath(config.route),
        label: config.label,
        icon: config.menu!.icon,
        order: config.menu!.order,
        superAdminOnly: roles.every((role) => permissionTables.roles[role]?.allPermissions),
        ...(config.adminPermissions ? { adminPermissions: config.adminPermissions } : {}),
      };
    }),
  SEPA_DEBITS_PAGE,
  ADMIN_ACTIONS_PAGE,
  VARIANT_COMPARISON_PAGE,
]
  .sort((a, b) => a.order - b.order)
  .map(({ order: _order, ...entry }) => entry);

/**
 * Logged-in pages that exist as routes but are not built yet; they show a "folgt" page.
 * A path served by a generated resource is left out automatically.
 */
export const PLACEHOLDER_PAGES: { path: string; label: string }[] = [
  ...[...SIDEBAR_KEYS, ...USER_MENU_KEYS, HELP_CENTER_KEY]
    .filter((key) => key !== 'dashboard')
    .map((key) => navEntry(key))
    .map((entry) => ({ path: entry.to, label: entry.label })),
  { path: '/work-queue', label: 'ui.nav.workQueue' },
  { path: '/user-info', label: 'ui.nav.userInfo' },
  ...ADMIN_NAV.map((entry) => ({ path: entry.to, label: entry.label })),
  { path: '/assign-debtors', label: 'ui.nav.assignDebtors' },
  { path: '/action-log', label: 'ui.nav.actionLog' },
].filter((page) => !Object.values(resources).some((config) => basePath(config.route) === page.path));
