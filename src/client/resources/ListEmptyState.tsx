import { Box, Button, Typography } from '@mui/material';
import { useListContext, useTranslate } from 'ra-core';
import type { ResourceConfig } from '../../shared/config-types';
import type { UrlListController } from './use-url-list-controller';

/**
 * The spec's two empty states: no data at all, or no matching results when filters hide
 * everything (then with a button that resets the filters).
 */
export function ListEmptyState({ config }: { config: ResourceConfig }) {
  const translate = useTranslate();
  const list = useListContext() as unknown as UrlListController;
  const noData = list.meta?.empty === true || !list.isFiltered;
  return (
    <Box sx={{ py: 4, textAlign: 'center' }} role="status">
      <Typography>{translate(noData ? config.list.empty.noData : config.list.empty.noResults)}</Typography>
      {noData ? null : (
        <Button sx={{ mt: 1 }} onClick={() => list.setFilters({})}>
          {translate('ui.list.resetFilters')}
        </Button>
      )}
    </Box>
  );
}
