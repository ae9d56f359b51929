import qs from 'qs';

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
// qs parses at most 20 array items by default; the spec allows 1000
const PARSE_OPTIONS = { arrayLimit: 1000, ignoreQueryPrefix: true } as const;

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
  const raw = qs.parse(search, PARSE_OPTIONS) as Record<string, any>;
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
  const rest = qs.parse(search, PARSE_OPTIONS) as Record<string, unknown>;
  for (const key of OWN_KEYS) delete rest[key];
  const isDefaultSort =
    state.sort.field === (defaults.defaultSort?.field ?? '') &&
    (!state.sort.field || state.sort.order === (defaults.defaultSort?.order ?? 'ASC'));
  const filters = Object.fromEntries(Object.entries(state.filter).filter(([, values]) => values.length));
  const text = qs.stringify(
    {
      ...rest,
      ...(state.page > 1 ? { page: state.page } : {}),
      ...(state.perPage !== defaults.defaultPerPage ? { itemsPerPage: state.perPage } : {}),
      ...(!isDefaultSort && state.sort.field
        ? { sortBy: state.sort.field, sortDesc: state.sort.order === 'DESC' }
        : {}),
      ...(Object.keys(filters).length ? { filters } : {}),
      ...(state.tab ? { tab: state.tab } : {}),
    },
    { arrayFormat: 'brackets', encodeValuesOnly: true },
  );
  return text ? `?${text}` : '';
}
