import { enums } from '../../../../generated/enums';
import { errorResponses } from '../route-schemas';

/** Route schemas of the settings (document 1 §7); shapes the spec leaves open are decided here. */
const tags = ['settings'];
const security = [{ bearerAuth: [] }];

export const detailsSchema = {
  tags,
  security,
  summary: 'E-mail reminder settings and the default exposure type',
  response: { 200: { $ref: 'CreditorSettings#' }, ...errorResponses },
} as const;

export const exposureTypeSchema = {
  tags,
  security,
  summary: "The creditor's default exposure type",
  response: {
    200: {
      type: 'object',
      properties: {
        defaultExposureType: {
          type: ['string', 'null'],
          enum: [...enums.exposureType.values.map((v) => String(v.value)), null],
        },
      },
      required: ['defaultExposureType'],
    },
    ...errorResponses,
  },
} as const;

export const companyUsersSchema = {
  tags,
  security,
  summary: "The creditor's company users and the maximum number of additional accesses",
  response: {
    200: {
      type: 'object',
      properties: {
        companyUsers: { type: 'array', items: { $ref: 'CompanyUser#' } },
        count: { type: 'integer' },
        maxCompanyUsers: { type: 'integer', description: 'maximum number of additional accesses' },
      },
      required: ['companyUsers', 'count', 'maxCompanyUsers'],
    },
    ...errorResponses,
  },
} as const;

export const companyUserRolesSchema = {
  tags,
  security,
  summary: 'The sub-roles a company user may get (role key and label), for the company-user dialogs',
  response: {
    200: {
      type: 'array',
      items: {
        type: 'object',
        properties: { value: { type: 'string' }, label: { type: 'string' } },
        required: ['value', 'label'],
      },
    },
    ...errorResponses,
  },
} as const;
