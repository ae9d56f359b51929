const nullableString = { type: ['string', 'null'] } as const;
const nullableDate = { type: ['string', 'null'], format: 'date', description: 'YYYY-MM-DD' } as const;
const nullableCents = { type: ['integer', 'null'], description: 'integer cents' } as const;

/** 200 body of `POST /api/einvoice/read`: the fields of `EInvoiceData` (src/server/einvoice). */
export const eInvoiceDataSchema = {
  $id: 'EInvoiceData',
  type: 'object',
  description: 'What was read from an e-invoice (EN 16931 business terms in brackets)',
  properties: {
    format: {
      type: 'string',
      enum: ['ubl', 'cii', 'none'],
      description: '"none": a PDF without embedded e-invoice',
    },
    container: { type: 'string', enum: ['xml', 'pdf'] },
    profile: { ...nullableString, description: 'specification identifier (BT-24)' },
    typeCode: { ...nullableString, description: 'invoice type code (BT-3)' },
    number: { ...nullableString, description: 'invoice number (BT-1)' },
    issueDate: { ...nullableDate, description: 'issue date (BT-2)' },
    dueDate: { ...nullableDate, description: 'payment due date (BT-9)' },
    paymentTerms: { ...nullableString, description: 'payment terms (BT-20)' },
    deliveryDate: { ...nullableDate, description: 'actual delivery date (BT-72)' },
    currency: { ...nullableString, description: 'invoice currency code (BT-5)' },
    amountDue: { ...nullableCents, description: 'amount due for payment in cents (BT-115)' },
    grossAmount: { ...nullableCents, description: 'invoice total with VAT in cents (BT-112)' },
    seller: {
      type: ['object', 'null'],
      properties: {
        name: nullableString,
        vatId: nullableString,
        street: nullableString,
        zip: nullableString,
        city: nullableString,
        country: nullableString,
      },
      required: ['name', 'vatId', 'street', 'zip', 'city', 'country'],
    },
    buyer: {
      type: ['object', 'null'],
      properties: {
        name: nullableString,
        vatId: { ...nullableString, description: 'buyer VAT identifier (BT-48), as printed' },
        street: nullableString,
        zip: nullableString,
        city: nullableString,
        country: nullableString,
        email: nullableString,
      },
      required: ['name', 'vatId', 'street', 'zip', 'city', 'country', 'email'],
    },
    paymentMeans: {
      type: 'array',
      items: {
        type: 'object',
        properties: {
          code: { ...nullableString, description: 'payment means code (BT-81)' },
          iban: {
            ...nullableString,
            description: 'payee account (BT-84) or, for direct debit, debited account (BT-91)',
          },
          mandateReference: { ...nullableString, description: 'mandate reference (BT-89)' },
          creditorId: { ...nullableString, description: 'SEPA creditor identifier (BT-90)' },
        },
        required: ['code', 'iban', 'mandateReference', 'creditorId'],
      },
    },
    lineCount: { type: ['integer', 'null'] },
    vatBreakdown: {
      type: 'array',
      description: 'VAT breakdown (BG-23); empty for a plain PDF',
      items: {
        type: 'object',
        properties: {
          category: { type: 'string', description: 'VAT category code (BT-118), e.g. S, Z, E, AE' },
          rate: { type: 'number', description: 'VAT rate in percent (BT-119)' },
          base: { type: 'integer', description: 'taxable amount in cents (BT-116)' },
          tax: { type: 'integer', description: 'VAT amount in cents (BT-117)' },
          exemptionReason: { ...nullableString, description: 'exemption reason (BT-120 or its code BT-121)' },
        },
        required: ['category', 'rate', 'base', 'tax', 'exemptionReason'],
      },
    },
  },
  required: [
    'format',
    'container',
    'profile',
    'typeCode',
    'number',
    'issueDate',
    'dueDate',
    'paymentTerms',
    'deliveryDate',
    'currency',
    'amountDue',
    'grossAmount',
    'seller',
    'buyer',
    'paymentMeans',
    'lineCount',
    'vatBreakdown',
  ],
} as const;

/** 422 (and 413) body: the processing code (document 2, section 8) and its German text. */
export const eInvoiceFailureSchema = {
  $id: 'EInvoiceFailure',
  type: 'object',
  properties: {
    code: { type: 'integer', description: 'processing code, e.g. 925 file or format faulty' },
    message: { type: 'string', description: 'German text of the code' },
  },
  required: ['code', 'message'],
} as const;
