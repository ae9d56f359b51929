/** Route schemas of the help centre, important information and client error reports. */
const text = {
  type: 'object',
  properties: { de: { type: 'string' }, en: { type: 'string' } },
  required: ['de', 'en'],
} as const;
const errors = { '4xx': { $ref: 'ApiError#' } } as const;

export const helpCenterSchema = {
  tags: ['self-service'],
  summary: "The help centre of the caller's product: FAQ and tutorial videos per page",
  response: {
    200: {
      type: 'object',
      properties: {
        product: { type: 'string' },
        faq: {
          type: 'array',
          items: { type: 'object', properties: { question: text, answer: text }, required: ['question', 'answer'] },
        },
        videos: {
          type: 'array',
          items: {
            type: 'object',
            properties: {
              tag: { type: 'string' },
              title: text,
              src: { type: 'string' },
              pages: { type: 'array', items: { type: 'string' } },
            },
            required: ['tag', 'title', 'src', 'pages'],
          },
        },
      },
      required: ['product', 'faq', 'videos'],
    },
    ...errors,
  },
} as const;

const informationEntry = {
  type: 'object',
  properties: {
    key: { type: 'string' },
    title: text,
    text,
    from: { type: 'string', format: 'date' },
    until: { type: 'string', format: 'date' },
    active: { type: 'boolean', description: 'shown today (from ≤ today ≤ until)' },
    seen: { type: 'boolean', description: 'the caller has closed its pop-up' },
  },
  required: ['key', 'title', 'text', 'from', 'until', 'active', 'seen'],
} as const;

export const informationListSchema = {
  tags: ['self-service'],
  summary: "Important information of the caller's product that has started, newest first",
  response: {
    200: { type: 'object', properties: { entries: { type: 'array', items: informationEntry } }, required: ['entries'] },
    ...errors,
  },
} as const;

export const informationSeenSchema = {
  tags: ['self-service'],
  summary: 'Marks a pop-up of important information as seen by the caller (it is not shown again)',
  params: { type: 'object', properties: { key: { type: 'string', maxLength: 100 } }, required: ['key'] },
  response: { 204: { type: 'null' }, ...errors },
} as const;

export const clientErrorReportSchema = {
  tags: ['self-service'],
  summary: 'Reports a browser error (a chunk-load failure that was not an HTML answer); public',
  body: {
    type: 'object',
    properties: {
      kind: { type: 'string', enum: ['chunkLoad'] },
      message: { type: 'string', minLength: 1, maxLength: 2000 },
      url: { type: 'string', maxLength: 2000 },
      frontendVersion: { type: 'string', maxLength: 40 },
      trace: {
        type: 'object',
        description: 'page-load timings in ms, attached to one report in ten',
        additionalProperties: { type: 'number' },
        maxProperties: 20,
      },
    },
    required: ['kind', 'message', 'url', 'frontendVersion'],
    additionalProperties: false,
  },
  response: { 201: { type: 'object', properties: { id: { type: 'integer' } }, required: ['id'] }, ...errors },
} as const;

export const clientErrorListSchema = {
  tags: ['self-service'],
  summary: 'The reported browser errors, newest first (admins)',
  querystring: {
    type: 'object',
    properties: {
      page: { type: 'integer', minimum: 1, default: 1 },
      rowsPerPage: { type: 'integer', enum: [15, 25, 50, 100], default: 15 },
    },
  },
  response: {
    200: {
      type: 'object',
      properties: {
        entries: {
          type: 'array',
          items: {
            type: 'object',
            properties: {
              id: { type: 'integer' },
              createdAt: { type: 'integer', description: 'epoch seconds' },
              username: { type: ['string', 'null'] },
              kind: { type: 'string' },
              message: { type: 'string' },
              url: { type: 'string' },
              frontendVersion: { type: 'string' },
              trace: { type: ['object', 'null'], additionalProperties: { type: 'number' } },
            },
            required: ['id', 'createdAt', 'username', 'kind', 'message', 'url', 'frontendVersion', 'trace'],
          },
        },
        count: { type: 'integer' },
      },
      required: ['entries', 'count'],
    },
    ...errors,
  },
} as const;
