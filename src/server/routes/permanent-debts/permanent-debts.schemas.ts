/**
 * Schemas of the permanent-debt calls that are not a resource's list or show (those are generated
 * from schema/resources/permanentDebts.yaml): the filter-option lists of document 1 §7.
 */

/**
 * A generated or hand-written route schema with the shared error response and the bearer
 * security requirement added.
 *
 * @example schema: withErrors(generated.list.schema)
 */
const idOption = {
  type: 'object',
  properties: { id: { type: 'integer' }, name: { type: 'string' } },
  required: ['id', 'name'],
} as const;

/** A filter-option call: a plain array; on any failure an empty one (spec: "empty on error"). */
const optionList = (summary: string, items: Record<string, unknown>) => ({
  tags: ['permanentDebts'],
  summary,
  response: { 200: { type: 'array', items } },
});

export const optionSchemas = {
  debtors: optionList('Debtors with permanent debts (debtor filter)', idOption),
  locations: optionList('Locations with permanent debts (location filter)', {
    ...idOption,
    properties: { ...idOption.properties, customNumber: { type: ['string', 'null'] } },
  }),
  items: optionList('Subjects of the permanent debts (item filter)', { type: 'string' }),
  customNumbers: optionList('Own numbers of the permanent debts (custom number filter)', { type: 'string' }),
} as const;
