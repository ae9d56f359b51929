import type { EnumConfig, FieldType, FormConfig, LocalizedText, ResourceConfig, VariantConfig } from '../src/shared/config-types';
import { type NormCommand, normalizeCommands } from './normalize-commands';
import { normalizeForm } from './normalize-forms';
import { normalizeResource } from './normalize-resources';
import { GeneratorError, type SourceFile, type SourceTree } from './load';
import { resolvePath } from './validate';

export interface NormField {
  name: string;
  type: FieldType;
  label: string;
  required: boolean;
  enum?: string;
  entity?: string;
  items?: FieldType;
  server?: string;
  maxLength?: number;
  widget?: string;
  description?: string;
  default?: unknown;
  /** validation rules: format rules → `format`, keyword rules → the keyword with its parameter */
  rules?: Record<string, unknown>;
}
export interface NormEntity {
  name: string;
  /** PascalCase name: JSON-schema `$id` and TypeScript interface name */
  typeName: string;
  label: string;
  description?: string;
  /** whether further keys than the declared fields are allowed */
  open: boolean;
  fields: NormField[];
  source: string;
}
export interface PermissionNode {
  label: string;
  server?: string;
  alwaysOnForCreditor?: boolean;
  children?: Record<string, PermissionNode>;
}
export interface RoleConfig {
  key: string;
  side: 'admin' | 'creditor';
  label: string;
  allPermissions: boolean;
  deny: string[];
}
export interface Model {
  entities: NormEntity[];
  enums: (EnumConfig & { source: string })[];
  resources: (ResourceConfig & { source: string; listExtra: NormField[] })[];
  permissions: { tree: Record<string, PermissionNode>; admin: Record<string, { label: string }>; source: string };
  roles: { roles: Record<string, RoleConfig>; groups: Record<string, string[]>; source: string };
  widgets: { name: string; kind: 'input' | 'display' }[];
  variants: (VariantConfig & { source: string })[];
  forms: (FormConfig & { source: string })[];
  commands: NormCommand[];
  validationRules: Record<string, { kind: 'format' | 'keyword'; param?: string; message: string; lazy?: true }>;
  defaultVariantCode: string;
  catalog: { de: Record<string, unknown>; en: Record<string, unknown> };
}

export type AddText = (key: string, text: LocalizedText, file: SourceFile, at: (string | number)[]) => string;

export const pascal = (name: string) => name[0].toUpperCase() + name.slice(1);

/**
 * Phase 3 — normalize: turns validated files into one model with every default filled in, every
 * label replaced by its i18n key, and the catalogue (de, en) collected from all inline texts.
 *
 * @example normalizeTree(tree).resources[0].list.columns[0] // → { value: 'name', text: 'fields.name', sortable: true, … }
 */
