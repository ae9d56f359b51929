/**
 * Schemas of the debtor and location calls beyond the debtors resource's list and show (document 1
 * §7 "Debtors and locations"). Entities are the generated ones (`$ref`); lists of one debtor's
 * entries (history, process log, permanent-debt vouchers) are plain arrays, newest first.
 */

/**
 * A route schema with the shared error response and the bearer security requirement added.
 *
 * @example schema: withErrors({ tags: ['debtors'], response: { 200: { $ref: 'Location#' } } })
 */
const positiveId = { type: 'integer', minimum: 1 } as const;
export const idParams = { type: 'object', properties: { id: positiveId }, required: ['id'] } as const;
export const debtorLocationParams = {
  type: 'object',
  properties: { debtorId: positiveId, locationId: positiveId },
  required: ['debtorId', 'locationId'],
} as const;

export const arrayOf = (ref: string) => ({ type: 'array', items: { $ref: `${ref}#` } }) as const;
export const stringList = { type: 'array', items: { type: 'string' } } as const;

export const openDecisionsResponse = {
  type: 'object',
  properties: { items: arrayOf('PendingDebtorDecision'), count: { type: 'integer' } },
  required: ['items', 'count'],
} as const;
