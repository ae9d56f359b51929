import { otherParameters, parseBracketQuery, stringifyBracketQuery } from '../data/bracket-query';

/** The list state as the spec's URL query parameters carry it. */
export interface ListUrlState {
  page: number;
  perPage: number;
  sort: { field: string; order: 'ASC' | 'DESC' };
  /** filter key → selected values */
  filter: Record<string, string[]>;
  tab?: string;
}

export interface ListUrlDefaults {
  perPageOptions: number[];
  defaultPerPage: number;
  defaultSort?: { field: string; order: 'ASC' | 'DESC' };
}

/** The keys this module owns; every other query parameter (dialog flags, …) is left alone. */
const OWN_KEYS = ['page', 'itemsPerPage', 'sortBy', 'sortDesc', 'filters', 'tab'];

/**
 * The values of one filter as strings; a filter without any non-empty value is no filter.
 * Empty items among real ones stay, because a date range `['', '2024-12-31']` means "until".
 *
 * @example filterValues(['', '2024-12-31']) // ['', '2024-12-31']; filterValues(['', '']) // []
 */
export function filterValues(value: unknown): string[] {
  const items = (Array.isArray(value) ? value : value === undefined || value === null ? [] : [value])
    .filter((item) => typeof item === 'string' || typeof item === 'number' || typeof item === 'boolean')
    .map(String);
  return items.some((item) => item !== '') ? items : [];
}

/**
 * Reads page, itemsPerPage, sortBy, sortDesc, filters[key][] and tab from a query string,
 * replacing invalid values by the defaults.
 *
 * @example parseListUrl('?page=2&itemsPerPage=50&filters[status][]=active', defaults)
 * // { page: 2, perPage: 50, sort: { field: '', order: 'ASC' }, filter: { status: ['active'] } }
 */
export function parseListUrl(search: string, defaults: ListUrlDefaults): ListUrlState {
  const raw = parseBracketQuery(search);
  const page = Number.parseInt(String(raw.page ?? ''), 10);
  const perPage = Number.parseInt(String(raw.itemsPerPage ?? ''), 10);
  const filter: Record<string, string[]> = {};
  if (raw.filters && typeof raw.filters === 'object') {
    for (const [key, value] of Object.entries(raw.filters)) {
      const values = filterValues(value);
      if (values.length) filter[key] = values;
    }
  }
  const sortBy = typeof raw.sortBy === 'string' ? raw.sortBy : '';
  return {
    page: page > 0 ? page : 1,
    perPage: defaults.perPageOptions.includes(perPage) ? perPage : defaults.defaultPerPage,
    sort: sortBy
      ? { field: sortBy, order: raw.sortDesc === 'true' ? 'DESC' : 'ASC' }
      : (defaults.defaultSort ?? { field: '', order: 'ASC' }),
    filter,
    ...(typeof raw.tab === 'string' && raw.tab ? { tab: raw.tab } : {}),
  };
}

/**
 * Writes a list state back into a query string, keeping unrelated parameters and leaving out
 * values equal to the defaults so that links stay short.
 *
 * @example serializeListUrl('?showVideo=1', { ...state, page: 3 }, defaults) // '?showVideo=1&page=3'
 */
export function serializeListUrl(search: string, state: ListUrlState, defaults: ListUrlDefaults): string {
  const rest = otherParameters(search, OWN_KEYS);
  const isDefaultSort =
    state.sort.field === (defaults.defaultSort?.field ?? '') &&
    (!state.sort.field || state.sort.order === (defaults.defaultSort?.order ?? 'ASC'));
  const filters = Object.fromEntries(Object.entries(state.filter).filter(([, values]) => values.length));
  const sorted = !isDefaultSort && state.sort.field;
  const own = stringifyBracketQuery({
    page: state.page > 1 ? state.page : undefined,
    itemsPerPage: state.perPage !== defaults.defaultPerPage ? state.perPage : undefined,
    sortBy: sorted ? state.sort.field : undefined,
    sortDesc: sorted ? state.sort.order === 'DESC' : undefined,
    filters: Object.keys(filters).length ? filters : undefined,
    tab: state.tab || undefined,
  });
  const text = [...rest, own].filter(Boolean).join('&');
  return text ? `?${text}` : '';
}
