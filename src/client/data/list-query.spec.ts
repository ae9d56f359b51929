import { describe, expect, it } from 'vitest';
import { buildExportQuery, buildListQuery } from './list-query';

describe('buildListQuery', () => {
  it('sends paging under the spec names', () => {
    expect(buildListQuery({ page: 1, perPage: 15 })).toBe('page=1&rowsPerPage=15');
  });

  it('sends sorting as sortBy and sortDesc', () => {
    expect(buildListQuery({ page: 2, perPage: 25, sort: { field: 'name', order: 'DESC' } })).toBe(
      'page=2&rowsPerPage=25&sortBy=name&sortDesc=true',
    );
    expect(buildListQuery({ page: 1, perPage: 15, sort: { field: 'city', order: 'ASC' } })).toContain(
      'sortBy=city&sortDesc=false',
    );
  });

  it('sends filters as bracket arrays, encoding values and skipping empty ones', () => {
    const query = buildListQuery({
      page: 1,
      perPage: 15,
      filter: { status: ['active', 'inactive'], search: 'Müller & Co', empty: [], none: '' },
    });
    expect(query).toBe(
      'page=1&rowsPerPage=15&filters[status][]=active&filters[status][]=inactive&filters[search][]=M%C3%BCller%20%26%20Co',
    );
  });
});

describe('buildExportQuery', () => {
  it('keeps filters and sort, drops the paging', () => {
    expect(buildExportQuery({ sort: { field: 'amount', order: 'DESC' }, filter: { status: ['open', 'paid'], number: '' } })).toBe(
      'sortBy=amount&sortDesc=true&filters[status][]=open&filters[status][]=paid',
    );
    expect(buildExportQuery({})).toBe('');
  });
});
