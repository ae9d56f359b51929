/**
 * The shapes of what the generator emits into `generated/` from `schema/` and `variants/`.
 * Client and server read the generated constants through these types; the generator's
 * emit phase produces values of exactly these types (checked by `npm run typecheck`).
 */

/** A text in both UI languages; the generator collects them into the i18n catalogues. */
export interface LocalizedText {
  de: string;
  en: string;
}

/** Field types of entity YAML. Each maps to a JSON-schema type/format and a display widget. */
export type FieldType =
  | 'id'
  | 'string'
  | 'text'
  | 'integer'
  | 'number'
  | 'boolean'
  /** integer cents, shown as `1.234,56 €` */
  | 'money'
  | 'percent'
  /** server timestamp: epoch seconds, shown as `dd.MM.yyyy` */
  | 'timestamp'
  /** calendar date `yyyy-MM-dd`, shown as `dd.MM.yyyy` */
  | 'date'
  | 'enum'
  | 'email'
  | 'phone'
  | 'iban'
  /** a nested object of another entity */
  | 'object'
  /** an array of another entity (or of scalars, see `items`) */
  | 'list';

export type Colour = 'success' | 'warning' | 'error' | 'info' | 'default';

export interface EnumValue {
  value: string | number;
  /** i18n key of the label, e.g. `enums.debtorStatus.active` */
  label: string;
  color?: Colour;
  /** the value this one is shown as (e.g. reactivated → active) */
  shownAs?: string | number;
}

export interface EnumConfig {
  name: string;
  /** i18n key of the enumeration's own title */
  label: string;
  values: EnumValue[];
  /** named groups of values, e.g. the dunning group of voucher sub-statuses */
  groups: Record<string, { label: string; values: (string | number)[] }>;
}

export type Align = 'left' | 'right' | 'center';

/** One list column; the keys follow the spec's header tables. */
export interface ColumnConfig {
  /** the field path in the list item, e.g. `name` or `location.name` */
  value: string;
  /** while the row meets one of these, the value is still being read from the document: "wird gelesen" shows instead */
  readingWhen?: RecordCondition[];
  /** the same for `subValue` */
  subReadingWhen?: RecordCondition[];
  /** i18n key of the header text */
  text: string;
  /** i18n key of a second header line, if any */
  subText?: string;
  /** field path shown under the value in the same cell */
  subValue?: string;
  type: FieldType;
  /** enumeration name when `type` is `enum` */
  enum?: string;
  /** display widget of the entity field (schema/widgets.yaml, `kind: display`) shown instead of the type's */
  widget?: string;
  sortable: boolean;
  alignLeft: boolean;
  /** offered as a sort choice on small screens */
  sortMobile: boolean;
  /** width in px, when fixed */
  width?: number;
  /**
   * which columns stay when the list is narrow (the detail panel open, a small screen): 1 always,
   * then 2, then 3 as far as the width allows
   */
  priority: 1 | 2 | 3;
  /** permission path that must be on for the column to show */
  permission?: string;
}

export type FilterKind =
  | 'search'
  | 'select'
  | 'multiSelect'
  | 'dateRange'
  | 'timePeriod'
  | 'limit'
  | 'boolean';

export interface FilterConfig {
  /** query key: sent as `filters[<key>][]=…` */
  key: string;
  /** i18n key of the label */
  label: string;
  kind: FilterKind;
  /** enumeration that provides the choices */
  enum?: string;
  /** API path (under /api) that provides the choices, e.g. `/debtor/names/list` */
  optionsPath?: string;
  /**
   * text namespace labelling the loaded choices: `<optionLabels>.<value>` (e.g. `actionTypes.login`);
   * a value without a text keeps the label the call gave
   */
  optionLabels?: string;
  /** shown without opening the filter menu */
  alwaysOn: boolean;
  permission?: string;
  /**
   * the choices are the enum's groups (labels `enumGroups.<enum>.<group>`) that the active product
   * offers (`VariantConfig.statusGroups[enum]`); the filter sends group names
   */
  groups?: boolean;
  /** the choices are only the enum values in the groups the active product offers (all when it names none) */
  productGroupsOnly?: boolean;
}

