import type { ValidationMessage } from '../../shared/validation';

/**
 * What the dialog hands its widgets through rjsf's `formContext`: a way to report an input the
 * widget itself rejects (German money or date that does not parse, a file refused before upload).
 * The value stays empty and the message shows at the field, as the spec asks.
 */
export interface KontorFormContext {
  setWidgetError(field: string, message: ValidationMessage | null): void;
}

const nowhere: KontorFormContext = { setWidgetError: () => undefined };

/** The dialog's context from a widget's registry; a widget outside the dialog reports nowhere. */
export function widgetContext(formContext: unknown): KontorFormContext {
  const context = formContext as Partial<KontorFormContext> | undefined;
  return context?.setWidgetError ? (context as KontorFormContext) : nowhere;
}
