import { stringifyBracketQuery } from './bracket-query';
import { filterValues } from '../resources/list-url-params';

export interface ListQuery {
  page: number;
  perPage: number;
  sort?: { field: string; order: 'ASC' | 'DESC' };
  /** filter key → one value or several */
  filter?: Record<string, unknown>;
}

/**
 * The query string of the spec's list calls: `page`, `rowsPerPage`, `sortBy`, `sortDesc` and
 * every filter as a bracket array. Empty filters are left out.
 *
 * @example buildListQuery({ page: 2, perPage: 25, filter: { status: ['active'] } })
 * // 'page=2&rowsPerPage=25&filters[status][]=active'
 */
export function buildListQuery(query: ListQuery): string {
  const filters: Record<string, string[]> = {};
  for (const [key, value] of Object.entries(query.filter ?? {})) {
    const values = filterValues(value);
    if (values.length) filters[key] = values;
  }
  return stringifyBracketQuery({
    page: query.page,
    rowsPerPage: query.perPage,
    sortBy: query.sort?.field || undefined,
    sortDesc: query.sort?.field ? query.sort.order === 'DESC' : undefined,
    filters: Object.keys(filters).length ? filters : undefined,
  });
}

/**
 * The query string of a list's export: the list's filters and sort, no paging (every row).
 *
 * @example buildExportQuery({ sort: { field: 'amount', order: 'DESC' }, filter: { status: ['open'] } })
 * // 'sortBy=amount&sortDesc=true&filters[status][]=open'
 */
export function buildExportQuery(query: Omit<ListQuery, 'page' | 'perPage'>): string {
  return buildListQuery({ ...query, page: 1, perPage: 1 })
    .split('&')
    .filter((part) => !part.startsWith('page=') && !part.startsWith('rowsPerPage='))
    .join('&');
}
