import { FormControlLabel, Switch, Tooltip } from '@mui/material';
import { useTranslate } from 'ra-core';
import { useAdminView, useAdminViewAvailable } from './admin-view';

/** The toolbar's admin-view switch, while an admin acts as a creditor user (see admin-view.ts). */
export function AdminViewToggle() {
  const translate = useTranslate();
  const available = useAdminViewAvailable();
  const [on, setOn] = useAdminView();
  if (!available) return null;
  return (
    <Tooltip title={translate('adminUi.adminViewHelp')}>
      <FormControlLabel
        sx={{ mx: 1, whiteSpace: 'nowrap' }}
        control={
          <Switch
            color="default"
            size="small"
            checked={on}
            onChange={(event) => setOn(event.target.checked)}
          />
        }
        label={translate('adminUi.adminView')}
      />
    </Tooltip>
  );
}
