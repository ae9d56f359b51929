import { enums } from '../../../generated/enums';
import type { EnumConfig, FormConfig } from '../../shared/config-types';

/** The form's data: top-level field name → value. */
export type FormValues = Record<string, unknown>;
type Schema = Record<string, any>;

const propertiesOf = (form: FormConfig): Record<string, Schema> =>
  (form.schema.properties ?? {}) as Record<string, Schema>;

/** The fields in the order the YAML gives (`ui:order`), then any the order leaves out. */
export function fieldOrder(form: FormConfig): string[] {
  const order = (form.uiSchema['ui:order'] as string[] | undefined) ?? [];
  const names = Object.keys(propertiesOf(form));
  return [...order.filter((name) => names.includes(name)), ...names.filter((name) => !order.includes(name))];
}

/**
 * The values of a record a form edits: the record's values of the form's fields (an edit form
 * opened from a detail starts with what the detail shows).
 *
 * @example valuesOf(editDebtorForm, { id: 3, name: 'Müller GmbH', status: 'active' }) // { name: 'Müller GmbH' }
 */
export function valuesOf(form: FormConfig, record: Record<string, unknown>): FormValues {
  const properties = propertiesOf(form);
  return Object.fromEntries(
    Object.entries(record).filter(
      ([name, value]) => name in properties && value !== null && value !== undefined,
    ),
  );
}

/** The data a new form starts with: the schema defaults of its fields. */
export function initialData(form: FormConfig, given: FormValues = {}): FormValues {
  const data: FormValues = {};
  for (const [name, schema] of Object.entries(propertiesOf(form))) {
    if (schema.default !== undefined) data[name] = structuredClone(schema.default);
  }
  return { ...data, ...given };
}

/**
 * The fields shown for the data: a field with a condition shows only when every named field is
 * itself shown and holds one of the listed values. An untouched checkbox counts as false.
 *
 * @example visibleFields(uploadVoucherForm, { voucherType: 'invoice', deliveryType: 'post' }) // […, 'invoiceFiles', …]
 */
export function visibleFields(form: FormConfig, data: FormValues): Set<string> {
  const properties = propertiesOf(form);
  const visible = new Set<string>();
  const settle = (name: string, seen: Set<string>): boolean => {
    if (visible.has(name)) return true;
    if (seen.has(name)) return false;
    seen.add(name);
    const condition = form.conditions[name];
    const shown =
      !condition ||
      Object.entries(condition).every(([other, allowed]) => {
        if (!settle(other, seen)) return false;
        const raw = data[other];
        const value = raw === undefined && properties[other]?.type === 'boolean' ? false : raw;
        return allowed.some((candidate) => candidate === value);
      });
    if (shown) visible.add(name);
    return shown;
  };
  for (const name of fieldOrder(form)) settle(name, new Set());
  return visible;
}

/** The fields the shown form requires: always-required ones and conditionally required shown ones. */
export function requiredFields(form: FormConfig, visible: Set<string>): Set<string> {
  const required = new Set<string>((form.schema.required as string[] | undefined) ?? []);
  for (const rule of (form.schema.allOf as Schema[] | undefined) ?? []) {
    for (const name of (rule.then?.required as string[] | undefined) ?? []) required.add(name);
  }
  return new Set([...required].filter((name) => visible.has(name)));
}

/** The data without the values of hidden fields and without empty values (what is validated and sent). */
export function dropHidden(data: FormValues, visible: Set<string>): FormValues {
  return Object.fromEntries(
    Object.entries(data).filter(
      ([name, value]) => visible.has(name) && value !== undefined && value !== null,
    ),
  );
}

const visibleKey = (visible: Set<string>) => [...visible].sort().join(',');
const schemaCache = new WeakMap<FormConfig, Map<string, Schema>>();

/**
 * The JSON schema of the shown fields. Without `$id`: rjsf's ajv caches compiled schemas by id,
 * and each set of shown fields is a schema of its own. Without the root title (the dialog has
 * one) and without the technical `description`s ("amount in cents"). Cached per field set, so
 * the object stays the same while the same fields show.
 */
