import {
  Alert,
  Box,
  Button,
  CircularProgress,
  Dialog,
  DialogActions,
  DialogContent,
  DialogTitle,
  createTheme,
  ThemeProvider,
  useMediaQuery,
  useTheme,
} from '@mui/material';
import Form from '@rjsf/mui';
import type { IChangeEvent } from '@rjsf/core';
import type { RJSFSchema } from '@rjsf/utils';
import { useNotify, useRefresh, useTranslate } from 'ra-core';
import { useMemo, useRef, useState } from 'react';
import type { FormConfig } from '../../shared/config-types';
import { snackbarDuration, useServerError } from '../data/use-server-error';
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
} from './form-schema';
import { classifyFailure, type FormTarget, submitForm } from './form-submit';
import { TrimmingInputTemplate } from './TrimmingInputTemplate';
import { useFieldFeedback } from './use-field-feedback';
import { useFormValidator } from './use-form-validator';
import { formWidgets } from './widgets';

/**
 * The text of a refusal: the catalogue's text of the server's message key (German even where the
 * server only names the problem), the server's own text for validation answers, which are specific.
 */
const alertText = (
  failure: { message: string; code?: string },
  translate: (key: string, o?: any) => string,
) =>
  failure.code && failure.code !== 'validationError'
    ? translate(`messages.${failure.code}`, { _: failure.message })
    : failure.message;

export interface FormDialogProps {
  form: FormConfig;
  onClose(): void;
  /** what the form acts on, e.g. `{ id: 12 }` for `/debtor/update/{id}` */
  target?: FormTarget;
  /** values to start with (an edit form's current data) */
  initial?: FormValues;
}

const templates = { BaseInputTemplate: TrimmingInputTemplate };
const FIRST_FIELD = 'input:not([type=hidden]):not([tabindex="-1"]), textarea, [role=combobox], button';

/**
 * The one dialog for every form of `schema/forms/`: fields, order, widgets, conditions and texts
 * from the generated `FormConfig`, validated in the browser by the same rules as on the server.
 * Submits to the form's call and closes on success; a refusal shows at its field or as an alert,
 * a server failure as the red snackbar, and the input stays. A form whose call does not exist
 * yet shows everything but cannot be sent.
 *
 * @example <FormDialog form={forms.createDebtor} onClose={close} />
 */
export function FormDialog({ form, onClose, target = {}, initial }: FormDialogProps) {
  const translate = useTranslate();
  const notify = useNotify();
  const refresh = useRefresh();
  const serverError = useServerError();
  const theme = useTheme();
  const fullScreen = useMediaQuery(theme.breakpoints.down('sm'));
  // Outlined inputs: react-admin's filled ones put the red of an error on grey, below AA contrast.
  const dialogTheme = useMemo(
    () => createTheme(theme, { components: { MuiTextField: { defaultProps: { variant: 'outlined' } } } }),
    [theme],
  );
  const validator = useFormValidator();
  const [data, setData] = useState<FormValues>(() => initialData(form, initial));
  const [alert, setAlert] = useState<string | null>(null);
  const [sending, setSending] = useState(false);

  const visible = useMemo(() => visibleFields(form, data), [form, data]);
  const schema = visibleSchema(form, visible);
  const required = useMemo(() => requiredFields(form, visible), [form, visible]);
  const uiSchema = useMemo(
    () => translatedUiSchema(form, visible, required, translate),
    [form, visible, required, translate],
  );
  const fields = useMemo(() => fieldOrder(form), [form]);
  const feedback = useFieldFeedback();
  const content = useRef<HTMLDivElement>(null);
  const formId = `form-${form.name}`;
  const titleId = `${formId}-title`;

  // Once the dialog has opened (its focus trap holds the dialog itself), the first field takes the
  // focus, unless the user is in a field already.
  const focusFirstField = () => {
    if (content.current?.contains(document.activeElement)) return;
    content.current?.querySelector<HTMLElement>(FIRST_FIELD)?.focus();
  };

  const change = ({ formData }: IChangeEvent<FormValues>) => {
    const next = formData ?? {};
    // A hidden field's value goes with it (the condition no longer holds).
    const shown = visibleFields(form, next);
    const kept = Object.fromEntries(Object.entries(next).filter(([name]) => shown.has(name)));
    setData(kept);
  };

  const submit = async ({ formData }: IChangeEvent<FormValues>) => {
    if (!form.submit || sending) return;
    const values = formData ?? {};
    setAlert(null);
    setSending(true);
    try {
      await submitForm(form, dropHidden(values, visibleFields(form, values)), target);
      const text = translate('messages.changesSaved');
      notify(text, { type: 'success', autoHideDuration: snackbarDuration(text) });
      refresh();
      onClose();
    } catch (error) {
      const failure = classifyFailure(error, [...visible]);
      if (failure.kind === 'field')
        feedback.setServerError(failure.field, failure.message, values[failure.field]);
      else if (failure.kind === 'alert') setAlert(alertText(failure, translate));
      else {
        if (!(error as { status?: number })?.status) console.error(error);
        serverError();
      }
      setSending(false);
    }
  };

  return (
    <ThemeProvider theme={dialogTheme}>
      <Dialog
        open
        fullScreen={fullScreen}
        maxWidth={false}
        onClose={(_event, reason) => {
          // A stray click beside the dialog must not throw the input away; Esc closes.
          if (reason !== 'backdropClick') onClose();
        }}
        aria-labelledby={titleId}
        slotProps={{
          paper: { sx: fullScreen ? {} : { width: form.width, maxWidth: 'calc(100% - 32px)' } },
          transition: { onEntered: focusFirstField },
        }}
        data-testid="form-dialog"
      >
        <DialogTitle id={titleId}>{translate(form.label)}</DialogTitle>
        <DialogContent
          ref={content}
          sx={{
            // "(optional)" marks the optional fields; the required ones carry no asterisk.
            '& .MuiFormLabel-asterisk': { display: 'none' },
            // rjsf nests the input's form control in the field's: one margin is enough
            '& .MuiFormControl-root .MuiFormControl-root': { my: 0 },
          }}
        >
          {alert ? (
            <Alert severity="error" sx={{ mb: 2 }} role="alert">
              {alert}
            </Alert>
          ) : null}
          <Box onSubmitCapture={feedback.markSubmitted}>
            <Form
              ref={feedback.formRef}
              id={formId}
              idPrefix={form.name}
              schema={schema as RJSFSchema}
              uiSchema={uiSchema}
              formData={data}
              validator={validator}
              widgets={formWidgets}
              templates={templates}
              formContext={feedback.formContext}
              onChange={change}
              onSubmit={submit}
              // the messages show at the fields; nothing else to report
              onError={() => undefined}
              onBlur={(id) => feedback.touch(fieldOfId(id, form.name, fields))}
              transformErrors={feedback.transformErrors}
              customValidate={feedback.customValidate}
              liveValidate={feedback.liveValidate}
              showErrorList={false}
              noHtml5Validate
              focusOnFirstError
              disabled={sending}
            />
          </Box>
          {form.submit ? null : (
            <Alert severity="info" sx={{ mt: 2 }}>
              {translate('ui.placeholder')}
            </Alert>
          )}
        </DialogContent>
        <DialogActions>
          <Button onClick={onClose}>{translate('ui.form.cancel')}</Button>
          <Button
            type="submit"
            form={formId}
            variant="contained"
            disabled={!form.submit || sending}
            startIcon={sending ? <CircularProgress size={16} color="inherit" /> : undefined}
          >
            {translate(form.submitLabel)}
          </Button>
        </DialogActions>
      </Dialog>
    </ThemeProvider>
  );
}
