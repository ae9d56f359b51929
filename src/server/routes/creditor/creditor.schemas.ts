import { enums } from '../../../../generated/enums';
import { CREDITOR_HISTORY_TYPES } from '../../db/repositories/creditor-history.repository';
import { errorResponses } from '../route-schemas';

/** Route schemas of the creditor's own data (document 1 §7); shapes the spec leaves open are decided here. */
const tags = ['creditor'];
const security = [{ bearerAuth: [] }];
const ok = (schema: unknown) => ({ 200: schema, ...errorResponses });

export const showSchema = {
  tags,
  security,
  summary: "The caller's creditor (master data)",
  response: ok({ $ref: 'Creditor#' }),
} as const;

export const limitAndStatusSchema = {
  tags,
  security,
  summary: "The creditor's approved and available limit and its status",
  response: ok({
    type: 'object',
    properties: {
      approvedLimit: { type: 'integer', description: 'cents' },
      availableLimit: { type: 'integer', description: 'cents' },
      status: { type: 'string', enum: enums.creditorStatus.values.map((v) => String(v.value)) },
    },
    required: ['approvedLimit', 'availableLimit', 'status'],
  }),
} as const;

export const permissionsSchema = {
  tags,
  security,
  summary: 'The permissions an admin set for the creditor',
  response: ok({ $ref: 'CreditorPermissions#' }),
} as const;

export const webAppKeySchema = {
  tags,
  security,
  summary: "The creditor's web app key",
  response: ok({
    type: 'object',
    properties: { webAppKey: { type: ['string', 'null'] } },
    required: ['webAppKey'],
  }),
} as const;

export const historySchema = {
  tags,
  security,
  summary: "The creditor's contract history, newest first",
  querystring: {
    type: 'object',
    properties: {
      page: { type: 'integer', minimum: 1, default: 1 },
      rowsPerPage: { type: 'integer', enum: [15, 25, 50, 100], default: 15 },
    },
    additionalProperties: false,
  },
  response: ok({
    type: 'object',
    properties: {
      entries: {
        type: 'array',
        items: {
          type: 'object',
          properties: {
            identifier: { type: 'string' },
            type: { type: 'string', enum: [...CREDITOR_HISTORY_TYPES] },
            created: { type: 'integer', description: 'epoch seconds' },
            text: { type: ['string', 'null'] },
          },
          required: ['identifier', 'type', 'created'],
        },
      },
      count: { type: 'integer' },
      empty: { type: 'boolean' },
    },
    required: ['entries', 'count', 'empty'],
  }),
} as const;
