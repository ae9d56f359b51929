/** Response schemas of the SEPA direct-debit reads (serialisation and OpenAPI). */
const integer = { type: 'integer' } as const;
const string = { type: 'string' } as const;

export const dueGroupsSchema = {
  type: 'object',
  properties: {
    groups: {
      type: 'array',
      items: {
        type: 'object',
        properties: {
          creditorId: integer,
          creditorName: string,
          sepaCreditorIdentifier: { type: ['string', 'null'] },
          hasAccount: { type: 'boolean' },
          collectionDate: string,
          count: integer,
          amount: integer,
          frst: integer,
          rcur: integer,
          fnal: integer,
        },
      },
    },
  },
} as const;

export const fileListSchema = {
  type: 'object',
  properties: {
    files: {
      type: 'array',
      items: {
        type: 'object',
        properties: {
          id: integer,
          creditorId: integer,
          creditorName: string,
          collectionDate: string,
          messageId: string,
          numberOfTransactions: integer,
          controlSum: integer,
          createdAt: integer,
          returned: integer,
        },
      },
    },
  },
} as const;
