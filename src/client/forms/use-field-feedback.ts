import type Form from '@rjsf/core';
import type { FormValidation, RJSFValidationError } from '@rjsf/utils';
import { useTranslate } from 'ra-core';
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import type { ValidationMessage } from '../../shared/validation/rule.types';
import { errorPath } from '../../shared/validation/validation.messages';
import type { KontorFormContext } from './form-context';
import type { FormValues } from './form-schema';

const topField = (error: RJSFValidationError): string => errorPath(error).split('/')[1] ?? '';
const same = (a: unknown, b: unknown) => JSON.stringify(a ?? null) === JSON.stringify(b ?? null);

/**
 * When the dialog shows which message: a field's messages appear once it has been left (or the
 * form submitted), never while its first characters are typed; after the first submit the whole
 * form is validated live. Input a widget refuses (German money or a date that does not parse, a
 * refused file) and the server's verdict on a field join the schema's messages through rjsf's
 * `customValidate`, so they block the submit and mark the field like any other; the server's
 * verdict holds only while the field keeps the value it was given for.
 */
export function useFieldFeedback(schema?: object) {
  const translate = useTranslate();
  const form = useRef<Form<FormValues>>(null);
  const [submitted, setSubmitted] = useState(false);
  // rjsf validates inside its own state updates: what the filters need lives in refs.
  const submittedRef = useRef(false);
  const touched = useRef(new Set<string>());
  const widgetErrors = useRef<Record<string, ValidationMessage>>({});
  const serverErrors = useRef<Record<string, { message: string; value: unknown }>>({});
  const shown = useCallback((field: string) => submittedRef.current || touched.current.has(field), []);

  const formContext = useMemo<KontorFormContext>(
    () => ({
      setWidgetError(field, message) {
        if (message) widgetErrors.current = { ...widgetErrors.current, [field]: message };
        else if (widgetErrors.current[field]) {
          const { [field]: _gone, ...rest } = widgetErrors.current;
          widgetErrors.current = rest;
        }
      },
    }),
    [],
  );

  const touch = useCallback((field: string | undefined) => {
    if (field) touched.current.add(field);
  }, []);

  const markSubmitted = useCallback(() => {
    submittedRef.current = true;
    setSubmitted(true);
  }, []);

  const transformErrors = useCallback(
    (errors: RJSFValidationError[]) =>
      errors.filter((error) => {
        const field = topField(error);
        // `if`/`then` failures land on the form itself; the field's own `required` says it better.
        if (!field || widgetErrors.current[field]) return false;
        return shown(field);
      }),
    [shown],
  );

  const customValidate = useCallback(
    (data: FormValues | undefined, errors: FormValidation<FormValues>) => {
      const at = (field: string) => (errors as Record<string, { addError?(message: string): void }>)[field];
      for (const [field, message] of Object.entries(widgetErrors.current)) {
        if (shown(field)) at(field)?.addError?.(translate(message.key, message.params));
      }
      for (const [field, verdict] of Object.entries(serverErrors.current)) {
        if (!widgetErrors.current[field] && same(data?.[field], verdict.value))
          at(field)?.addError?.(verdict.message);
      }
      return errors;
    },
    [shown, translate],
  );

  // rjsf's focus on the first wrong field, except while `revalidate` checks the form again
  const quiet = useRef(false);
  const focusOnFirstError = useCallback((error: RJSFValidationError) => {
    if (!quiet.current) form.current?.focusOnError(error);
  }, []);

  /**
   * After a submit, checks the form again without taking the focus. For a form whose shown fields
   * follow its data: rjsf drops the errors it marked when the schema changes under them (a checkbox
   * shows a further field), so this runs once the new schema (the hook's argument) is in place.
   */
  const revalidate = useCallback(() => {
    if (!submittedRef.current) return;
    quiet.current = true;
    try {
      form.current?.validateForm();
    } finally {
      quiet.current = false;
    }
  }, []);

  // A field shown or hidden after a failed submit changes the schema, and rjsf then drops the
  // errors it marked: the form is checked again once the new schema has reached rjsf (a task later).
  useEffect(() => {
    if (!schema) return;
    const timer = setTimeout(revalidate);
    return () => clearTimeout(timer);
  }, [schema, revalidate]);

  /** Shows the server's message at a field (and takes the focus there). */
  const setServerError = useCallback((field: string, message: string, value: unknown) => {
    serverErrors.current = { ...serverErrors.current, [field]: { message, value } };
    form.current?.validateForm();
  }, []);

  return {
    formRef: form,
    formContext,
    transformErrors,
    customValidate,
    liveValidate: submitted ? ('onChange' as const) : ('onBlur' as const),
    touch,
    markSubmitted,
    setServerError,
    focusOnFirstError,
  };
}
