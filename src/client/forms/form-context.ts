import type { ValidationMessage } from '../../shared/validation/rule.types';

/**
 * What the dialog hands its widgets through rjsf's `formContext`: a way to report an input the
 * widget itself rejects (German money or date that does not parse, a file refused before upload),
 * whose message shows at the field as the spec asks while the value stays empty; and the form's
 * current values, for a widget whose choices depend on another field (`dependsOn`: the location
 * picker offers the chosen debtor's locations) — rjsf shows a widget only its own value.
 */
export interface KontorFormContext {
  setWidgetError(field: string, message: ValidationMessage | null): void;
  /** the dialog's current values */
  formData?: Record<string, unknown>;
}

const nowhere: KontorFormContext = { setWidgetError: () => undefined };

/** The dialog's context from a widget's registry; a widget outside the dialog reports nowhere. */
export function widgetContext(formContext: unknown): KontorFormContext {
  const context = formContext as Partial<KontorFormContext> | undefined;
  return context?.setWidgetError ? (context as KontorFormContext) : nowhere;
}

/**
 * The fields whose widget depends on another (`ui:options.dependsOn` of the form's uiSchema), by
 * field: `{ location: 'debtor' }`.
 */
export function dependentFields(uiSchema: Record<string, unknown>): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [field, ui] of Object.entries(uiSchema)) {
    const dependsOn = (ui as { 'ui:options'?: { dependsOn?: unknown } } | null)?.['ui:options']?.dependsOn;
    if (typeof dependsOn === 'string') out[field] = dependsOn;
  }
  return out;
}

/**
 * The values after a change, with every dependent field emptied whose field it depends on changed
 * (another debtor chosen, or none: the location goes).
 *
 * @example withoutStaleDependents({ debtor: 2, location: 7 }, { debtor: 1, location: 7 }, { location: 'debtor' }) // { debtor: 2 }
 */
export function withoutStaleDependents(
  next: Record<string, unknown>,
  before: Record<string, unknown>,
  dependents: Record<string, string>,
): Record<string, unknown> {
  const out = { ...next };
  for (const [field, dependsOn] of Object.entries(dependents)) {
    if (next[dependsOn] !== before[dependsOn] && next[field] === before[field]) delete out[field];
  }
  return out;
}
