import type { DataProvider, GetListResult, RaRecord } from 'ra-core';
import type { ResourceConfig } from '../../shared/config-types';
import { apiFetch } from './http-client';
import { buildListQuery } from './list-query';

/** The spec's items carry `identifier` or `id`; react-admin needs `id`. */
const withId = (item: any): RaRecord =>
  item && item.id === undefined && item.identifier !== undefined ? { ...item, id: item.identifier } : item;

/** Fills `{id}`-style parameters of a configured API path. */
export const fillPath = (path: string, params: Record<string, unknown>): string =>
  path.replace(/\{(\w+)\}/g, (_, name: string) => encodeURIComponent(String(params[name] ?? '')));

const unsupported = (method: string) => () =>
  Promise.reject(new Error(`dataProvider.${method} is not part of the Kontor API yet`));

/**
 * A react-admin data provider speaking the spec's API instead of REST conventions:
 * `getList` calls `api.list.path` with page/rowsPerPage/sortBy/sortDesc/filters[…][] and reads
 * the array under `api.list.key`, the total from `count`, and passes every further key
 * (`empty`, `creditorLimits`, …) on in `meta`; `getOne` calls `api.show.path`.
 *
 * @example const { data, total, meta } = await createDataProvider(resources).getList('debtors', params);
 */
export function createDataProvider(resources: Record<string, ResourceConfig>): DataProvider {
  const config = (resource: string): ResourceConfig => {
    const found = resources[resource];
    if (!found) throw new Error(`Unknown resource ${resource}`);
    return found;
  };

  return {
    async getList(resource, params): Promise<GetListResult> {
      const { list } = config(resource).api;
      const query = buildListQuery({
        page: params.pagination?.page ?? 1,
        perPage: params.pagination?.perPage ?? 15,
        sort: params.sort?.field ? { field: params.sort.field, order: params.sort.order } : undefined,
        filter: params.filter,
      });
      const body = await apiFetch<Record<string, unknown>>(list.path, { method: list.method, query });
      const key = list.key ?? 'items';
      const { [key]: items, count, ...rest } = body ?? {};
      const data = Array.isArray(items) ? items.map(withId) : [];
      return { data, total: typeof count === 'number' ? count : data.length, meta: rest };
    },

    async getOne(resource, params) {
      const { show } = config(resource).api;
      if (!show) throw new Error(`Resource ${resource} has no show call`);
      const body = await apiFetch<any>(fillPath(show.path, { id: params.id, ...params.meta }), {
        method: show.method,
      });
      // a show response may wrap the record under the entity's key
      const record = show.key ? body?.[show.key] : body;
      return { data: withId({ id: params.id, ...record }) as any };
    },

    getMany: unsupported('getMany'),
    getManyReference: unsupported('getManyReference'),
    update: unsupported('update'),
    updateMany: unsupported('updateMany'),
    create: unsupported('create'),
    delete: unsupported('delete'),
    deleteMany: unsupported('deleteMany'),
  };
}