/** A condition on a record: every named field (path) must have one of the values; `null` also matches a missing value. */
export type RecordCondition = Record<string, (string | number | boolean | null)[]>;

/** Where a list row links instead of the inline detail, when the row matches `when`. */
export interface RowLinkConfig {
  /** the resource whose detail opens, e.g. `unprocessed` */
  resource: string;
  when: RecordCondition;
}

export interface DetailField {
  value: string;
  /** while the record meets one of these, the value is still being read from the document: "wird gelesen" shows instead */
  readingWhen?: RecordCondition[];
  /** i18n key of the label */
  label: string;
  type: FieldType;
  enum?: string;
  /** display widget of the entity field (schema/widgets.yaml, `kind: display`) shown instead of the type's */
  widget?: string;
  permission?: string;
}

export interface DetailSection {
  key: string;
  /** i18n key of the heading */
  label: string;
  fields: DetailField[];
  permission?: string;
}

export interface DetailTab {
  key: string;
  /** i18n key of the tab title */
  label: string;
  permission?: string;
  /** fields shown in the tab */
  fields: DetailField[];
  /**
   * a list inside the tab: the path of the array in the detail record and its columns; with `link`
   * a row opens that resource's detail (following its `rowLink`)
   */
  table?: { value: string; columns: ColumnConfig[]; link?: string };
  /** name of a hand-written widget from the client registry, if the tab needs one */
  widget?: string;
  /** shown only to an admin acting as a creditor user with the toolbar's admin view on (document 2 §2) */
  adminView?: boolean;
}

export interface ActionConfig {
  key: string;
  /** i18n key of the button text */
  label: string;
  /** permission path that must be on (creditor-side actions) */
  permission?: string;
  /** admin permission the admin must hold (admin actions; super admin: all) */
  adminPermission?: string;
  /** form (dialog) opened by the action, if any */
  dialog?: string;
  /** a command without fields (schema/commands): the action confirms, then runs it */
  command?: string;
  /** a list field of the detail record (e.g. `locations`): the action acts on one entry, chosen in a picker */
  targetList?: string;
  /** only entries of `targetList` meeting this condition are offered */
  targetWhen?: RecordCondition;
  /** MUI icon name */
  icon?: string;
  /** key of the shown record's `permissions` (server-sent): the button is hidden when it is `false` */
  recordPermission?: string;
  /** offered only while the shown record meets this condition */
  when?: RecordCondition;
}

export interface ApiCall {
  method: 'GET' | 'POST' | 'PUT' | 'DELETE';
  /** path under /api, with `{id}` style parameters */
  path: string;
  /** key of the array in the response (lists) */
  key?: string;
  /** further keys the response carries */
  extraKeys?: string[];
}

export interface ResourceConfig {
  name: string;
  /** entity of a list item */
  entity: string;
  /** entity of the detail record */
  detailEntity: string;
  /** i18n key of the page title */
  label: string;
  /** client route pattern, e.g. `/debtors/:type?/:id?` */
  route: string;
  menu?: { icon: string; order: number; permission?: string };
  /** roles that may see the resource at all (server and client) */
  roles: string[];
  /** admin resources: any one of these admin permissions opens the resource (super admin: all) */
  adminPermissions?: string[];
  /** without `show` the detail shows the list row already loaded */
  api: { list: ApiCall; show?: ApiCall };
  list: {
    columns: ColumnConfig[];
    filters: FilterConfig[];
    perPageOptions: number[];
    defaultPerPage: number;
    defaultSort?: { field: string; order: 'ASC' | 'DESC' };
    /** i18n keys of the empty states */
    empty: { noData: string; noResults: string };
    /** the toolbar button creating a record: a form opened through its query flag, with an icon */
    create?: { form: string; icon?: string };
    /** the toolbar's export: a GET route answering CSV for the list's current filters and sort; i18n key of its label */
    export?: { path: string; label: string };
    /** rows matching the condition open another resource's detail (document 1 §2: unprocessed vouchers) */
    rowLink?: RowLinkConfig;
  };
  detail: {
    /** fields shown in the detail header */
    header: DetailField[];
    /**
     * the entry of the list field `list` the route selects (`/<resource>/sub/{id},{entryId}`): its
     * fields (paths inside the entry) above the record's; the tab showing that list opens its rows so
     */
    sub?: { list: string; label: string; fields: DetailField[] };
    sections: DetailSection[];
    tabs: DetailTab[];
    actions: ActionConfig[];
  };
}

