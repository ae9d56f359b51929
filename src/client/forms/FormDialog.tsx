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
import { type ReactNode, useEffect, useMemo, useRef, useState } from 'react';
import type { CommandConfig, FormConfig } from '../../shared/config-types';
import { asIs } from '../data/use-server-error';
import { callCommand, commandOfForm, failureText, refusalText, successText } from './form-command';
import { dependentFields, withoutStaleDependents } from './form-context';
import { formFlows } from './form-flows';
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
import { classifyFailure, type FormTarget, submitForm, submitKeys } from './form-submit';
import { TrimmingInputTemplate } from './TrimmingInputTemplate';
import { useFieldFeedback } from './use-field-feedback';
import { useFormValidator } from './use-form-validator';
import { formWidgets } from './widgets';

export interface FormDialogProps {
  form: FormConfig;
  /**
   * the commands taking the form, by name: its own table (`changePasswordCommands` of
   * generated/form-commands/change-password.ts), or every command where the page holds them — the
   * submit's command (texts), a check step's and a flow's choice come from it
   */
  commands: Record<string, CommandConfig>;
  onClose(): void;
  /** what the form acts on, e.g. `{ id: 12 }` for `/debtor/update/{id}` */
  target?: FormTarget;
  /** values to start with (an edit form's current data) */
  initial?: FormValues;
  /** shown above the form, e.g. the choice of the location the form edits */
  header?: ReactNode;
  /** while set, the dialog waits for a choice in the header: this hint shows instead of the form */
  awaiting?: string;
  /** a new value starts the form over from `initial` (another location was chosen) */
  resetKey?: string;
  /** after a successful submit, with the server's answer; default: close */
  onSuccess?(response: unknown): void;
}

const templates = { BaseInputTemplate: TrimmingInputTemplate };
/** what takes the focus when the dialog opens: the first control one can change (a read-only
 * field first, as the debtor type when editing a customer, would leave the focus on the dialog) */
const FIRST_FIELD = ['input:not([type=hidden]):not([tabindex="-1"])', 'textarea', '[role=combobox]', 'button']
  .map(
    (control) =>
      `${control}:not([disabled]):not([readonly]):not([aria-disabled="true"]):not([aria-readonly="true"])`,
  )
  .join(', ');

/**
 * The one dialog for every form of `schema/forms/`: fields, order, widgets, conditions and texts
 * from the generated `FormConfig`, validated in the browser by the same rules as on the server.
 * Submits to the form's call (the command of `schema/commands` behind it gives the texts) and
 * closes on success with the server's message; a refusal shows at its field or as an alert with
 * its German reason, a server failure as the red snackbar with the command's failure text, and the
 * input stays. A form with a check step (`formFlows`) first runs the check with the same data and
 * shows its answer, then submits on confirmation or goes back to the filled form. A form whose
 * call does not exist yet shows everything but cannot be sent.
 *
 * @example <FormDialog form={createDebtorForm} commands={createDebtorCommands} onClose={close} />
 */
