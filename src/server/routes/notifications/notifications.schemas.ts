import { enums } from '../../../../generated/enums';
import { errorResponses } from '../route-schemas';

/**
 * Route schemas of the notifications (document 1 §7). Notifications are a panel, not a generated
 * resource, so their query string is written here in the generated lists' style.
 */
const tags = ['notifications'];
const security = [{ bearerAuth: [] }];
const statuses = enums.notificationStatus.values.map((v) => String(v.value));

export const listSchema = {
  tags,
  security,
  summary: "The caller's notifications, newest first",
  querystring: {
    type: 'object',
    properties: {
      page: { type: 'integer', minimum: 1, default: 1 },
      rowsPerPage: { type: 'integer', enum: [15, 25, 50, 100], default: 15 },
      sortBy: { type: 'string', enum: ['created', 'status', 'title'] },
      sortDesc: { type: 'boolean', default: false },
      filters: {
        type: 'object',
        properties: {
          status: { type: 'array', maxItems: 1000, items: { type: 'string', enum: statuses } },
        },
        additionalProperties: false,
      },
    },
    additionalProperties: false,
  },
  response: {
    200: {
      type: 'object',
      properties: {
        entries: { type: 'array', items: { $ref: 'Notification#' } },
        count: { type: 'integer' },
        empty: { type: 'boolean', description: 'true when the caller has no notifications at all' },
      },
      required: ['entries', 'count', 'empty'],
    },
    ...errorResponses,
  },
} as const;

export const countSchema = {
  tags,
  security,
  summary: 'Number of new (unread) notifications',
  response: {
    200: { type: 'object', properties: { count: { type: 'integer' } }, required: ['count'] },
    ...errorResponses,
  },
} as const;

const id = { type: 'integer', minimum: 1 } as const;
const noContent = { 204: { type: 'null', description: 'done' }, ...errorResponses };

export const oneSchema = (summary: string) =>
  ({
    tags,
    security,
    summary,
    body: {
      type: 'object',
      properties: { notificationIdentifier: id },
      required: ['notificationIdentifier'],
      additionalProperties: false,
    },
    response: noContent,
  }) as const;

export const multipleSchema = {
  tags,
  security,
  summary: 'Mark several notifications as read',
  body: {
    type: 'object',
    properties: { notificationIdentifiers: { type: 'array', items: id, maxItems: 1000 } },
    required: ['notificationIdentifiers'],
    additionalProperties: false,
  },
  response: noContent,
} as const;

export const allSchema = {
  tags,
  security,
  summary: 'Mark all notifications as read',
  response: noContent,
} as const;
