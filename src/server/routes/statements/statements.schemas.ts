import { enums } from '../../../../generated/enums';
import { CREDITOR_VOUCHER_SORT_COLUMNS } from '../../db/repositories/creditor-voucher.repository';
import { errorResponses } from '../route-schemas';

/**
 * Route schemas of the creditor statements (document 1 §7 "creditor-voucher"). The statements are a
 * tab of the master data, not a generated resource, so the query string is written here in the
 * generated lists' style (page sizes 15/25/50/100, sortBy enum, bracket-array filters).
 */
const tags = ['creditorVouchers'];
const security = [{ bearerAuth: [] }];
const values = (name: string) => enums[name].values.map((v) => String(v.value));
const strings = { type: 'array', maxItems: 1000, items: { type: 'string', maxLength: 200 } } as const;
const ids = { type: 'array', minItems: 1, maxItems: 1000, items: { type: 'integer', minimum: 1 } } as const;

export const listSchema = {
  tags,
  security,
  summary: "The creditor's statements, newest first",
  querystring: {
    type: 'object',
    properties: {
      page: { type: 'integer', minimum: 1, default: 1 },
      rowsPerPage: { type: 'integer', enum: [15, 25, 50, 100], default: 15 },
      sortBy: { type: 'string', enum: Object.keys(CREDITOR_VOUCHER_SORT_COLUMNS) },
      sortDesc: { type: 'boolean', default: false },
      filters: {
        type: 'object',
        properties: {
          type: {
            type: 'array',
            maxItems: 1000,
            items: { type: 'string', enum: values('creditorVoucherType') },
          },
          readStatus: {
            type: 'array',
            maxItems: 1000,
            items: { type: 'string', enum: values('creditorVoucherReadStatus') },
          },
          sapNumber: strings,
          sapReferenceNumber: strings,
          voucherDate: {
            ...strings,
            maxItems: 2,
            description: '[from, to] as yyyy-MM-dd; either may be empty',
          },
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
        creditorVouchers: { type: 'array', items: { $ref: 'CreditorVoucher#' } },
        count: { type: 'integer' },
        empty: { type: 'boolean', description: 'true when the creditor has no statements at all' },
      },
      required: ['creditorVouchers', 'count', 'empty'],
    },
    ...errorResponses,
  },
} as const;

export const optionsSchema = (summary: string) =>
  ({
    tags,
    security,
    summary,
    response: { 200: { type: 'array', items: { type: 'string' } }, ...errorResponses },
  }) as const;

export const commandSchema = (summary: string) =>
  ({
    tags,
    security,
    summary,
    body: {
      type: 'object',
      properties: { creditorVoucherIdentifiers: ids },
      required: ['creditorVoucherIdentifiers'],
      additionalProperties: false,
    },
    response: { 204: { type: 'null', description: 'done' }, ...errorResponses },
  }) as const;

export const readAllSchema = {
  tags,
  security,
  summary: 'Mark all statements as read',
  response: { 204: { type: 'null', description: 'done' }, ...errorResponses },
} as const;

/** GET /creditor-voucher/{identifier}/download: one statement's PDF (issue 28: a statement can be opened, not only zipped) */
export const fileSchema = {
  tags,
  security,
  summary: 'One statement as its PDF',
  params: {
    type: 'object',
    properties: { identifier: { type: 'integer', minimum: 1 } },
    required: ['identifier'],
    additionalProperties: false,
  },
  response: { 200: { type: 'string', format: 'binary', description: 'application/pdf' }, ...errorResponses },
} as const;

export const downloadSchema = {
  tags,
  security,
  summary: 'The selected statements as a zip of PDFs',
  querystring: {
    type: 'object',
    properties: { creditorVoucherIdentifiers: ids },
    required: ['creditorVoucherIdentifiers'],
    additionalProperties: false,
  },
  response: { 200: { type: 'string', format: 'binary', description: 'application/zip' }, ...errorResponses },
} as const;
