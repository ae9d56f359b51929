import type { Model } from '../normalize';
import { jsonFile, literal, tsFile } from './common';

const TYPES = "import type { EnumConfig, VariantConfig } from '../src/shared/config-types';";

/** `generated/enums.ts`: every enumeration with label keys, colours, shown-as rules and groups. */
export function emitEnums(model: Model): Map<string, string> {
  const enums = Object.fromEntries(model.enums.map(({ source: _, ...e }) => [e.name, e]));
  const body = [TYPES.replace(', VariantConfig', ''), '', `export const enums: Record<string, EnumConfig> = ${literal(enums)};`].join('\n');
  return new Map([['enums.ts', tsFile(model.enums.map((e) => e.source), body)]]);
}

/** `generated/permissions.ts`: the permission tree, its paths, always-on list, server names and roles. */
export function emitPermissions(model: Model): Map<string, string> {
  const paths: string[] = [];
  const alwaysOn: string[] = [];
  const serverNames: Record<string, string> = {};
  const walk = (tree: Model['permissions']['tree'], prefix: string, inheritedAlwaysOn: boolean) => {
    for (const [key, node] of Object.entries(tree)) {
      const path = prefix + key;
      paths.push(path);
      const on = inheritedAlwaysOn || !!node.alwaysOnForCreditor;
      if (on && !node.children) alwaysOn.push(path);
      if (node.server) serverNames[path] = node.server;
      if (node.children) walk(node.children, `${path}.`, on);
    }
  };
  walk(model.permissions.tree, '', false);
  const body = [
    "import type { PermissionTables } from '../src/shared/permissions';",
    '',
    'export const permissionTables: PermissionTables = {',
    `  tree: ${indent(literal(model.permissions.tree))},`,
    `  paths: ${indent(literal(paths))},`,
    `  alwaysOnForCreditor: ${indent(literal(alwaysOn))},`,
    `  serverNames: ${indent(literal(serverNames))},`,
    `  adminPermissions: ${indent(literal(model.permissions.admin))},`,
    `  roles: ${indent(literal(model.roles.roles))},`,
    `  roleGroups: ${indent(literal(model.roles.groups))},`,
    '};',
  ].join('\n');
  return new Map([['permissions.ts', tsFile([model.permissions.source, model.roles.source].filter(Boolean), body)]]);
}

/**
 * The product variants: `generated/products/<code>.ts` one variant each, `generated/products/index.ts`
 * the host names, the default code and a loader per variant (the browser fetches only its own
 * variant, issue 13), and `generated/variants.ts` all of them at once (server, tests, the comparison).
 */
export function emitVariants(model: Model): Map<string, string> {
  const out = new Map<string, string>();
  const file = (code: string) => code.toLowerCase();
  const type = "import type { VariantConfig } from '../../src/shared/config-types';";
  for (const { source, ...variant } of model.variants) {
    const body = [type, '', `export const variant: VariantConfig = ${literal(variant)};`].join('\n');
    out.set(`products/${file(variant.code)}.ts`, tsFile([source], body));
  }
  const sources = model.variants.map((v) => v.source);
  const hosts = Object.fromEntries(model.variants.map((v) => [v.code, v.hosts]));
  const index = [
    type,
    '',
    '/** The host names of each variant (the page picks its variant by host before loading it). */',
    `export const variantHosts: Record<string, readonly string[]> = ${literal(hosts)};`,
    '',
    `export const defaultVariantCode = ${literal(model.defaultVariantCode)};`,
    '',
    '/** One variant, fetched on its own (its chunk). */',
    'export const variantLoaders: Record<string, () => Promise<VariantConfig>> = {',
    ...model.variants.map((v) => `  ${v.code}: () => import('./${file(v.code)}').then((module) => module.variant),`),
    '};',
  ].join('\n');
  out.set('products/index.ts', tsFile(sources, index));
  const all = [
    "import type { VariantConfig } from '../src/shared/config-types';",
    ...model.variants.map((v) => `import { variant as ${v.code} } from './products/${file(v.code)}';`),
    '',
    `export const variants: Record<string, VariantConfig> = { ${model.variants.map((v) => v.code).join(', ')} };`,
    '',
    "export { defaultVariantCode } from './products/index';",
  ].join('\n');
  out.set('variants.ts', tsFile(sources, all));
  return out;
}

