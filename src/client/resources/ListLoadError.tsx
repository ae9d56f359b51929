import { Alert, AlertTitle, Button } from '@mui/material';
import { useTranslate } from 'ra-core';

/** The spec's table failure: an alert with title, info text and a reload button. */
export function ListLoadError({ onReload }: { onReload: () => void }) {
  const translate = useTranslate();
  return (
    <Alert
      severity="error"
      sx={{ m: 2 }}
      action={
        <Button color="inherit" size="small" onClick={onReload}>
          {translate('ui.list.reload')}
        </Button>
      }
    >
      <AlertTitle>{translate('ui.list.loadError')}</AlertTitle>
      {translate('ui.list.loadErrorInfo')}
    </Alert>
  );
}
