import FilterListIcon from '@mui/icons-material/FilterList';
import { Box, Button } from '@mui/material';
import { useListContext, useTranslate } from 'ra-core';
import { useState } from 'react';
import type { ResourceConfig } from '../../shared/config-types';
import { usePermissionCheck } from '../auth/use-permission-check';
import { useVariant } from '../variant/VariantContext';
import { FilterInput } from './FilterInput';
import { isFilterOffered } from './filter-choices';
import type { UrlListController } from './use-url-list-controller';

/**
 * The configured filters of a resource: `alwaysOn` ones are always shown, the others behind
 * a filter button (and shown while any of them is active). Values live in the URL.
 */
export function ResourceFilters({ config }: { config: ResourceConfig }) {
  const translate = useTranslate();
  const list = useListContext() as unknown as UrlListController;
  const allowed = usePermissionCheck();
  const variant = useVariant();
  const [expanded, setExpanded] = useState(false);
  const filters = config.list.filters.filter(
    (filter) => allowed(filter.permission) && isFilterOffered(filter, variant),
  );
  if (filters.length === 0) return null;

  const values = list.filterValues as Record<string, string[]>;
  const optional = filters.filter((filter) => !filter.alwaysOn);
  const optionalActive = optional.some((filter) => values[filter.key]?.length);
  const showOptional = expanded || optionalActive;
  const change = (key: string, next: string[]) => list.setFilters({ ...values, [key]: next });

  return (
    <Box
      component="form"
      role="search"
      aria-label={translate('ui.list.filters')}
      onSubmit={(event) => event.preventDefault()}
      sx={{ display: 'flex', flexWrap: 'wrap', gap: 2, alignItems: 'center', mb: 2 }}
    >
      {filters
        .filter((filter) => filter.alwaysOn || showOptional)
        .map((filter) => (
          <FilterInput
            key={filter.key}
            filter={filter}
            value={values[filter.key] ?? []}
            onChange={(next) => change(filter.key, next)}
          />
        ))}
      {optional.length && !optionalActive ? (
        <Button
          startIcon={<FilterListIcon />}
          onClick={() => setExpanded(!expanded)}
          aria-expanded={showOptional}
        >
          {translate('ui.list.filters')}
        </Button>
      ) : null}
      {list.isFiltered ? (
        <Button onClick={() => list.setFilters({})}>{translate('ui.list.resetFilters')}</Button>
      ) : null}
    </Box>
  );
}
