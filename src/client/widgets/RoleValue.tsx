import { useTranslate } from 'ra-core';
import type { ValueWidgetProps } from './field-value';

/**
 * A role (`ROLE_ADMIN`) or a list of roles by their German labels (`roles.<ROLE>`, schema/roles.yaml),
 * comma-separated; a role without a label shows raw.
 */
export function RoleValue({ value }: ValueWidgetProps) {
  const translate = useTranslate();
  const roles = (Array.isArray(value) ? value : [value]).filter((role) => role !== null && role !== undefined && role !== '');
  if (!roles.length) return <span>–</span>;
  return <span>{roles.map((role) => translate(`roles.${String(role)}`, { _: String(role) })).join(', ')}</span>;
}