export function normalizeTree(tree: SourceTree): Model {
  const problems: string[] = [];
  const catalog = { de: {} as Record<string, unknown>, en: {} as Record<string, unknown> };
  const addText: AddText = (key, text, file, at) => {
    for (const lang of ['de', 'en'] as const) {
      const clash = setPath(catalog[lang], key, text[lang]);
      if (clash) problems.push(`${file.path}:${file.lineOf(at)}: text key '${key}' ${clash}`);
    }
    return key;
  };
  const of = (kind: string) => tree.files.filter((f) => f.kind === kind);
  const entityFiles = new Map(of('entity').map((f) => [f.data.entity as string, f]));

  for (const file of of('texts')) {
    const walk = (node: Record<string, any>, prefix: string, at: string[]) => {
      for (const [k, v] of Object.entries(node)) {
        if (typeof v.de === 'string') addText(`${prefix}${k}`, v, file, [...at, k]);
        else walk(v, `${prefix}${k}.`, [...at, k]);
      }
    };
    walk(file.data, `${file.name}.`, []);
  }

  const entities: NormEntity[] = of('entity').map((file) => {
    const e = file.data;
    return {
      name: e.entity,
      typeName: pascal(e.entity),
      label: addText(`entities.${e.entity}.name`, e.label, file, ['label']),
      description: e.description,
      open: e.additionalProperties ?? false,
      source: file.path,
      fields: Object.entries<any>(e.fields).map(([name, f]) => ({
        name,
        type: f.type,
        label: f.label ? addText(`entities.${e.entity}.fields.${name}`, f.label, file, ['fields', name, 'label']) : `fields.${name}`,
        required: f.required ?? false,
        enum: f.enum,
        entity: f.entity,
        items: f.items,
        server: f.server,
        maxLength: f.maxLength,
        widget: f.widget,
        description: f.description,
        default: f.default,
        rules: f.rules,
      })),
    };
  });
  const fieldOf = (entity: string, path: string): NormField => {
    const def = resolvePath(entityFiles, entityFiles.get(entity)!, path);
    const owner = path.includes('.') ? ownerOf(entityFiles, entity, path) : entity;
    const last = path.split('.').pop()!;
    return entities.find((e) => e.name === owner)!.fields.find((f) => f.name === last) ?? def;
  };

  const enums = of('enum').map((file) => {
    const e = file.data;
    const config: EnumConfig & { source: string } = {
      name: e.enum,
      label: addText(`enumTitles.${e.enum}`, e.label, file, ['label']),
      values: e.values.map((v: any, i: number) => ({
        value: v.value,
        label: addText(`enums.${e.enum}.${v.value}`, v.label, file, ['values', i, 'label']),
        ...(v.color ? { color: v.color } : {}),
        ...(v.shownAs !== undefined ? { shownAs: v.shownAs } : {}),
      })),
      groups: Object.fromEntries(
        Object.entries<any>(e.groups ?? {}).map(([g, def]) => [
          g,
          { label: addText(`enumGroups.${e.enum}.${g}`, def.label, file, ['groups', g, 'label']), values: def.values },
        ]),
      ),
      source: file.path,
    };
    return config;
  });

  const widgetDefs = Object.entries<any>(of('widgets')[0]?.data.widgets ?? {});
  const widgets = widgetDefs.map(([name, w]) => ({ name, kind: (w.kind ?? 'input') as 'input' | 'display' }));
  const displayWidgets = new Set(widgets.filter((w) => w.kind === 'display').map((w) => w.name));
  const resources = of('resource').map((file) => normalizeResource(file, addText, fieldOf, displayWidgets));

  const permFile = of('permissions')[0];
  const labelTree = (children: Record<string, any>, prefix: string, at: string[]): Record<string, PermissionNode> =>
    Object.fromEntries(
      Object.entries(children).map(([k, node]) => {
        const path = `${prefix}${k}`;
        const nodeAt = [...at, k];
        return [
          k,
          {
            label: addText(`permissions.${path}.label`, node.label, permFile, [...nodeAt, 'label']),
            ...(node.server ? { server: node.server } : {}),
            ...(node.alwaysOnForCreditor ? { alwaysOnForCreditor: true } : {}),
            ...(node.children ? { children: labelTree(node.children, `${path}.children.`, [...nodeAt, 'children'])} : {}),
          },
        ];
      }),
    );
  const permissions = {
    tree: permFile ? labelTree(permFile.data.tree, '', ['tree']) : {},
    admin: Object.fromEntries(
      Object.entries<any>(permFile?.data.admin ?? {}).map(([k, v]) => [
        k,
        { label: addText(`adminPermissions.${k}`, v.label, permFile, ['admin', k, 'label']) },
      ]),
    ),
    source: permFile?.path ?? '',
  };

  const roleFile = of('roles')[0];
  const roles = {
    roles: Object.fromEntries(
      Object.entries<any>(roleFile?.data.roles ?? {}).map(([name, r]) => [
        name,
        {
          key: r.key,
          side: r.side,
          label: addText(`roles.${name}`, r.label, roleFile, ['roles', name, 'label']),
          allPermissions: r.allPermissions ?? false,
          deny: r.deny ?? [],
        },
      ]),
    ),
    groups: roleFile?.data.groups ?? {},
    source: roleFile?.path ?? '',
  };

  const productDefaults: Record<string, unknown> = {};
  const collectDefaults = (children: Record<string, any>, target: Record<string, unknown>, inherited?: boolean) => {
    for (const [key, node] of Object.entries(children)) {
      const value = node.productDefault ?? inherited;
      if (node.children) {
        const sub: Record<string, unknown> = {};
        collectDefaults(node.children, sub, value);
        if (Object.keys(sub).length) target[key] = sub;
      } else if (value !== undefined) {
        target[key] = value;
      }
    }
  };
  collectDefaults(permFile?.data.tree ?? {}, productDefaults);
  const variants = of('variant').map((file) => {
    const v = file.data;
    return {
      code: v.code,
      kind: v.kind,
      productName: v.productName,
      portalName: v.portalName,
      hosts: v.hosts,
      logo: v.logo,
      ...(v.partnerLogo ? { partnerLogo: v.partnerLogo } : {}),
      theme: v.theme,
      contact: v.contact,
      links: v.links,
      // The product's switches: the tree's productDefault values with the variant's differences on top.
      permissions: deepMerge(productDefaults, v.permissions ?? {}),
      wording: { de: v.wording?.de ?? {}, en: v.wording?.en ?? {} },
      withPurchaseAssurance: v.withPurchaseAssurance ?? false,
      setupFeeOptions: v.setupFeeOptions ?? [0],
      // document 1 §6 names a maximum of additional accesses but no value; decision: 5 unless stated
      maxCompanyUsers: v.maxCompanyUsers ?? 5,
      // issue 29: the spec's delivery (the uploaded PDF) unless a product says otherwise
      defaultEInvoiceFormat: v.defaultEInvoiceFormat ?? 'pdf',
      // one lookup per enumeration for the group filters: the voucher-type groups join the status groups
      statusGroups: { ...v.statusGroups, ...(v.voucherTypeGroups ? { voucherType: v.voucherTypeGroups } : {}) },
      voucherTypeGroups: v.voucherTypeGroups ?? [],
      // Defaults from document 2 §5; a variant states only what differs.
      onboarding: {
        enabled: true,
        intermediaryNumberRequired: false,
        maxCreditorLimit: 75_000_000,
        factorableTurnover: { min: 10_000_000, max: 750_000_000 },
        minFoundingMonths: 6,
        maxOnlineTurnoverRate: 100,
        factoringRulesRequired: v.kind === 'factoring',
        blacklistedFields: [],
        ...v.onboarding,
      },
      // Decision (issue 9 item 2; the spec names the steps but no days): reminder 10, dunning 35,
      // encashment 75 days after the payment deadline unless the variant states otherwise.
      dunning: {
        enabled: true,
        paymentReminderAfterDays: 10,
        dunningAfterDays: 35,
        encashmentAfterDays: 75,
        ...v.dunning,
      },
      source: file.path,
    } satisfies VariantConfig & { source: string };
  });

  const enumValues = (name: string) => enums.find((e) => e.name === name)!.values.map((v) => v.value);
  const validationData = of('validation')[0]?.data ?? { rules: {} };
  const forms = of('form').map((file) => normalizeForm(file, addText, enumValues, validationData));
  // before the wording check: a variant may reword a command's label or history title
  const commands = of('command').flatMap((file) =>
    normalizeCommands(file, addText, roles.groups, (form) => forms.find((f) => f.name === form)?.permission),
  );
  const validationFile = of('validation')[0];
  const validationRules: Model['validationRules'] = Object.fromEntries(
    Object.entries<any>(validationFile?.data.rules ?? {}).map(([name, r]) => [
      name,
      { kind: r.kind, ...(r.param ? { param: r.param } : {}), message: r.message, ...(r.lazy ? { lazy: true as const } : {}) },
    ]),
  );
  for (const [name, rule] of Object.entries(validationRules)) {
    if (rule.lazy && rule.kind !== 'format') {
      problems.push(`${validationFile.path}:${validationFile.lineOf(['rules', name, 'lazy'])}: only a format's check can be loaded lazily`);
    }
    if (typeof textAt(catalog.de, rule.message) !== 'string') {
      problems.push(`${validationFile.path}:${validationFile.lineOf(['rules', name, 'message'])}: message '${rule.message}' is no text of the catalogue`);
    }
  }
  for (const file of of('variant')) {
    for (const lang of ['de', 'en'] as const) {
      for (const key of Object.keys(file.data.wording?.[lang] ?? {})) {
        if (typeof textAt(catalog[lang], key) !== 'string') {
          problems.push(`${file.path}:${file.lineOf(['wording', lang, key])}: wording overrides '${key}', which is no text of the catalogue`);
        }
      }
    }
  }
  if (problems.length) throw new GeneratorError(problems);
  return {
    entities,
    enums,
    resources,
    permissions,
    roles,
    widgets,
    variants,
    forms,
    commands,
    validationRules,
    defaultVariantCode: of('variant').find((f) => f.data.default)?.data.code ?? 'SMAFA',
    catalog,
  };
}

