import type { FormConfig } from '../src/shared/config-types';
import { SCALAR_SCHEMAS } from './field-schemas';
import type { SourceFile } from './load';
import { type AddText, pascal } from './normalize';

// Form inputs use the JSON-schema types of entity fields, plus uploads as data URLs.
// An entered amount stays below 1 billion euros (a bigint column and every sum stay exact).
export const MAX_MONEY_INPUT = 99_999_999_999;
const INPUT: Record<string, Record<string, unknown>> = {
  ...SCALAR_SCHEMAS,
  money: { ...SCALAR_SCHEMAS.money, maximum: MAX_MONEY_INPUT },
  files: { type: 'array', items: { type: 'string', format: 'data-url' } },
};
/** Widgets used when YAML names none (rjsf widget names or the client registry's). */
const DEFAULT_WIDGET: Record<string, string> = { text: 'textarea', money: 'money', date: 'germanDate', iban: 'iban', files: 'files' };

/**
 * A form file → the config of the generic dialog: a JSON schema of the data (the server validates the
 * same body with it), an rjsf uiSchema (order, widgets, i18n keys of labels and help texts) and the
 * conditions under which fields show. Conditionally required fields are required through if/then.
 */
export interface ValidationSource {
  rules: Record<string, { kind: string; scope?: 'value' | 'item'; lazy?: boolean }>;
  defaults?: { types: string[]; rules: Record<string, unknown>; unless?: string[] }[];
}

export function normalizeForm(
  file: SourceFile,
  addText: AddText,
  enumValues: (name: string) => (string | number)[],
  validation: ValidationSource,
): FormConfig & { source: string } {
  const { rules } = validation;
  const f = file.data;
  const prefix = `forms.${f.form}`;
  const properties: Record<string, unknown> = {};
  const requiredFields: string[] = [];
  const allOf: unknown[] = [];
  const uiSchema: Record<string, unknown> = { 'ui:order': Object.keys(f.fields) };
  const conditions: FormConfig['conditions'] = {};
  const labels: Record<string, string> = {};
  for (const [name, field] of Object.entries<any>(f.fields)) {
    const at = ['fields', name];
    const label = field.label ? addText(`${prefix}.fields.${name}`, field.label, file, [...at, 'label']) : `fields.${name}`;
    labels[name] = label;
    let schema: Record<string, unknown> =
      field.type === 'enum'
        ? { type: typeof enumValues(field.enum)[0] === 'number' ? 'integer' : 'string', enum: enumValues(field.enum) }
        : structuredClone(INPUT[field.type]);
    // The shared rule shows the checkbox's own message; without it, `const` still refuses false.
    if (field.mustBeTicked) schema = rules.requiredCheckbox ? { type: 'boolean', requiredCheckbox: true } : { type: 'boolean', const: true };
    if (field.maxLength) schema.maxLength = field.maxLength;
    if (field.default !== undefined) schema.default = field.default;
    if (field.readOnly) schema.readOnly = true;
    for (const [rule, param] of Object.entries<any>(fieldRules(field, validation))) {
      const target = rules[rule]?.scope === 'item' && schema.items ? (schema.items as Record<string, unknown>) : schema;
      if (rules[rule]?.kind === 'format') target.format = rule;
      else target[rule] = param;
    }
    properties[name] = schema;
    const required = Boolean(field.required || field.mustBeTicked);
    // A required text is non-empty after trimming: "" and "   " are missing (issue 25).
    const blankRule = required && isText(schema) ? notBlank(rules) : undefined;
    const ui: Record<string, unknown> = { 'ui:title': label };
    const widget =
      field.widget ?? (field.mustBeTicked ? 'checkbox' : field.optionsPath ? 'optionsSelect' : DEFAULT_WIDGET[field.type]);
    if (widget) ui['ui:widget'] = widget;
    // The schema holds only an enumeration's values; the client needs its name for the labels.
    const options = {
      ...(field.optionsPath ? { optionsPath: field.optionsPath } : {}),
      ...(field.enum ? { enum: field.enum } : {}),
      ...(field.dependsOn ? { dependsOn: field.dependsOn } : {}),
    };
    if (Object.keys(options).length) ui['ui:options'] = options;
    if (field.help) ui['ui:help'] = addText(`${prefix}.help.${name}`, field.help, file, [...at, 'help']);
    if (field.placeholder) ui['ui:placeholder'] = addText(`${prefix}.placeholder.${name}`, field.placeholder, file, [...at, 'placeholder']);
    uiSchema[name] = ui;
    const when = Object.fromEntries(Object.entries<any>(field.when ?? {}).map(([k, v]) => [k, [v].flat()]));
    if (Object.keys(when).length) {
      conditions[name] = when;
      if (required) {
        allOf.push({
          if: {
            properties: Object.fromEntries(Object.entries(when).map(([k, v]) => [k, { enum: v }])),
            required: Object.keys(when),
          },
          // biome-ignore lint/suspicious/noThenProperty: JSON-schema if/then, not a thenable
          then: { required: [name], ...(blankRule ? { properties: { [name]: { type: 'string', ...blankRule } } } : {}) },
        });
      }
    } else if (required) {
      requiredFields.push(name);
      Object.assign(schema, blankRule);
    }
  }
  const schema: Record<string, unknown> = {
    $id: `${pascal(f.form)}Form`,
    title: `${pascal(f.form)}Form`,
    type: 'object',
    properties,
    required: requiredFields,
    ...(allOf.length ? { allOf } : {}),
    additionalProperties: false,
  };
  return {
    name: f.form,
    label: addText(`${prefix}.title`, f.label, file, ['label']),
    submitLabel: f.submitLabel ? addText(`${prefix}.submit`, f.submitLabel, file, ['submitLabel']) : 'ui.form.submit',
    ...(f.queryFlag ? { queryFlag: f.queryFlag } : {}),
    ...(f.permission ? { permission: f.permission } : {}),
    ...(f.submit ? { submit: { method: f.submit.method ?? 'POST', path: f.submit.path, contentType: f.submit.contentType ?? 'json' } } : {}),
    width: f.width ?? 555,
    ...(f.prefill ? { prefill: f.prefill } : {}),
    ...lazyFormatsOf(properties, validation),
    schema,
    uiSchema,
    conditions,
    labels,
    source: file.path,
  };
}

