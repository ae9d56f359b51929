import { Ajv, type ErrorObject } from 'ajv';
import { GeneratorError, type SourceFile, type SourceTree } from './load';
import { metaSchemas } from './meta-schema';
import { checkCommands } from './validate-commands';
import { checkResources } from './validate-resources';

export { resolvePath } from './validate-resources';

const ajv = new Ajv({ allErrors: true, strict: false });
const validators = Object.fromEntries(
  Object.entries(metaSchemas).map(([kind, schema]) => [kind, ajv.compile(schema as object)]),
);

/**
 * Phase 2 — validate: every file against the meta-schema of its kind, then the references between
 * files (an enum, entity, widget, role or permission named somewhere must exist). All problems are
 * reported together as `file:line: message`; nothing is written when there is one.
 *
 * @example validateTree(loadTree(root)); // throws GeneratorError(['schema/entities/x.yaml:4: …'])
 */
export function validateTree(tree: SourceTree): void {
  const problems: string[] = [];
  for (const file of tree.files) {
    const validate = validators[file.kind];
    if (file.kind === 'texts') problems.push(...checkTexts(file));
    else if (!validate(file.data)) problems.push(...explain(file, validate.errors ?? []));
    const nameKey = { entity: 'entity', enum: 'enum', resource: 'resource' }[file.kind as string];
    if (nameKey && file.data?.[nameKey] && file.data[nameKey] !== file.name) {
      problems.push(`${file.path}:${file.lineOf([nameKey])}: ${nameKey} '${file.data[nameKey]}' must match the file name '${file.name}'`);
    }
  }
  if (problems.length) throw new GeneratorError(problems);
  checkReferences(tree, problems);
  if (problems.length) throw new GeneratorError(problems);
}

/** Text files: nested groups whose leaves are exactly `{ de, en }` (a recursive anyOf would explain badly). */
function checkTexts(file: SourceFile): string[] {
  const out: string[] = [];
  const walk = (node: unknown, at: string[]) => {
    if (!node || typeof node !== 'object' || Array.isArray(node)) {
      out.push(`${file.path}:${file.lineOf(at)}: '${at.join('.')}' must be a group of texts or { de, en }`);
      return;
    }
    const keys = Object.keys(node);
    if (keys.includes('de') || keys.includes('en')) {
      for (const lang of ['de', 'en']) {
        const v = (node as Record<string, unknown>)[lang];
        if (typeof v !== 'string' || !v) out.push(`${file.path}:${file.lineOf(at)}: text '${at.join('.')}' needs a non-empty '${lang}' string`);
      }
      for (const k of keys.filter((k) => k !== 'de' && k !== 'en')) {
        out.push(`${file.path}:${file.lineOf([...at, k])}: unknown key '${k}' in text '${at.join('.')}' (a comma in an unquoted flow value?)`);
      }
      return;
    }
    for (const k of keys) {
      if (!/^[a-zA-Z][A-Za-z0-9_]*$/.test(k)) out.push(`${file.path}:${file.lineOf([...at, k])}: text key '${k}' must be an identifier`);
      else walk((node as Record<string, unknown>)[k], [...at, k]);
    }
  };
  walk(file.data, []);
  return out;
}