export function visibleSchema(form: FormConfig, visible: Set<string>): Schema {
  const cache = schemaCache.get(form) ?? new Map<string, Schema>();
  schemaCache.set(form, cache);
  const key = visibleKey(visible);
  const cached = cache.get(key);
  if (cached) return cached;
  const { $id: _id, title: _title, properties, ...rest } = form.schema as Schema;
  const shown = Object.fromEntries(
    Object.entries(properties as Record<string, Schema>)
      .filter(([name]) => visible.has(name))
      .map(([name, property]) => {
        const { description: _description, ...kept } = property;
        return [name, kept];
      }),
  );
  const schema = { ...rest, properties: shown };
  cache.set(key, schema);
  return schema;
}

/**
 * The enumeration a field's choices belong to. The form schema holds only the values; until the
 * generator writes the enumeration's name into the uiSchema (`ui:options.enum`), it is found by
 * its values: the one named like the field, else one holding exactly these values, else one
 * holding all of them.
 */
export function enumForField(
  name: string,
  values: unknown[],
  named?: string,
  catalogue: Record<string, EnumConfig> = enums,
): EnumConfig | undefined {
  if (named && catalogue[named]) return catalogue[named];
  const holds = (config: EnumConfig) => values.every((v) => config.values.some((entry) => entry.value === v));
  const exact = (config: EnumConfig) => holds(config) && config.values.length === values.length;
  const all = Object.values(catalogue);
  const own = catalogue[name];
  if (own && holds(own)) return own;
  return all.find(exact) ?? all.find(holds);
}

type Translate = (key: string, options?: Record<string, unknown>) => string;

// Until the YAML names `widget: password` for them, text fields named like a password are masked.
const PASSWORD_NAME = /password$/i;

/**
 * The uiSchema rjsf renders: texts translated, optional fields (not read-only ones) marked "(optional)", enumeration
 * values labelled from the catalogue, hidden fields left out of the order.
 */
export function translatedUiSchema(
  form: FormConfig,
  visible: Set<string>,
  required: Set<string>,
  translate: Translate,
): Schema {
  const properties = propertiesOf(form);
  const order = fieldOrder(form).filter((name) => visible.has(name));
  const ui: Schema = { 'ui:order': order, 'ui:submitButtonOptions': { norender: true } };
  for (const name of order) {
    const own = { ...((form.uiSchema[name] as Schema | undefined) ?? {}) };
    const property = properties[name];
    const title = translate(String(own['ui:title'] ?? form.labels[name] ?? name));
    // A checkbox always has a value, so it is never marked optional; nor is a read-only field, which
    // only shows what the command acts on (the main user) — nobody could fill it.
    const optional = !required.has(name) && property.type !== 'boolean' && !property.readOnly;
    own['ui:title'] = optional ? `${title} ${translate('ui.optional')}` : title;
    if (own['ui:help']) own['ui:help'] = translate(String(own['ui:help']));
    if (own['ui:placeholder']) own['ui:placeholder'] = translate(String(own['ui:placeholder']));
    if (!own['ui:widget'] && property.type === 'string' && !property.format && PASSWORD_NAME.test(name)) {
      own['ui:widget'] = 'password';
    }
    if (Array.isArray(property.enum)) {
      const config = enumForField(name, property.enum, own['ui:options']?.enum);
      own['ui:enumNames'] = property.enum.map((value: unknown) => {
        const entry = config?.values.find((candidate) => candidate.value === value);
        return entry ? translate(entry.label, { _: String(value) }) : String(value);
      });
    }
    ui[name] = own;
  }
  return ui;
}

/** The top-level field an rjsf element id belongs to (`uploadVoucher_invoiceFiles` → `invoiceFiles`). */
export function fieldOfId(id: string, prefix: string, fields: string[]): string | undefined {
  const rest = id.startsWith(`${prefix}_`) ? id.slice(prefix.length + 1) : id;
  return fields
    .filter((name) => rest === name || rest.startsWith(`${name}_`))
    .sort((a, b) => b.length - a.length)[0];
}
