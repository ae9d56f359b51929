import type { RecordCondition, ResourceConfig } from '../../shared/config-types';
import { getByPath } from '../widgets/field-value';
import { itemPath } from './resource-route';

/**
 * Whether a record meets a YAML condition: every named field has one of its values; `null` also
 * matches a field the record leaves out (the server omits empty numbers).
 *
 * @example matchesCondition({ requiresProcessing: true }, { requiresProcessing: [true], officialVoucherNumber: [null] }) // true
 */
export function matchesCondition(record: unknown, when: RecordCondition): boolean {
  return Object.entries(when).every(([path, values]) => {
    const value = getByPath(record, path) ?? null;
    return values.some((candidate) => candidate === value);
  });
}

/**
 * Where a row of `config`'s list leads: the detail of the resource its `rowLink` names when the row
 * matches (document 1 §2: an upload still in processing opens in the unprocessed view) and the user
 * may open that resource, otherwise its own inline detail. `linked` says whether the row left the list.
 *
 * @example rowTarget(resources.vouchers, { id: 7, requiresProcessing: true, officialVoucherNumber: null }, resources)
 * // → { pathname: '/unprocessed/7', linked: true }
 */
export function rowTarget(
  config: ResourceConfig,
  record: { id?: unknown; [field: string]: unknown },
  all: Record<string, ResourceConfig>,
  canOpen: (target: ResourceConfig) => boolean = () => true,
): { pathname: string; linked: boolean } {
  const link = config.list.rowLink;
  const linked = link && matchesCondition(record, link.when) ? all[link.resource] : undefined;
  const target = linked && canOpen(linked) ? linked : undefined;
  return { pathname: itemPath(target ?? config, String(record.id)), linked: Boolean(target) };
}
