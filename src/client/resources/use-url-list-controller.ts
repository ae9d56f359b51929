import { type ListControllerResult, type SortPayload, useGetList } from 'ra-core';
import { useCallback, useEffect, useMemo } from 'react';
import { useLocation, useNavigate } from 'react-router-dom';
import type { ResourceConfig } from '../../shared/config-types';
import { useServerError } from '../data/use-server-error';
import {
  filterValues,
  type ListUrlDefaults,
  type ListUrlState,
  parseListUrl,
  serializeListUrl,
} from './list-url-params';

const noop = () => {};

export type UrlListController = ListControllerResult & {
  /** whether any filter is active (no-data vs no-matching-results) */
  isFiltered: boolean;
  /** the list state as read from the URL */
  urlState: ListUrlState;
};

/**
 * react-admin's list controller, but with the spec's URL parameters (`page`, `itemsPerPage`,
 * `sortBy`, `sortDesc`, `filters[key][]`) instead of react-admin's own. Its result goes into
 * `ListContextProvider`, so react-admin's `Pagination` and our generic table work on it.
 *
 * @example const list = useUrlListController(resources.debtors); <ListContextProvider value={list}>…
 */
export function useUrlListController(config: ResourceConfig): UrlListController {
  const location = useLocation();
  const navigate = useNavigate();
  const serverError = useServerError();
  const defaults: ListUrlDefaults = useMemo(
    () => ({
      perPageOptions: config.list.perPageOptions,
      defaultPerPage: config.list.defaultPerPage,
      defaultSort: config.list.defaultSort,
    }),
    [config],
  );
  const state = useMemo(() => parseListUrl(location.search, defaults), [location.search, defaults]);

  const query = useGetList(
    config.name,
    { pagination: { page: state.page, perPage: state.perPage }, sort: state.sort, filter: state.filter },
    // keep the rows of the previous page visible while the next one loads
    { retry: false, placeholderData: (previous) => previous },
  );
  useEffect(() => {
    if (query.error) serverError();
  }, [query.error, serverError]);

  const write = useCallback(
    (next: ListUrlState, replace = false) => {
      const search = serializeListUrl(location.search, next, defaults);
      // the spec ignores duplicate navigation
      if (search === location.search || (search === '' && location.search === '?')) return;
      navigate({ pathname: location.pathname, search }, { replace });
    },
    [location.pathname, location.search, defaults, navigate],
  );

  const setPage = useCallback((page: number) => write({ ...state, page }), [state, write]);
  const setPerPage = useCallback((perPage: number) => write({ ...state, perPage, page: 1 }), [state, write]);
  const setSort = useCallback((sort: SortPayload) => write({ ...state, sort, page: 1 }), [state, write]);
  const setFilters = useCallback(
    (filters: Record<string, unknown>) => {
      const filter: Record<string, string[]> = {};
      for (const [key, value] of Object.entries(filters ?? {})) {
        const values = filterValues(value);
        if (values.length) filter[key] = values;
      }
      write({ ...state, filter, page: 1 }, true);
    },
    [state, write],
  );

  const error = query.error ?? null;
  const isFiltered = Object.keys(state.filter).length > 0;
  return {
    // a failed load clears the data (spec: error state without stale rows)
    data: error ? undefined : query.data,
    total: error ? undefined : query.total,
    meta: error ? undefined : query.meta,
    error,
    isPending: query.isPending,
    isLoading: query.isLoading,
    isFetching: query.isFetching,
    isPlaceholderData: query.isPlaceholderData,
    refetch: query.refetch,
    resource: config.name,
    page: state.page,
    perPage: state.perPage,
    sort: state.sort,
    filterValues: state.filter,
    displayedFilters: {},
    setPage,
    setPerPage,
    setSort,
    setFilters,
    showFilter: noop,
    hideFilter: noop,
    selectedIds: [],
    onSelect: noop,
    onSelectAll: noop,
    onToggleItem: noop,
    onUnselectItems: noop,
    hasPreviousPage: state.page > 1,
    hasNextPage: query.total !== undefined && state.page * state.perPage < query.total,
    isFiltered,
    urlState: state,
  } as UrlListController;
}