export interface VariantConfig {
  /** product code, e.g. `SMAFA` */
  code: string;
  kind: 'factoring' | 'billing';
  productName: string;
  portalName: string;
  /** host names served as this variant (first one is canonical) */
  hosts: string[];
  /** path of the logo under the client's public folder */
  logo: string;
  partnerLogo?: string;
  theme: { primary: string; secondary: string; background?: string };
  contact: { hotline: string; mail: string; serviceTimes: string };
  links: { imprint: string; privacy: string };
  /** permission overrides of the product (nested booleans, explicit false wins) */
  permissions: Record<string, unknown>;
  /** wording overrides: i18n key → text (e.g. TPF: orders and principals) */
  wording: { de: Record<string, string>; en: Record<string, string> };
  withPurchaseAssurance: boolean;
  setupFeeOptions: number[];
  /** the creditor's maximum number of additional accesses (company users besides the main user) */
  maxCompanyUsers: number;
  /** the invoice format of a new location whose dialog leaves it empty (enum eInvoiceFormat; issue 29) */
  defaultEInvoiceFormat: 'pdf' | 'xrechnungUbl' | 'xrechnungCii' | 'zugferd';
  /**
   * which groups of an enumeration this product uses, e.g. purchaseStatus → [purchased, notPurchasedMappingA, …];
   * `voucherType` holds the voucher-type groups (`voucherTypeGroups`), so one lookup serves every enum
   */
  statusGroups: Record<string, string[]>;
  /** the voucher-type filter groups the product offers (groups of the voucherType enum) */
  voucherTypeGroups: string[];
  onboarding: OnboardingRules;
  dunning: DunningSchedule;
}

/**
 * The dunning run of a product (issue 9 item 2): an open, overdue invoice moves payment reminder →
 * dunning → encashment when it is this many days past its payment deadline (a voucher in a dunning
 * stop, dispute, delay or deferred payment waits).
 */
export interface DunningSchedule {
  /** false: the portal does not run the dunning steps for this product */
  enabled: boolean;
  paymentReminderAfterDays: number;
  dunningAfterDays: number;
  encashmentAfterDays: number;
}

/** Onboarding rules of a product (document 2 §2 and §5). */
export interface OnboardingRules {
  /** false: a portal-only product; /onboarding redirects to the login */
  enabled: boolean;
  intermediaryNumberRequired: boolean;
  /** maximum creditor limit in cents */
  maxCreditorLimit: number;
  /** factorable annual turnover bounds in cents */
  factorableTurnover: { min: number; max: number };
  /** founding date at least this many months ago */
  minFoundingMonths: number;
  /** maximum online turnover share in percent of the annual turnover */
  maxOnlineTurnoverRate: number;
  /** the ten golden rules of factoring must be read (factoring products) */
  factoringRulesRequired: boolean;
  /** registration fields this product does not ask for; they are filled with the product type */
  blacklistedFields: string[];
}

/** A condition on other form fields: every named field must have one of the given values. */
export type FormCondition = Record<string, (string | number | boolean)[]>;

/** A dialog form declared in `schema/forms/`, rendered by the one generic dialog (rjsf). */
export interface FormConfig {
  name: string;
  /** i18n key of the dialog title */
  label: string;
  /** i18n key of the submit button */
  submitLabel: string;
  /** the spec's query flag that opens the dialog (`?uploadVoucher=true`), if any */
  queryFlag?: string;
  permission?: string;
  /** the call that receives the form's data, if it exists yet */
  submit?: { method: 'POST' | 'PUT'; path: string; contentType: 'json' | 'multipart' };
  /** dialog width in px (spec default 555) */
  width: number;
  /** where an edit dialog's starting values come from in the record it edits (default: the record) */
  prefill?: FormPrefill;
  /**
   * per format whose check the browser fetches on demand (`lazy` in schema/validation.yaml: `iban`),
   * the fields of the schema that use it — generated from the schema; absent when none
   */
  lazyFormats?: Record<string, string[]>;
  /** JSON schema of the form data (also the server's body schema) */
  schema: Record<string, unknown>;
  /** rjsf uiSchema: order, widgets, labels (i18n keys), help texts */
  uiSchema: Record<string, unknown>;
  /** fields shown (and required) only when their condition holds */
  conditions: Record<string, FormCondition>;
  /** field → i18n key of its label */
  labels: Record<string, string>;
}

