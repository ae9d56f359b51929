import { describe, expect, it } from 'vitest';
import { enums } from '../../../../generated/enums';
import { debtorsRoutes } from '../../../../generated/routes/debtors';
import { isKnownLimitFilter, isSortableColumn } from './debtor-list.repository';

// The list's sortable columns and filter choices live in YAML; the repository must know every one.
describe('debtor list repository vs. generated configuration', () => {
  it('can sort by every sortBy value of the generated querystring schema', () => {
    for (const column of debtorsRoutes.list.schema.querystring.properties.sortBy.enum) {
      expect(isSortableColumn(column), column).toBe(true);
    }
  });

  it('implements every choice of the limit filter', () => {
    for (const { value } of enums.limitFilter.values)
      expect(isKnownLimitFilter(String(value)), String(value)).toBe(true);
  });
});
