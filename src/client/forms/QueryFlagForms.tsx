import { useLocation, useNavigate } from 'react-router-dom';
import { dialogCommands as commands } from '../../../generated/dialog-commands';
import { usePermissionCheck } from '../auth/use-permission-check';
import { formFlows } from './form-flows';
import { openedForm, withoutParam } from './form-flags';
import type { FormDialogProps } from './FormDialog';
import { lazyPage } from '../lazy/lazy-page';

// The form machinery (rjsf, ajv) is its own chunk, loaded when a dialog opens (issue 13).
const FormDialog = lazyPage<FormDialogProps>(() => import('./FormDialog'), 'FormDialog');

/**
 * Opens the form whose query flag is set (`?uploadVoucher=true`, `?createDebtor=true`, …) when
 * the user may use it; closing removes the flag again. The dialog remounts per flag and target,
 * so a new opening starts empty. A form that creates a record opens it afterwards (a created
 * debtor: `/debtors/main/{debtorId}`).
 */
export function QueryFlagForms() {
  const location = useLocation();
  const navigate = useNavigate();
  const allowed = usePermissionCheck();
  const opened = openedForm(location.search);
  if (!opened || !allowed(opened.form.permission)) return null;
  const search = withoutParam(location.search, opened.flag);
  const close = () => navigate({ pathname: location.pathname, search }, { replace: true });
  const done = (response: unknown) => {
    const path = formFlows[opened.form.name]?.opens?.((response ?? {}) as Record<string, unknown>);
    // replaces the dialog's entry: going back must not open the filled dialog again
    if (path) navigate({ pathname: path, search }, { replace: true });
    else close();
  };
  return (
    <FormDialog
      key={`${opened.flag}:${opened.target.id ?? ''}`}
      form={opened.form}
      commands={commands}
      target={opened.target}
      onClose={close}
      onSuccess={done}
    />
  );
}