function deepMerge(base: Record<string, unknown>, over: Record<string, unknown>): Record<string, unknown> {
  const out: Record<string, unknown> = { ...base };
  for (const [k, v] of Object.entries(over)) {
    const b = out[k];
    out[k] = v && typeof v === 'object' && b && typeof b === 'object' ? deepMerge(b as Record<string, unknown>, v as Record<string, unknown>) : v;
  }
  return out;
}

const textAt = (catalog: Record<string, unknown>, key: string): unknown =>
  key.split('.').reduce<unknown>((node, part) => (node as Record<string, unknown> | undefined)?.[part], catalog);

function ownerOf(entities: Map<string, SourceFile>, entity: string, path: string): string {
  let current = entity;
  const parts = path.split('.');
  for (const part of parts.slice(0, -1)) current = entities.get(current)!.data.fields[part].entity;
  return current;
}

/** Sets a dotted key in a nested object; returns a problem text when it clashes. */
function setPath(target: Record<string, unknown>, key: string, value: string): string | undefined {
  const parts = key.split('.');
  let node: Record<string, unknown> = target;
  for (const part of parts.slice(0, -1)) {
    const next = node[part];
    if (typeof next === 'string') return `clashes with the text at '${parts.slice(0, parts.indexOf(part) + 1).join('.')}'`;
    if (next === undefined) node[part] = {};
    node = node[part] as Record<string, unknown>;
  }
  const last = parts[parts.length - 1];
  if (typeof node[last] === 'object') return 'clashes with a group of texts of the same name';
  if (node[last] !== undefined && node[last] !== value) return `is defined twice with different texts`;
  node[last] = value;
  return undefined;
}
