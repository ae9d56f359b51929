import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { ResourceConfig, VariantConfig } from '../../shared/config-types';
import { createPermissionEvaluator, type PermissionTables } from '../../shared/permissions';
import { createAuthProvider } from './auth-provider';
import { tokenStore } from './token-store';

const memory = new Map<string, string>();
const fetchMock = vi.fn();
const json = (status: number, body: unknown) => new Response(JSON.stringify(body), { status });

/** A small permission fixture; the real tables come from generated/permissions.ts. */
const tables: PermissionTables = {
  tree: {},
  paths: ['navigation', 'navigation.permanentDebts', 'navigation.unprocessed', 'navigation.debtors'],
  alwaysOnForCreditor: ['navigation.debtors'],
  serverNames: {},
  adminPermissions: {},
  roles: {
    ROLE_CREDITOR: { key: 'creditor', side: 'creditor', label: '', allPermissions: false, deny: [] },
    ROLE_ADMIN: { key: 'admin', side: 'admin', label: '', allPermissions: false, deny: [] },
  },
  roleGroups: { creditorUsers: ['ROLE_CREDITOR'] },
};
const evaluator = createPermissionEvaluator(tables);
const variant = {
  code: 'SMAFA',
  permissions: { navigation: { unprocessed: false } },
} as unknown as VariantConfig;
const resources = {
  debtors: {
    name: 'debtors',
    roles: ['creditorUsers'],
    menu: { icon: 'x', order: 2, permission: 'navigation.debtors' },
  },
} as unknown as Record<string, ResourceConfig>;
const user = {
  id: 7,
  username: 'creditor@example.com',
  name: 'Demo GmbH',
  roles: ['ROLE_CREDITOR'],
  permissions: { navigation: { unprocessed: true, permanentDebts: true } },
};

beforeEach(() => {
  memory.clear();
  vi.stubGlobal('localStorage', {
    getItem: (key: string) => memory.get(key) ?? null,
    setItem: (key: string, value: string) => memory.set(key, value),
    removeItem: (key: string) => memory.delete(key),
  });
  vi.stubGlobal('fetch', fetchMock);
});
afterEach(() => {
  vi.unstubAllGlobals();
  fetchMock.mockReset();
});

describe('createAuthProvider', () => {
  it('stores the tokens of a successful login', async () => {
    fetchMock.mockResolvedValueOnce(json(200, { token: 't', refresh_token: 'r' }));
    const auth = createAuthProvider({ variant, resources, evaluator });
    await auth.login({ username: 'creditor@example.com', password: 'Demo1234!' });
    expect(JSON.parse(fetchMock.mock.calls[0][1].body)).toEqual({
      username: 'creditor@example.com',
      password: 'Demo1234!',
    });
    expect(tokenStore.token).toBe('t');
    fetchMock.mockResolvedValueOnce(json(200, { success: true }));
    await auth.logout({});
    expect(tokenStore.token).toBeNull();
    // the server revokes the refresh token (and its family)
    expect(fetchMock.mock.calls[1][0]).toBe('/api/logout');
    expect(JSON.parse(fetchMock.mock.calls[1][1].body)).toEqual({ refresh_token: 'r' });
  });

  it('rejects a bad login with the server message', async () => {
    fetchMock.mockResolvedValueOnce(json(401, { message: 'Benutzername oder Passwort falsch.' }));
    const auth = createAuthProvider({ variant, resources, evaluator });
    await expect(auth.login({ username: 'x', password: 'y' })).rejects.toThrow(
      'Benutzername oder Passwort falsch.',
    );
    expect(tokenStore.token).toBeNull();
  });

  it('decides access from roles and the combined permissions', async () => {
    tokenStore.save({ token: 't', refresh_token: 'r' });
    fetchMock.mockResolvedValue(json(200, user));
    const auth = createAuthProvider({ variant, resources, evaluator });
    expect(await auth.canAccess!({ resource: 'debtors', action: 'list' })).toBe(true);
    expect(await auth.canAccess!({ resource: 'navigation.permanentDebts', action: 'permission' })).toBe(true);
    // the product switches unprocessed off although the user has it on
    expect(await auth.canAccess!({ resource: 'navigation.unprocessed', action: 'permission' })).toBe(false);
    expect(await auth.getIdentity!()).toMatchObject({ id: 7, fullName: 'Demo GmbH' });
    // identity and permissions share one call
    expect(fetchMock).toHaveBeenCalledTimes(1);
  });

  it('denies resources of other roles', async () => {
    tokenStore.save({ token: 't', refresh_token: 'r' });
    fetchMock.mockResolvedValue(json(200, { ...user, roles: ['ROLE_ADMIN'] }));
    const auth = createAuthProvider({ variant, resources, evaluator });
    expect(await auth.canAccess!({ resource: 'debtors', action: 'list' })).toBe(false);
  });

  it('ends the session on a 401 but not on a 403', async () => {
    tokenStore.save({ token: 't', refresh_token: 'r' });
    const auth = createAuthProvider({ variant, resources, evaluator });
    await expect(auth.checkError({ status: 403 })).resolves.toBeUndefined();
    await expect(auth.checkError({ status: 401 })).rejects.toMatchObject({ redirectTo: '/login' });
    expect(tokenStore.token).toBeNull();
  });

  it('gives a visitor without a session no permissions without asking the server', async () => {
    const auth = createAuthProvider({ variant, resources, evaluator });
    expect(await auth.getPermissions!({})).toMatchObject({ roles: [], userPermissions: {} });
    expect(await auth.canAccess!({ resource: 'debtors', action: 'list' })).toBe(false);
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('keeps a visitor of a public page there on a stale session’s 401', async () => {
    for (const [path, redirects] of [
      ['/set-password/abc', false],
      ['/login/7/reset-password/0f3c', false],
      ['/onboarding/register/factoring', false],
      ['/vouchers', true],
    ] as const) {
      vi.stubGlobal('location', { pathname: path });
      tokenStore.save({ token: 't', refresh_token: 'r' });
      const auth = createAuthProvider({ variant, resources, evaluator });
      const answer = auth.checkError({ status: 401 });
      if (redirects) await expect(answer, path).rejects.toMatchObject({ redirectTo: '/login' });
      else await expect(answer, path).resolves.toBeUndefined();
    }
  });
});