/** `generated/i18n/de.json` and `en.json`: the catalogues collected from every inline text. */
export function emitCatalogs(model: Model): Map<string, string> {
  const sources = ['schema/**/*.yaml'];
  return new Map([
    ['i18n/de.json', jsonFile(sources, model.catalog.de)],
    ['i18n/en.json', jsonFile(sources, model.catalog.en)],
  ]);
}

/** `generated/widgets.ts`: the widget names YAML may use; the client registry must implement each. */
export function emitWidgets(model: Model): Map<string, string> {
  const names = (kind: string) => model.widgets.filter((w) => w.kind === kind).map((w) => w.name);
  const body = [
    `export const inputWidgetNames = ${literal(names('input'))} as const;`,
    '',
    `export const displayWidgetNames = ${literal(names('display'))} as const;`,
    '',
    'export const widgetNames = [...inputWidgetNames, ...displayWidgetNames] as const;',
    '',
    'export type InputWidgetName = (typeof inputWidgetNames)[number];',
    'export type DisplayWidgetName = (typeof displayWidgetNames)[number];',
    'export type WidgetName = InputWidgetName | DisplayWidgetName;',
  ].join('\n');
  return new Map([['widgets.ts', tsFile(['schema/widgets.yaml'], body)]]);
}

const indent = (s: string) => s.replace(/\n/g, '\n  ');

/** `generated/forms/<name>.ts` and `index.ts`: the dialogs of schema/forms/. */
export function emitForms(model: Model): Map<string, string> {
  const out = new Map<string, string>();
  const file = (name: string) => name.replace(/[A-Z]/g, (c) => `-${c.toLowerCase()}`);
  for (const { source, ...form } of model.forms) {
    const body = ["import type { FormConfig } from '../../src/shared/config-types';", '', `export const ${form.name}Form: FormConfig = ${literal(form)};`].join('\n');
    out.set(`forms/${file(form.name)}.ts`, tsFile([source], body));
  }
  const body = [
    "import type { FormConfig } from '../../src/shared/config-types';",
    ...model.forms.map((f) => `import { ${f.name}Form } from './${file(f.name)}';`),
    '',
    `export const forms: Record<string, FormConfig> = {${model.forms.map((f) => `\n  ${f.name}: ${f.name}Form,`).join('')}\n};`,
  ].join('\n');
  out.set('forms/index.ts', tsFile(model.forms.length ? model.forms.map((f) => f.source) : ['schema/forms/'], body));
  return out;
}

/**
 * `generated/validation.ts`: the named validation rules with their kind, parameter type and message
 * key, and the formats whose check the browser fetches on demand (`lazyFormats`).
 */
export function emitValidation(model: Model): Map<string, string> {
  const lazy = Object.entries(model.validationRules).filter(([, rule]) => rule.lazy).map(([name]) => name);
  const body = [
    'export interface ValidationRule {',
    "  kind: 'format' | 'keyword';",
    '  param?: string;',
    '  message: string;',
    '  /** a format whose check comes with a library the browser fetches on demand */',
    '  lazy?: true;',
    '}',
    '',
    `export const validationRules: Record<string, ValidationRule> = ${literal(model.validationRules)};`,
    '',
    '/** The formats whose check the browser fetches on demand (`lazy: true`); a form lists its own in `lazyFormats`. */',
    `export const lazyFormats = ${literal(lazy)} as const;`,
    '',
    'export type LazyFormat = (typeof lazyFormats)[number];',
  ].join('\n');
  return new Map([['validation.ts', tsFile(['schema/validation.yaml'], body)]]);
}
