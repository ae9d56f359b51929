import type { FieldType } from '../../shared/config-types';
import { fieldWidgets, namedFieldWidgets } from './field-registry';
import { getByPath } from './field-value';

export interface FieldValueProps {
  record: unknown;
  /** dotted path into the record */
  source: string;
  type: FieldType;
  enumName?: string;
  /** display widget the entity field names (`ColumnConfig.widget`, `DetailField.widget`) */
  widget?: string;
}

/**
 * Shows one configured field of a record through the display widget its entity field names,
 * else the widget registered for its type.
 */
export function FieldValue({ record, source, type, enumName, widget }: FieldValueProps) {
  const Widget =
    (widget ? namedFieldWidgets[widget as keyof typeof namedFieldWidgets] : undefined) ??
    fieldWidgets[type] ??
    fieldWidgets.string;
  return <Widget value={getByPath(record, source)} enumName={enumName} />;
}