export function FormDialog({
  form,
  commands,
  onClose,
  target = {},
  initial,
  header,
  awaiting,
  resetKey = '',
  onSuccess,
}: FormDialogProps) {
  const translate = useTranslate();
  const notify = useNotify();
  const refresh = useRefresh();
  const theme = useTheme();
  const fullScreen = useMediaQuery(theme.breakpoints.down('sm'));
  // Outlined inputs: react-admin's filled ones put the red of an error on grey, below AA contrast.
  const dialogTheme = useMemo(
    () => createTheme(theme, { components: { MuiTextField: { defaultProps: { variant: 'outlined' } } } }),
    [theme],
  );
  const validator = useFormValidator(form);
  const command = commandOfForm(form, commands);
  const flow = formFlows[form.name];
  // a form is sent through its `submit` call, or its flow's own submit
  const sendable = Boolean(form.submit || flow?.submit);
  const check = flow?.check ? { ...flow.check, command: commands[flow.check.command] } : undefined;
  const [data, setData] = useState<FormValues>(() => initialData(form, initial));
  const [alert, setAlert] = useState<string | null>(null);
  const [sending, setSending] = useState(false);
  // set at once on a submit (state shows only after the next render): a second click in the same
  // moment sends nothing; the button is disabled while the call runs
  const running = useRef(false);
  // one Idempotency-Key per submit, the same for a retry of the same data (form-submit.ts)
  const keys = useRef(submitKeys()).current;
  // the check step: its answer and the data it was run with
  const [checked, setChecked] = useState<{ result: unknown; values: FormValues } | null>(null);
  const [shownKey, setShownKey] = useState(resetKey);
  if (shownKey !== resetKey) {
    setShownKey(resetKey);
    setData(initialData(form, initial));
    setAlert(null);
    setChecked(null);
  }

  const visible = useMemo(() => visibleFields(form, data), [form, data]);
  const schema = visibleSchema(form, visible);
  const required = useMemo(() => requiredFields(form, visible), [form, visible]);
  const uiSchema = useMemo(
    () => translatedUiSchema(form, visible, required, translate),
    [form, visible, required, translate],
  );
  const fields = useMemo(() => fieldOrder(form), [form]);
  // after a failed submit a field shown or hidden keeps the marked errors (see the hook)
  const feedback = useFieldFeedback(schema);
  const content = useRef<HTMLDivElement>(null);
  const formId = `form-${form.name}`;
  const titleId = `${formId}-title`;

  // Once the dialog has opened (its focus trap holds the dialog itself), the first field takes the
  // focus, unless the user is in a field already.
  const focusFirstField = () => {
    if (content.current?.contains(document.activeElement)) return;
    content.current?.querySelector<HTMLElement>(FIRST_FIELD)?.focus();
  };

  const dependents = useMemo(() => dependentFields(form.uiSchema), [form]);
  // the widgets see the form's values (a picker whose choices follow another field)
  const formContext = useMemo(
    () => ({ ...feedback.formContext, formData: data }),
    [feedback.formContext, data],
  );

  const change = ({ formData }: IChangeEvent<FormValues>) => {
    // a field whose choices follow another one is emptied when that one changes
    const next = withoutStaleDependents(formData ?? {}, data, dependents) as FormValues;
    // A hidden field's value goes with it (the condition no longer holds).
    const shown = visibleFields(form, next);
    const kept = Object.fromEntries(Object.entries(next).filter(([name]) => shown.has(name)));
    setData(kept);
  };

  // the field a refusal names takes the focus and is scrolled to once the form is enabled again
  // (issue 28: in a long dialog it was said out of sight; a disabled field cannot take the focus)
  const refusedField = useRef<string | null>(null);
  useEffect(() => {
    if (sending || !refusedField.current) return;
    const input = content.current?.querySelector<HTMLElement>(
      `#${CSS.escape(`${form.name}_${refusedField.current}`)}`,
    );
    refusedField.current = null;
    input?.focus();
    input?.scrollIntoView({ block: 'center' });
  }, [sending, form.name]);

  /** Shows a failed call: at its field (back in the form), as an alert, or as the red snackbar. */
  const fail = (error: unknown, values: FormValues, failing = command) => {
    const failure = classifyFailure(error, [...visibleFields(form, values)]);
    if (failure.kind === 'field') {
      setChecked(null);
      refusedField.current = failure.field;
      feedback.setServerError(failure.field, failure.message, values[failure.field]);
    } else if (failure.kind === 'alert') setAlert(refusalText(failure, translate));
    else {
      if (!(error as { status?: number })?.status) console.error(error);
      const text = failureText(failing, translate);
      notify(text, { type: 'error', ...asIs(text) });
    }
  };

  const send = async (values: FormValues) => {
    if (running.current) return;
    running.current = true;
    setAlert(null);
    setSending(true);
    const key = keys.keyFor(values);
    try {
      const response = flow?.submit
        ? await flow.submit(values, target, initial ?? {}, key, commands)
        : await submitForm(form, values, target, key);
      keys.done();
      const text = successText(response, command, translate);
      notify(text, { type: 'success', ...asIs(text) });
      refresh();
      (onSuccess ?? onClose)(response);
    } catch (error) {
      fail(error, values);
      setSending(false);
    } finally {
      running.current = false;
    }
  };

  const runCheck = async (values: FormValues) => {
    if (!check?.command || running.current) return;
    running.current = true;
    setAlert(null);
    setSending(true);
    try {
      const result = await callCommand(check.command, target, values);
      setChecked({ result, values });
    } catch (error) {
      fail(error, values, check.command);
    }
    running.current = false;
    setSending(false);
  };

  const submit = async ({ formData }: IChangeEvent<FormValues>) => {
    if (!sendable || sending || running.current || awaiting) return;
    const values = formData ?? {};
    const sent = dropHidden(values, visibleFields(form, values));
    if (check) await runCheck(sent);
    else await send(sent);
  };

  const back = () => {
    setChecked(null);
    setAlert(null);
  };
  const busy = sending ? (
    <CircularProgress size={16} color="inherit" aria-label={translate('ui.actions.running')} />
  ) : undefined;
  const Result = check?.Result;

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
          aria-busy={sending}
          sx={{
            // "(optional)" marks the optional fields; the required ones carry no asterisk.
            '& .MuiFormLabel-asterisk': { display: 'none' },
            // rjsf nests the input's form control in the field's: one margin is enough
            '& .MuiFormControl-root .MuiFormControl-root': { my: 0 },
          }}
        >
          {/* the label of an outlined field sits on the border: room above the first one */}
          {header ? <Box sx={{ pt: 1 }}>{header}</Box> : null}
          {alert ? (
            <Alert severity="error" sx={{ mb: 2 }} role="alert">
              {alert}
            </Alert>
          ) : null}
          {checked && Result ? <Result result={checked.result} data={checked.values} /> : null}
          {flow?.Companion && !checked ? (
            <flow.Companion
              data={data}
              prefill={(values) => setData((before) => ({ ...before, ...values }))}
            />
          ) : null}
          {awaiting ? (
            <Alert severity="info" data-testid="form-awaiting">
              {awaiting}
            </Alert>
          ) : (
            <Box onSubmitCapture={feedback.markSubmitted} sx={checked ? { display: 'none' } : undefined}>
              <Form
                key={resetKey}
                ref={feedback.formRef}
                id={formId}
                idPrefix={form.name}
                schema={schema as RJSFSchema}
                uiSchema={uiSchema}
                formData={data}
                validator={validator}
                widgets={formWidgets}
                templates={templates}
                formContext={formContext}
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
                focusOnFirstError={feedback.focusOnFirstError}
                disabled={sending}
              />
            </Box>
          )}
          {sendable ? null : (
            <Alert severity="info" sx={{ mt: 2 }}>
              {translate('ui.placeholder')}
            </Alert>
          )}
        </DialogContent>
        <DialogActions>
          {checked ? (
            <>
              <Button onClick={back} disabled={sending}>
                {translate('ra.action.back')}
              </Button>
              <Button onClick={onClose}>{translate('ui.form.cancel')}</Button>
              <Button
                variant="contained"
                onClick={() => send(checked.values)}
                disabled={sending || (check?.accepts ? !check.accepts(checked.result) : false)}
                startIcon={busy}
              >
                {translate(command?.label ?? form.submitLabel)}
              </Button>
            </>
          ) : (
            <>
              <Button onClick={onClose}>{translate('ui.form.cancel')}</Button>
              <Button
                type="submit"
                form={formId}
                variant="contained"
                disabled={!sendable || sending || Boolean(awaiting)}
                startIcon={busy}
              >
                {translate(check?.command?.label ?? form.submitLabel)}
              </Button>
            </>
          )}
        </DialogActions>
      </Dialog>
    </ThemeProvider>
  );
}
