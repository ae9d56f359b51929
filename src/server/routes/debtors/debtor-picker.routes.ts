import type { FastifyInstance } from 'fastify';
import type { AppDeps } from '../../app';
import { PICKER_LIMIT, pickDebtors } from '../../db/repositories/debtor-picker.repository';
import { creditorIdOf } from '../../plugins/auth';
import { requirePermission } from '../../plugins/permissions';
import { withErrors } from '../route-schemas';

const nullableText = { type: ['string', 'null'] } as const;
const pickerLocation = {
  type: 'object',
  properties: {
    id: { type: 'integer' },
    name: { type: 'string' },
    customNumber: nullableText,
    street: { type: 'string' },
    house: nullableText,
    zip: { type: 'string' },
    city: { type: 'string' },
  },
  required: ['id', 'name', 'customNumber', 'street', 'house', 'zip', 'city'],
} as const;
const pickerDebtor = {
  type: 'object',
  properties: {
    id: { type: 'integer' },
    name: { type: 'string' },
    identifier: { type: 'string' },
    locations: { type: 'array', items: pickerLocation },
  },
  required: ['id', 'name', 'identifier', 'locations'],
} as const;

/**
 * `GET /debtor/picker?search=…` (under /api; `&id=` for one debtor): the caller's own ACTIVE
 * customers with their active locations for the upload dialog's debtor and location pickers
 * (schema/widgets.yaml `debtorPicker`, `locationPicker`), searched on the server as the user types —
 * every word in the debtor's name or a location's name, own customer number, postcode or city; at
 * most 50, by name. For creditor users who may upload (vouchers.upload; admins only while
 * impersonating, like every creditor read); another creditor's debtors never appear, an unknown or
 * foreign `id` is an empty list.
 */
export async function debtorPickerRoutes(app: FastifyInstance, { db }: AppDeps): Promise<void> {
  app.get<{ Querystring: { search?: string; id?: number } }>(
    '/debtor/picker',
    {
      schema: withErrors({
        tags: ['debtors'],
        summary: `Own active customers for the upload dialog's pickers (search; at most ${PICKER_LIMIT})`,
        querystring: {
          type: 'object',
          properties: { search: { type: 'string', maxLength: 100 }, id: { type: 'integer', minimum: 1 } },
          additionalProperties: false,
        },
        response: { 200: { type: 'array', items: pickerDebtor } },
      }),
      preHandler: requirePermission(db, 'vouchers.upload'),
    },
    (request) => pickDebtors(db, creditorIdOf(request), request.query),
  );
}
