import { Alert, Box, Button, CircularProgress } from '@mui/material';
import { useTranslate } from 'ra-core';
import type { ReactNode } from 'react';

/**
 * Loading spinner, error alert with reload, or the content once the data is there. A failed load
 * shows the error without stale data (spec §8).
 */
export function QueryState<T>({
  query,
  children,
}: {
  query: { data?: T; isPending: boolean; error: unknown; refetch: () => unknown };
  children: (data: T) => ReactNode;
}) {
  const translate = useTranslate();
  if (query.error)
    return (
      <Alert
        severity="error"
        action={
          <Button color="inherit" size="small" onClick={() => query.refetch()}>
            {translate('ui.list.reload')}
          </Button>
        }
      >
        {translate('pages.common.loadError')}
      </Alert>
    );
  if (query.isPending || query.data === undefined)
    return (
      <Box sx={{ py: 3, textAlign: 'center' }}>
        <CircularProgress size={28} aria-label={translate('ra.page.loading')} />
      </Box>
    );
  return <>{children(query.data)}</>;
}
