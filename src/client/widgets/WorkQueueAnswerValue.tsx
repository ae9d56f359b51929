import type { WorkQueueItem } from '../../../generated/types';
import type { ValueWidgetProps } from './field-value';

/**
 * The answer a work-queue decision got: the text of the option whose code (`AB-YES`) the record's
 * state of affairs offered — the code is the service's key, not a word for the user. A code the
 * options no longer hold shows raw.
 */
export function WorkQueueAnswerValue({ value, record }: ValueWidgetProps) {
  if (value === null || value === undefined || value === '') return <span>–</span>;
  const affairs = (record as Partial<WorkQueueItem> | undefined)?.stateOfAffairs;
  const options = [...(affairs?.acceptedOptions ?? []), ...(affairs?.rejectedOptions ?? [])];
  const chosen = options.find((option) => option.code === value);
  return <span>{chosen?.text || String(value)}</span>;
}
