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

/** `generated/variants.ts`: the eight product variants and the default one. */
export function emitVariants(model: Model): Map<string, string> {
  const variants = Object.fromEntries(model.variants.map(({ source: _, ...v }) => [v.code, v]));
  const body = [
    TYPES.replace('EnumConfig, ', ''),
    '',
    `export const variants: Record<string, VariantConfig> = ${literal(variants)};`,
    '',
    `export const defaultVariantCode = ${literal(model.defaultVariantCode)};`,
  ].join('\n');
  return new Map([['variants.ts', tsFile(model.variants.map((v) => v.source), body)]]);
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

/** `generated/validation.ts`: the named validation rules with their kind, parameter type and message key. */
export function emitValidation(model: Model): Map<string, string> {
  const body = [
    'export interface ValidationRule {',
    "  kind: 'format' | 'keyword';",
    '  param?: string;',
    '  message: string;',
    '}',
    '',
    `export const validationRules: Record<string, ValidationRule> = ${literal(model.validationRules)};`,
  ].join('\n');
  return new Map([['validation.ts', tsFile(['schema/validation.yaml'], body)]]);
}
