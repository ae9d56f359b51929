import { useLocation, useNavigate } from 'react-router-dom';
import { usePermissionCheck } from '../auth/use-permission-check';
import { openedForm, withoutParam } from './form-flags';
import { FormDialog } from './FormDialog';

/**
 * Opens the form whose query flag is set (`?uploadVoucher=true`, `?createDebtor=true`, …) when
 * the user may use it; closing removes the flag again. The dialog remounts per flag and target,
 * so a new opening starts empty.
 */
export function QueryFlagForms() {
  const location = useLocation();
  const navigate = useNavigate();
  const allowed = usePermissionCheck();
  const opened = openedForm(location.search);
  if (!opened || !allowed(opened.form.permission)) return null;
  const close = () =>
    navigate(
      { pathname: location.pathname, search: withoutParam(location.search, opened.flag) },
      { replace: true },
    );
  return (
    <FormDialog
      key={`${opened.flag}:${opened.target.id ?? ''}`}
      form={opened.form}
      target={opened.target}
      onClose={close}
    />
  );
}
