import { Box } from '@mui/material';
import { useTranslate } from 'ra-core';
import type { ColumnConfig, FieldType, RecordCondition } from '../../shared/config-types';
import { matchesCondition } from '../resources/row-link';
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
  /** the value is still being read from the document while the record meets one of these (`ColumnConfig.readingWhen`) */
  readingWhen?: RecordCondition[];
}

/**
 * Shows one configured field of a record through the display widget its entity field names,
 * else the widget registered for its type; "wird gelesen" while the document is still being read
 * (a fresh upload's amount is not 0,00 €, issue 28).
 */
export function FieldValue({ record, source, type, enumName, widget, readingWhen }: FieldValueProps) {
  const translate = useTranslate();
  if (readingWhen?.some((when) => matchesCondition(record, when)))
    return (
      <Box component="span" sx={{ color: 'text.secondary', fontStyle: 'italic' }}>
        {translate('ui.detail.beingRead')}
      </Box>
    );
  const Widget =
    (widget ? namedFieldWidgets[widget as keyof typeof namedFieldWidgets] : undefined) ??
    fieldWidgets[type] ??
    fieldWidgets.string;
  return <Widget value={getByPath(record, source)} enumName={enumName} record={record} />;
}

/** A list column's value of a record (a table cell, a phone card's line, a detail table's cell). */
export function ColumnValue({ record, column }: { record: unknown; column: ColumnConfig }) {
  return (
    <FieldValue
      record={record}
      source={column.value}
      type={column.type}
      enumName={column.enum}
      widget={column.widget}
      readingWhen={column.readingWhen}
    />
  );
}
