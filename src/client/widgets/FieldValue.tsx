import type { FieldType } from '../../shared/config-types';
import { fieldWidgets } from './field-registry';
import { getByPath } from './field-value';

export interface FieldValueProps {
  record: unknown;
  /** dotted path into the record */
  source: string;
  type: FieldType;
  enumName?: string;
}

/** Shows one configured field of a record through the widget registered for its type. */
export function FieldValue({ record, source, type, enumName }: FieldValueProps) {
  const Widget = fieldWidgets[type] ?? fieldWidgets.string;
  return <Widget value={getByPath(record, source)} enumName={enumName} />;
}
