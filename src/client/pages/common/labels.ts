import { enums } from '../../../../generated/enums';

type Translate = (key: string, options?: Record<string, unknown>) => string;

/**
 * The label of an entity field: its entity-specific text when the entity has one, else the shared
 * `fields.<name>` text (the generator's rule), else the raw name.
 *
 * @example fieldLabel(translate, 'creditorVoucher', 'sapNumber') // 'Belegnummer (SAP)'
 */
export function fieldLabel(translate: Translate, entity: string, field: string): string {
  return translate(`entities.${entity}.fields.${field}`, { _: translate(`fields.${field}`, { _: field }) });
}

/** The label of an enumeration value; an unknown value shows raw (spec). */
export function enumLabel(translate: Translate, enumName: string, value: unknown): string {
  const entry = enums[enumName]?.values.find((candidate) => String(candidate.value) === String(value));
  return entry ? translate(entry.label, { _: String(value) }) : String(value ?? '');
}
