import type { FastifyRequest } from 'fastify';
import type { AdminListQuery } from '../../db/repositories/admin-list-query';
import { errorResponses } from '../route-schemas';

/** A generated route schema with the shared error response and the bearer requirement added. */
/** Response of a filter-option call: the values, sorted. */
export const stringListResponse = { 200: { type: 'array', items: { type: 'string' } }, ...errorResponses };

/** Querystring of an export: the list's filters and sorting, without paging. */
export function exportQuerystring(list: { querystring: { properties: Record<string, unknown> } }) {
  const { page: _page, rowsPerPage: _rows, ...rest } = list.querystring.properties;
  return { type: 'object', properties: rest, additionalProperties: false };
}

/** A CSV download (the OpenAPI document shows it as text). */
export const csvResponse = {
  200: { type: 'string', description: 'CSV, UTF-8 with BOM, `;`-separated' },
  ...errorResponses,
};

export const idParams = {
  type: 'object',
  properties: { id: { type: 'integer', minimum: 1 } },
  required: ['id'],
} as const;

export type ListRequest<F extends object> = FastifyRequest<{ Querystring: AdminListQuery<F> }>;
