import { Box, Button, Dialog, DialogActions, DialogContent, DialogTitle } from '@mui/material';
import { useTranslate } from 'ra-core';
import { useLocation, useNavigate } from 'react-router-dom';
import type { ActionConfig } from '../../shared/config-types';
import { usePermissionCheck } from '../auth/use-permission-check';

/**
 * The permitted actions of a detail as buttons. An action opens through the `action` query
 * parameter (spec); its dialog form comes with a later issue, until then a notice says so.
 */
export function DetailActions({ actions }: { actions: ActionConfig[] }) {
  const translate = useTranslate();
  const navigate = useNavigate();
  const location = useLocation();
  const allowed = usePermissionCheck();
  const visible = actions.filter((action) => allowed(action.permission));
  if (visible.length === 0) return null;

  const params = new URLSearchParams(location.search);
  const open = visible.find((action) => action.key === params.get('action'));
  const setAction = (key: string | null) => {
    if (key) params.set('action', key);
    else params.delete('action');
    const text = params.toString();
    navigate({ pathname: location.pathname, search: text ? `?${text}` : '' });
  };

  return (
    <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 1, my: 2 }}>
      {visible.map((action) => (
        <Button key={action.key} variant="outlined" size="small" onClick={() => setAction(action.key)}>
          {translate(action.label)}
        </Button>
      ))}
      <Dialog open={Boolean(open)} onClose={() => setAction(null)} aria-labelledby="action-dialog-title">
        <DialogTitle id="action-dialog-title">{open ? translate(open.label) : ''}</DialogTitle>
        <DialogContent>{translate('ui.placeholder')}</DialogContent>
        <DialogActions>
          <Button onClick={() => setAction(null)}>{translate('ra.action.close')}</Button>
        </DialogActions>
      </Dialog>
    </Box>
  );
}