/**
 * The fields of each format whose check the browser fetches on demand (`lazy: true` in
 * validation.yaml: `iban`), found anywhere in a field's schema — a form's `lazyFormats`, so the
 * browser knows what to fetch before the form validates without walking its schema.
 */
function lazyFormatsOf(properties: Record<string, unknown>, validation: ValidationSource): Pick<FormConfig, 'lazyFormats'> {
  const lazy = new Set(Object.entries(validation.rules).filter(([, rule]) => rule.lazy).map(([name]) => name));
  const found: Record<string, string[]> = {};
  const visit = (field: string, node: unknown) => {
    if (!node || typeof node !== 'object') return;
    for (const [key, value] of Object.entries(node)) {
      if (key === 'format' && typeof value === 'string' && lazy.has(value)) {
        if (!found[value]?.includes(field)) found[value] = [...(found[value] ?? []), field];
      } else visit(field, value);
    }
  };
  for (const [field, schema] of Object.entries(properties)) visit(field, schema);
  return Object.keys(found).length ? { lazyFormats: found } : {};
}

const isText = (schema: Record<string, unknown>) => schema.type === 'string' && !schema.enum;

/**
 * The keyword that refuses a blank required text: the `notBlank` rule where validation.yaml declares
 * it (it judges the trimmed text in the browser too, where `trim` does not write back), else ajv's
 * `minLength: 1` after trimming.
 */
const notBlank = (rules: ValidationSource['rules']): Record<string, unknown> => (rules.notBlank ? { notBlank: true } : { minLength: 1 });

/** A field's own rules plus the defaults of validation.yaml for its type (its own bound wins). */
function fieldRules(field: any, validation: ValidationSource): Record<string, unknown> {
  const own: Record<string, unknown> = field.rules ?? {};
  const merged: Record<string, unknown> = {};
  if (!field.mustBeTicked && field.type !== 'enum' && !field.optionsPath) {
    for (const d of validation.defaults ?? []) {
      if (!d.types.includes(field.type)) continue;
      if ((d.unless ?? []).some((rule) => rule in own)) continue;
      Object.assign(merged, d.rules);
    }
  }
  return { ...merged, ...own };
}
