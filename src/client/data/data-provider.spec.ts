import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { ResourceConfig } from '../../shared/config-types';
import { tokenStore } from '../auth/token-store';
import { createDataProvider, fillPath } from './data-provider';

/** Only the API part matters here; the rest of a real config comes from generated/. */
const debtors = {
  name: 'debtors',
  api: {
    list: { method: 'GET', path: '/debtor/list', key: 'debtors', extraKeys: ['creditorLimits', 'empty'] },
    show: { method: 'GET', path: '/debtor/show/{id}' },
  },
} as unknown as ResourceConfig;

const memory = new Map<string, string>();
const fetchMock = vi.fn();

beforeEach(() => {
  memory.clear();
  vi.stubGlobal('localStorage', {
    getItem: (key: string) => memory.get(key) ?? null,
    setItem: (key: string, value: string) => memory.set(key, value),
    removeItem: (key: string) => memory.delete(key),
  });
  vi.stubGlobal('fetch', fetchMock);
  tokenStore.save({ token: 'access-1', refresh_token: 'refresh-1' });
});
afterEach(() => {
  vi.unstubAllGlobals();
  fetchMock.mockReset();
});

const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });

describe('createDataProvider', () => {
  it('reads the list under its key, the total from count and the rest as meta', async () => {
    fetchMock.mockResolvedValueOnce(
      json(200, { debtors: [{ id: 1, name: 'A' }], count: 31, empty: false, creditorLimits: { approved: 5 } }),
    );
    const result = await createDataProvider({ debtors }).getList('debtors', {
      pagination: { page: 2, perPage: 15 },
      sort: { field: 'name', order: 'ASC' },
      filter: { status: ['active'] },
    });
    expect(result).toEqual({
      data: [{ id: 1, name: 'A' }],
      total: 31,
      meta: { empty: false, creditorLimits: { approved: 5 } },
    });
    const [url, init] = fetchMock.mock.calls[0];
    expect(url).toBe('/api/debtor/list?page=2&rowsPerPage=15&sortBy=name&sortDesc=false&filters[status][]=active');
    expect(init.headers.Authorization).toBe('Bearer access-1');
  });

  it('fills the show path and gives records an id', async () => {
    fetchMock.mockResolvedValueOnce(json(200, { identifier: 12, name: 'B' }));
    const { data } = await createDataProvider({ debtors }).getOne('debtors', { id: 12 });
    expect(fetchMock.mock.calls[0][0]).toBe('/api/debtor/show/12');
    expect(data).toMatchObject({ id: 12, identifier: 12, name: 'B' });
  });

  it('refreshes the token once on a 401 and retries', async () => {
    fetchMock
      .mockResolvedValueOnce(json(401, { message: 'expired' }))
      .mockResolvedValueOnce(json(200, { token: 'access-2', refresh_token: 'refresh-2' }))
      .mockResolvedValueOnce(json(200, { identifier: 3 }));
    await createDataProvider({ debtors }).getOne('debtors', { id: 3 });
    expect(fetchMock.mock.calls[1][0]).toBe('/api/token/refresh');
    expect(JSON.parse(fetchMock.mock.calls[1][1].body)).toMatchObject({ refresh_token: 'refresh-1' });
    expect(fetchMock.mock.calls[2][1].headers.Authorization).toBe('Bearer access-2');
  });

  it('turns failures into HttpErrors with the status and the server message', async () => {
    fetchMock.mockResolvedValueOnce(json(500, { message: 'kaputt' }));
    await expect(createDataProvider({ debtors }).getOne('debtors', { id: 1 })).rejects.toMatchObject({
      status: 500,
      message: 'kaputt',
    });
  });

  it('fills path parameters safely', () => {
    expect(fillPath('/debtor/{debtorId}/location/{locationId}', { debtorId: 1, locationId: 'a/b' })).toBe(
      '/debtor/1/location/a%2Fb',
    );
  });
});
