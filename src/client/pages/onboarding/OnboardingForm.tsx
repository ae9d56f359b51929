import { createTheme, ThemeProvider, useTheme } from '@mui/material';
import Form from '@rjsf/mui';
import type { IChangeEvent } from '@rjsf/core';
import type { RJSFSchema, RJSFValidationError } from '@rjsf/utils';
import { useTranslate } from 'ra-core';
import { useEffect, useMemo, useRef } from 'react';
import type { FormConfig } from '../../../shared/config-types';
import {
  dropHidden,
  fieldOfId,
  fieldOrder,
  type FormValues,
  initialData,
  requiredFields,
  translatedUiSchema,
  visibleFields,
  visibleSchema,
} from '../../forms/form-schema';
import { TrimmingInputTemplate } from '../../forms/TrimmingInputTemplate';
import { useFieldFeedback } from '../../forms/use-field-feedback';
import { useFormValidator } from '../../forms/use-form-validator';
import { formWidgets } from '../../forms/widgets';
import { fieldsOf } from './onboarding-product';

const templates = { BaseInputTemplate: TrimmingInputTemplate };

export interface OnboardingFormProps {
  /** the form with the product's rules (productForm), possibly one step's fields */
  form: FormConfig;
  /** the values typed so far (may hold other steps' fields, which this form leaves alone) */
  data: FormValues;
  /** this form's shown fields with their values (a field hidden by a condition is left out) */
  onChange(data: FormValues): void;
  /** called with the shown fields' values once every one of them is valid */
  onSubmit(values: FormValues): void;
  /** after a failed submit: how many fields are wrong (all of them are marked at once) */
  onErrors?(count: number): void;
  /** the server's verdict on one field of this form */
  serverError?: { field: string; message: string } | null;
  disabled?: boolean;
}

/**
 * An onboarding form (rjsf, the dialogs' widgets and shared validation): required fields carry "*",
 * optional ones "(optional)" (document 2 §5, onboarding only); a submit marks every wrong field of
 * the form at once. Submitted by a button with `form={form.name}`.
 */
export function OnboardingForm({
  form,
  data,
  onChange,
  onSubmit,
  onErrors,
  serverError,
  disabled,
}: OnboardingFormProps) {
  const translate = useTranslate();
  const validator = useFormValidator(form);
  const theme = useTheme();
  // Outlined inputs as in the dialogs: the red of an error on a filled field's grey is below AA contrast.
  // The "*" of a required field is part of its label (below, so screen readers say it too): MUI's
  // own asterisk, hidden from them, would show a second one ("Firmenname * *", issue 28).
  const formTheme = useMemo(
    () =>
      createTheme(theme, {
        components: {
          MuiTextField: { defaultProps: { variant: 'outlined' } },
          MuiFormLabel: { styleOverrides: { asterisk: { display: 'none' } } },
          MuiFormControlLabel: { styleOverrides: { asterisk: { display: 'none' } } },
        },
      }),
    [theme],
  );
  // the form's own fields only (the application's other steps keep theirs in the draft), with the
  // schema's defaults as rjsf fills them in: the shown fields and the schema follow the data rjsf
  // holds from its first render on. Otherwise rjsf reports its defaults while it mounts, the page
  // stores them in a later (navigation: transition) render and the schema changes then (the creditor
  // limit hides): a "Weiter" clicked before that render is validated against the first schema, and
  // the schema change afterwards drops the errors it marked.
  const own = useMemo(() => {
    const names = fieldsOf(form);
    return initialData(form, Object.fromEntries(Object.entries(data).filter(([name]) => names.includes(name))));
  }, [form, data]);
  const visible = useMemo(() => visibleFields(form, own), [form, own]);
  const schema = visibleSchema(form, visible);
  // after a failed "Weiter" a field shown or hidden keeps the step's marked errors (see the hook)
  const feedback = useFieldFeedback(schema);
  const required = useMemo(() => requiredFields(form, visible), [form, visible]);
  // onboarding marks its required fields with "*" (document 2 §5), the optional ones "(optional)"
  const uiSchema = useMemo(() => {
    const ui = translatedUiSchema(form, visible, required, translate);
    for (const name of required) {
      const own = ui[name] as Record<string, unknown> | undefined;
      if (own?.['ui:title']) ui[name] = { ...own, 'ui:title': `${own['ui:title']} *` };
    }
    return ui;
  }, [form, visible, required, translate]);
  const fields = useMemo(() => fieldOrder(form), [form]);
  const { setServerError } = feedback;
  // a new verdict holds for the value the field has now
  const current = useRef(data);
  current.current = data;
  useEffect(() => {
    if (serverError)
      setServerError(serverError.field, serverError.message, current.current[serverError.field]);
  }, [serverError, setServerError]);

  const change = ({ formData }: IChangeEvent<FormValues>) => {
    const next = formData ?? {};
    const shown = visibleFields(form, next);
    onChange(Object.fromEntries(Object.entries(next).filter(([name]) => shown.has(name))));
  };
  const submit = ({ formData }: IChangeEvent<FormValues>) =>
    onSubmit(dropHidden(formData ?? {}, visibleFields(form, formData ?? {})));
  const errors = (list: RJSFValidationError[]) => onErrors?.(new Set(list.map((e) => e.property)).size);

  return (
    <ThemeProvider theme={formTheme}>
      <div onSubmitCapture={feedback.markSubmitted}>
        <Form
          ref={feedback.formRef}
          id={form.name}
          idPrefix={form.name}
          schema={schema as RJSFSchema}
          uiSchema={uiSchema}
          formData={own}
          validator={validator}
          widgets={formWidgets}
          templates={templates}
          formContext={feedback.formContext}
          onChange={change}
          onSubmit={submit}
          onError={errors}
          onBlur={(id) => feedback.touch(fieldOfId(id, form.name, fields))}
          transformErrors={feedback.transformErrors}
          customValidate={feedback.customValidate}
          liveValidate={feedback.liveValidate}
          showErrorList={false}
          noHtml5Validate
          focusOnFirstError={feedback.focusOnFirstError}
          disabled={disabled}
        />
      </div>
    </ThemeProvider>
  );
}
