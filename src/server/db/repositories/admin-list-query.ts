import { type RawBuilder, sql } from 'kysely';
import { isValidIsoDate } from '../../../shared/validation';

/** Paging, sorting and bracket-array filters of an admin list, as the generated querystring schema validates them. */
export interface AdminListQuery<F extends object = Record<string, string[] | undefined>> {
  page: number;
  rowsPerPage: number;
  sortBy?: string;
  sortDesc: boolean;
  filters?: F;
}

/** A generated list route (generated/routes/*): its querystring's filters and `sortBy` enum. */
interface GeneratedList {
  schema: {
    querystring: { properties: { filters: { properties: object }; sortBy?: { enum: readonly string[] } } };
  };
}

/** The filters of a generated list route, each a bracket array of strings: the YAML's, not a copy. */
export type ListFiltersOf<R extends GeneratedList> = {
  [K in keyof R['schema']['querystring']['properties']['filters']['properties']]?: string[];
};

/** The `sortBy` values of a generated list route (the YAML's sortable columns). */
export type SortKeyOf<R extends GeneratedList> = NonNullable<
  R['schema']['querystring']['properties']['sortBy']
>['enum'][number];

/** A product admin's product, or null for admins who see every product. */
export type ProductScope = string | null;

/** Natural-language order for texts, the same on PGlite and PostgreSQL (both ship ICU's root collation). */
export const textOrder = (column: string): RawBuilder<unknown> => sql`${sql.ref(column)} collate "und-x-icu"`;

/** `%term%` for ilike with the wildcards of the term escaped; null for a blank term. */
export function containsPattern(term: string): string | null {
  const trimmed = term.trim();
  return trimmed ? `%${trimmed.replace(/[\\%_]/g, (c) => `\\${c}`)}%` : null;
}

/** Whether any filter holds a non-blank value (then "no rows" may mean "no matches", not "no data"). */
export const hasFilters = (filters: object = {}): boolean =>
  Object.values(filters).some((values: unknown) =>
    Array.isArray(values) ? values.some((v) => String(v).trim() !== '') : false,
  );

/** The non-blank values of a filter. */
export const valuesOf = (values: readonly string[] | undefined): string[] =>
  (values ?? []).map((v) => v.trim()).filter(Boolean);

/** ORDER BY `column` in the requested direction, nulls last. */
export const orderBy = (column: RawBuilder<unknown>, desc: boolean): RawBuilder<unknown> =>
  sql`${column} ${desc ? sql`desc` : sql`asc`} nulls last`;

/**
 * A date-range filter `[from, to]` (calendar dates, either may be empty) as timestamp bounds of the
 * portal's day in Germany: from the start of `from` up to (excluding) the day after `to`.
 *
 * @example dayRange(['2025-10-01', '']) // { from: sql`('2025-10-01'::date)::timestamp at time zone …`, to: undefined }
 */
export function dayRange(values: readonly string[] | undefined) {
  const [from, to] = values ?? [];
  const bound = (date: string | undefined, plusDays: number) =>
    date && isValidIsoDate(date)
      ? sql<Date>`((${date}::date + ${plusDays}::int)::timestamp at time zone 'Europe/Berlin')`
      : undefined;
  return { from: bound(from, 0), to: bound(to, 1) };
}

/**
 * ORDER BY of a list sorted by `query.sortBy` (a key of `columns`, the generated `sortBy` enum) in
 * its direction, newest (`createdAt`) first without one; ties by `id`, ascending only for an
 * ascending sort.
 *
 * @example query.orderBy(newestFirst(SORT_COLUMNS, query, sql`a.created_at`, sql`a.id`))
 */
export function newestFirst(
  columns: Record<string, RawBuilder<unknown>>,
  query: { sortBy?: string; sortDesc: boolean },
  createdAt: RawBuilder<unknown>,
  id: RawBuilder<unknown>,
): RawBuilder<unknown> {
  const column = query.sortBy ? columns[query.sortBy] : undefined;
  if (query.sortBy && !column) throw new Error(`not a sortable column: ${query.sortBy}`);
  // ties by id: ascending only for an ascending sort
  return column
    ? sql`${orderBy(column, query.sortDesc)}, ${id} ${query.sortDesc ? sql`desc` : sql`asc`}`
    : sql`${createdAt} desc, ${id} desc`;
}