/** Who a command notifies, inside its transaction (notification rows, mail through the outbox). */
export interface CommandNotify {
  channel: 'notification' | 'mail';
  to: 'mainUsers' | 'caller';
  /** notification: message key of its title */
  text?: string;
  /** mail: template of src/server/adapters/mail */
  template?: string;
}

/** The record a command acts on: the entity, its state field and that field's enumeration. */
export interface CommandTarget {
  name: string;
  entity: string;
  state: string;
  enum: string;
  /** which history the command's event goes to */
  history: 'debtor' | 'voucher' | 'none';
  /** the call answering what the server accepts now for one such record (`/debtor/{id}/permissions`) */
  permissions?: string;
}

/**
 * A command declared in `schema/commands/<area>.yaml`: the route, who may take it, the record and
 * the states it acts on, and what it records. The server pipeline runs it; the client offers it.
 */
export interface CommandConfig {
  name: string;
  area: string;
  /** i18n key of the action's label */
  label: string;
  method: 'GET' | 'POST' | 'PUT' | 'DELETE';
  /** the spec's path (`/debtor/update/{id}`) */
  path: string;
  /** the Fastify route (`/debtor/update/:id`) */
  url: string;
  /** the form whose JSON schema is the body */
  form?: string;
  /** the form is sent with files: the body goes as multipart/form-data (generated from the form's submit) */
  multipart?: boolean;
  /** on a route several commands share: the body field that selects this one */
  selectBy?: string;
  /** a body field (instead of the path's {id}) naming the target's id */
  targetBy?: string;
  /**
   * the target named by another unique key in the path: `{param}` holds the target entity's
   * `field` (`{ param: 'sap', field: 'sapNumber' }`: the creditor by its SAP number)
   */
  targetKey?: { param: string; field: string };
  /** permission path of the caller (the command's own, else its form's) */
  permission?: string;
  /** role keys (ROLE_…) that may take the command, role groups expanded (none for a public one) */
  roles: string[];
  /** taken without a login (forgotten password): the pipeline skips authentication and role checks */
  public?: boolean;
  /** message key answered to a role that may not */
  denied?: string;
  /** admins: this key of schema/permissions.yaml `admin`, or `superAdmin` (a role with every permission) */
  adminPermission?: string;
  /** whether an administrator acting as the user (impersonation) may take it (else 403 commands.impersonationRefused) */
  impersonation: 'allowed' | 'refused';
  target?: CommandTarget;
  /** states the target may be in (none: any) */
  from?: string[];
  /** the state the target is in afterwards */
  to?: string;
  /** false: whoever requested the target may not take this command (four eyes) */
  allowSelfApproval: boolean;
  /** creditor states in which the command may run */
  creditorStatus: string[];
  history?: { event: string; title: string };
  actionLog: string;
  /** message key of a refusal or failure */
  failure: string;
  /** message key of the success snackbar */
  success: string;
  /** message key of the confirmation text of a command without fields */
  confirm?: string;
  notify: CommandNotify[];
}

/**
 * Where an edit form's starting values come from in the record it edits: objects of the record
 * (`''` = the record itself; `only` limits one to some fields) whose fields fill the form's fields
 * of the same name, the first holding a value wins; `present` ticks a field when a path has a value.
 */
export interface FormPrefill {
  from: (string | { path: string; only: string[] })[];
  present?: Record<string, string>;
  /** form field → the record path it starts with (the open amount, not the original: `amount: leftoverAmount`) */
  fields?: Record<string, string>;
}
