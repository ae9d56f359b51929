/** JSON schema of each scalar field type (entity fields and form inputs alike). */
export const SCALAR_SCHEMAS: Record<string, Record<string, unknown>> = {
  id: { type: 'integer' },
  string: { type: 'string' },
  text: { type: 'string' },
  integer: { type: 'integer' },
  number: { type: 'number' },
  boolean: { type: 'boolean' },
  money: { type: 'integer', description: 'amount in cents' },
  percent: { type: 'number' },
  timestamp: { type: 'integer', description: 'epoch seconds' },
  date: { type: 'string', format: 'date' },
  email: { type: 'string' },
  phone: { type: 'string' },
  iban: { type: 'string' },
};