function explain(file: SourceFile, all: ErrorObject[]): string[] {
  // oneOf/anyOf report every branch's errors; keep only the branch that came closest (fewest errors).
  let errors = all;
  for (const alt of all.filter((e) => e.keyword === 'oneOf' || e.keyword === 'anyOf')) {
    const branches = new Map<string, ErrorObject[]>();
    for (const e of errors) {
      const m = e.schemaPath.startsWith(`${alt.schemaPath}/`) ? e.schemaPath.slice(alt.schemaPath.length + 1).split('/')[0] : undefined;
      if (m !== undefined && e.instancePath.startsWith(alt.instancePath)) branches.set(m, [...(branches.get(m) ?? []), e]);
    }
    const best = [...branches.values()].sort((a, b) => a.length - b.length)[0] ?? [];
    const drop = new Set([...branches.values()].flat().filter((e) => !best.includes(e)));
    errors = errors.filter((e) => !drop.has(e));
  }
  const seen = new Set<string>();
  const out: string[] = [];
  const sorted = [...errors].sort((a, b) => b.instancePath.length - a.instancePath.length);
  for (const e of sorted) {
    if (e.keyword === 'oneOf' || e.keyword === 'anyOf' || e.keyword === 'if') continue;
    const path = e.instancePath.split('/').slice(1).map(unescapePointer);
    let message = `${e.instancePath || '(top)'} ${e.message ?? 'is invalid'}`;
    if (e.keyword === 'additionalProperties') {
      const extra = (e.params as { additionalProperty: string }).additionalProperty;
      path.push(extra);
      message = `unknown key '${extra}'${e.instancePath ? ` in ${e.instancePath}` : ''}`;
    } else if (e.keyword === 'enum') {
      message += `: ${(e.params as { allowedValues: unknown[] }).allowedValues.join(', ')}`;
    }
    const line = `${file.path}:${file.lineOf(path)}: ${message}`;
    if (!seen.has(line)) out.push(line);
    seen.add(line);
  }
  return out.sort(byLine);
}

const unescapePointer = (s: string) => (/^\d+$/.test(s) ? Number(s) : s.replace(/~1/g, '/').replace(/~0/g, '~'));
const byLine = (a: string, b: string) => {
  const [fa, la] = a.split(':');
  const [fb, lb] = b.split(':');
  return fa === fb ? Number(la) - Number(lb) : fa < fb ? -1 : 1;
};

