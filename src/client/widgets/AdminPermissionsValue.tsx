import { useTranslate } from 'ra-core';
import type { ValueWidgetProps } from './field-value';

/**
 * An administrator's permissions (`assign_debtor` …) by their German labels (`adminPermissions.<key>`,
 * schema/permissions.yaml), one a line — not their count; a key without a label shows raw.
 */
export function AdminPermissionsValue({ value }: ValueWidgetProps) {
  const translate = useTranslate();
  const keys = Array.isArray(value) ? value.map(String) : [];
  if (!keys.length) return <span>–</span>;
  return (
    <ul style={{ margin: 0, paddingLeft: '1.25rem' }} data-testid="admin-permissions">
      {keys.map((key) => (
        <li key={key}>{translate(`adminPermissions.${key}`, { _: key })}</li>
      ))}
    </ul>
  );
}