function checkReferences(tree: SourceTree, problems: string[]): void {
  const of = (kind: string) => tree.files.filter((f) => f.kind === kind);
  const entities = new Map(of('entity').map((f) => [f.data.entity as string, f]));
  const enums = new Map(of('enum').map((f) => [f.data.enum as string, f]));
  const widgetDefs: Record<string, { kind?: string }> = of('widgets')[0]?.data.widgets ?? {};
  const widgets = new Set(Object.keys(widgetDefs));
  const displayWidgets = new Set(Object.keys(widgetDefs).filter((w) => widgetDefs[w].kind === 'display'));
  const roleFile = of('roles')[0];
  const roleNames = new Set([...Object.keys(roleFile?.data.roles ?? {}), ...Object.keys(roleFile?.data.groups ?? {})]);
  const permissionPaths = new Set<string>();
  const walk = (children: Record<string, any> | undefined, prefix: string) => {
    for (const [key, node] of Object.entries(children ?? {})) {
      permissionPaths.add(prefix + key);
      walk(node.children, `${prefix}${key}.`);
    }
  };
  walk(of('permissions')[0]?.data.tree, '');
  const adminPermissionKeys = new Set(Object.keys(of('permissions')[0]?.data.admin ?? {}));
  const fieldTexts = of('texts').find((f) => f.name === 'fields')?.data ?? {};
  const report = (file: SourceFile, path: (string | number)[], message: string) =>
    problems.push(`${file.path}:${file.lineOf(path)}: ${message}`);

  const rules = of('validation')[0]?.data.rules ?? {};
  const checkRules = (file: SourceFile, fieldRules: Record<string, unknown> | undefined, at: (string | number)[]) => {
    for (const [rule, param] of Object.entries(fieldRules ?? {})) {
      const def = rules[rule];
      if (!def) report(file, [...at, 'rules', rule], `unknown validation rule '${rule}' (see schema/validation.yaml)`);
      else if (def.kind === 'format' && param !== true) report(file, [...at, 'rules', rule], `format rule '${rule}' takes true`);
      else if (def.kind === 'keyword' && !matchesParam(param, def.param)) {
        report(file, [...at, 'rules', rule], `rule '${rule}' takes a parameter of type ${def.param ?? 'any'}`);
      }
    }
  };
  for (const file of of('validation')) {
    (file.data.defaults ?? []).forEach((d: any, i: number) => {
      for (const rule of [...Object.keys(d.rules), ...(d.unless ?? [])]) {
        if (!rules[rule]) report(file, ['defaults', i], `unknown validation rule '${rule}'`);
      }
    });
  }
  for (const file of of('form')) {
    const fields = file.data.fields as Record<string, any>;
    if (file.data.form !== file.name) report(file, ['form'], `form '${file.data.form}' must match the file name '${file.name}'`);
    if (file.data.permission && !permissionPaths.has(file.data.permission)) report(file, ['permission'], `unknown permission '${file.data.permission}'`);
    for (const [name, field] of Object.entries(fields)) {
      const at = ['fields', name];
      if (field.type === 'enum' && !enums.has(field.enum)) report(file, [...at, 'enum'], `unknown enum '${field.enum}'`);
      if (field.widget && !widgets.has(field.widget)) report(file, [...at, 'widget'], `unknown widget '${field.widget}'`);
      else if (displayWidgets.has(field.widget)) report(file, [...at, 'widget'], `'${field.widget}' is a display widget, not an input`);
      if (!field.label && !fieldTexts[name]) report(file, at, `field '${name}' has no label and schema/texts/fields.yaml has no '${name}'`);
      checkRules(file, field.rules, at);
      if (field.dependsOn && (!fields[field.dependsOn] || field.dependsOn === name))
        report(file, [...at, 'dependsOn'], `depends on unknown field '${field.dependsOn}'`);
      for (const [other, values] of Object.entries<any>(field.when ?? {})) {
        const target = fields[other];
        if (!target || other === name) {
          report(file, [...at, 'when', other], `condition on unknown field '${other}'`);
          continue;
        }
        if (target.type === 'enum' && enums.has(target.enum)) {
          const allowed = new Set(enums.get(target.enum)!.data.values.map((v: any) => v.value));
          for (const v of [values].flat()) if (!allowed.has(v)) report(file, [...at, 'when', other], `'${v}' is no value of ${target.enum}`);
        }
      }
    }
  }
  for (const file of of('entity')) {
    for (const [name, field] of Object.entries<any>(file.data.fields)) {
      const at = ['fields', name];
      checkRules(file, field.rules, at);
      if (field.type === 'enum' && !enums.has(field.enum)) report(file, [...at, 'enum'], `unknown enum '${field.enum}'`);
      if ((field.type === 'object' || (field.type === 'list' && !field.items)) && !entities.has(field.entity)) {
        report(file, at, `field '${name}' of type ${field.type} needs an existing entity (got '${field.entity}')`);
      }
      if (field.widget && !widgets.has(field.widget)) report(file, [...at, 'widget'], `unknown widget '${field.widget}'`);
      if (!field.label && !fieldTexts[name]) {
        report(file, at, `field '${name}' has no label and schema/texts/fields.yaml has no '${name}'`);
      }
    }
  }
  for (const file of of('enum')) {
    const values = new Set(file.data.values.map((v: any) => v.value));
    file.data.values.forEach((v: any, i: number) => {
      if (String(v.value).includes('.')) report(file, ['values', i, 'value'], `value '${v.value}' must not contain a dot`);
      if (v.shownAs !== undefined && !values.has(v.shownAs)) report(file, ['values', i, 'shownAs'], `shownAs '${v.shownAs}' is not a value`);
    });
    if (values.size !== file.data.values.length) report(file, ['values'], 'values are not unique');
    for (const [group, def] of Object.entries<any>(file.data.groups ?? {})) {
      def.values.forEach((v: unknown, i: number) => {
        if (!values.has(v)) report(file, ['groups', group, 'values', i], `group '${group}' names unknown value '${v}'`);
      });
    }
  }
  checkResources({ of, entities, enums, widgets: displayWidgets, roleNames, permissionPaths, adminPermissionKeys, report });
  const roleDefs: Record<string, { side?: string }> = roleFile?.data.roles ?? {};
  const roleGroups: Record<string, string[]> = roleFile?.data.groups ?? {};
  const sidesOf = (roles: string[]) => new Set(roles.flatMap((r) => roleGroups[r] ?? [r]).map((r) => roleDefs[r]?.side).filter((s): s is string => !!s));
  checkCommands({ of, entities, enums, roleNames, permissionPaths, adminPermissionKeys, sidesOf, report });
  for (const file of of('roles')) {
    for (const [role, def] of Object.entries<any>(file.data.roles)) {
      (def.deny ?? []).forEach((p: string, i: number) => {
        if (!permissionPaths.has(p)) report(file, ['roles', role, 'deny', i], `unknown permission '${p}'`);
      });
    }
    for (const [group, members] of Object.entries<any>(file.data.groups ?? {})) {
      members.forEach((m: string, i: number) => {
        if (!file.data.roles[m]) report(file, ['groups', group, i], `unknown role '${m}'`);
      });
    }
  }
  const codes = new Map<string, SourceFile>();
  const hosts = new Map<string, SourceFile>();
  for (const file of of('variant')) {
    if (file.name !== file.data.code.toLowerCase()) report(file, ['code'], `code '${file.data.code}' must match the file name`);
    if (codes.has(file.data.code)) report(file, ['code'], `code '${file.data.code}' is used twice`);
    codes.set(file.data.code, file);
    file.data.hosts.forEach((h: string, i: number) => {
      if (hosts.has(h)) report(file, ['hosts', i], `host '${h}' is also claimed by ${hosts.get(h)!.path}`);
      hosts.set(h, file);
    });
    for (const [enumName, groups] of Object.entries<string[]>(file.data.statusGroups ?? {})) {
      const e = enums.get(enumName);
      if (!e) report(file, ['statusGroups', enumName], `unknown enum '${enumName}'`);
      else groups.forEach((g, i) => {
        if (!e.data.groups?.[g]) report(file, ['statusGroups', enumName, i], `enum ${enumName} has no group '${g}'`);
      });
    }
    if (file.data.voucherTypeGroups && file.data.statusGroups?.voucherType) {
      report(file, ['statusGroups', 'voucherType'], 'voucher-type groups belong in voucherTypeGroups only');
    }
    (file.data.voucherTypeGroups ?? []).forEach((g: string, i: number) => {
      if (!enums.get('voucherType')?.data.groups?.[g]) report(file, ['voucherTypeGroups', i], `enum voucherType has no group '${g}'`);
    });
    const registration = of('form').find((f) => f.name === 'productApplication');
    (file.data.onboarding?.blacklistedFields ?? []).forEach((field: string, i: number) => {
      if (registration && !registration.data.fields[field]) {
        report(file, ['onboarding', 'blacklistedFields', i], `'${field}' is no field of the productApplication form`);
      }
    });
    {
      // the steps follow each other: each one later than the one before (defaults of normalize.ts)
      const d = { paymentReminderAfterDays: 10, dunningAfterDays: 35, encashmentAfterDays: 75, ...file.data.dunning };
      if (!(d.paymentReminderAfterDays < d.dunningAfterDays && d.dunningAfterDays < d.encashmentAfterDays)) {
        report(file, ['dunning'], 'dunning steps must come in order: paymentReminderAfterDays < dunningAfterDays < encashmentAfterDays');
      }
    }
    checkPermissionValues(file.data.permissions ?? {}, '', permissionPaths, (p) =>
      report(file, ['permissions', ...p.split('.')], `unknown permission '${p}'`),
    );
  }
  const defaults = of('variant').filter((f) => f.data.default);
  if (of('variant').length && defaults.length !== 1) {
    problems.push(`variants/:1: exactly one variant must say 'default: true' (found ${defaults.length})`);
  }
}

function matchesParam(value: unknown, type: string | undefined): boolean {
  if (!type) return true;
  if (type === 'integer') return Number.isInteger(value);
  if (type === 'array') return Array.isArray(value);
  if (type === 'object') return !!value && typeof value === 'object' && !Array.isArray(value);
  return typeof value === type;
}

function checkPermissionValues(obj: Record<string, unknown>, prefix: string, paths: Set<string>, bad: (p: string) => void) {
  for (const [k, v] of Object.entries(obj)) {
    const p = prefix + k;
    if (!paths.has(p)) bad(p);
    else if (v && typeof v === 'object') checkPermissionValues(v as Record<string, unknown>, `${p}.`, paths, bad);
  }
}
