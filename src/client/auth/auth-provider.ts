import type { AuthProvider } from 'ra-core';
import type { ResourceConfig, VariantConfig } from '../../shared/config-types';
import { apiFetch } from '../data/http-client';
import { followUserProduct } from '../variant/follow-user-product';
import {
  canAccessResource,
  makePermissionCheck,
  type PermissionData,
  type PermissionEvaluator,
} from './access';
import type { CurrentUser } from './current-user';
import { isPublicPath } from './public-paths';
import { configureSession, refreshTokens, startRefreshTimer, stopRefreshTimer } from './session';
import { type Credentials, signIn } from './sign-in';
import { tokenStore } from './token-store';

// The provider keeps the current user once loaded; a command that changes the user's own flags
// (opt-in, password, contact check) drops it so the next identity is read afresh.
let forgetCurrent: () => void = () => {};

/** Drops the cached current user (after the own account changed); see `useReloadIdentity`. */
export function forgetCurrentUser(): void {
  forgetCurrent();
}

export interface AuthProviderOptions {
  variant: VariantConfig;
  resources: Record<string, ResourceConfig>;
  evaluator: PermissionEvaluator;
}

/**
 * react-admin's authProvider for the Kontor API: login with e-mail and password, token refresh
 * every 10 minutes (and once on a 401, see `apiFetch`), the current user as identity, and
 * `canAccess` through the shared permission evaluator with the user's and the product's permissions.
 *
 * @example <Admin authProvider={createAuthProvider({ variant, resources, evaluator: permissionEvaluator })} />
 */
export function createAuthProvider({ variant, resources, evaluator }: AuthProviderOptions): AuthProvider {
  configureSession(variant.code);
  let current: Promise<CurrentUser> | null = null;
  forgetCurrent = () => {
    current = null;
  };

  const currentUser = (): Promise<CurrentUser> => {
    current ??= apiFetch<CurrentUser>('/user-management/user/current').then(
      (user) => {
        // on a host without a variant of its own the user's product decides (reloads once)
        followUserProduct(user.product, variant.code);
        return user;
      },
      (error) => {
        current = null;
        throw error;
      },
    );
    return current;
  };
  const permissionData = async (): Promise<PermissionData> => {
    // a visitor without a session (the public pages: react-admin asks for permissions on every
    // page) has none; asking the server would answer 401 and, after react-admin's retries, send the
    // visitor to the login (issue 28: the set-password page did so after ~9 s)
    if (!tokenStore.token && !tokenStore.refreshToken) {
      return { roles: [], userPermissions: {}, productPermissions: variant.permissions ?? {} };
    }
    const user = await currentUser();
    return {
      roles: user.roles ?? [],
      userPermissions: user.permissions ?? {},
      productPermissions: variant.permissions ?? {},
    };
  };

  return {
    async login(credentials: Credentials) {
      current = null;
      await signIn(credentials);
    },

    async logout() {
      current = null;
      // the server revokes the refresh token and its family; a failure must not keep anyone logged in
      const refreshToken = tokenStore.refreshToken;
      if (refreshToken) {
        try {
          await fetch('/api/logout', {
            method: 'POST',
            headers: { 'Content-Type': 'application/json', Accept: 'application/json' },
            body: JSON.stringify({ refresh_token: refreshToken }),
          });
        } catch {
          // offline: the tokens are dropped here anyway and the refresh token expires
        }
      }
      tokenStore.clear();
      stopRefreshTimer();
      return '/login';
    },

    async checkAuth() {
      if (!tokenStore.token && !(await refreshTokens())) {
        throw { redirectTo: '/login', message: false };
      }
      startRefreshTimer();
    },

    async checkError(error: { status?: number }) {
      // apiFetch has already tried one refresh; a 401 now means the session is over
      if (error?.status === 401) {
        tokenStore.clear();
        current = null;
        // a visitor of a public page (the onboarding, a mailed set-password or reset link) has no
        // session to lose: a stale session's 401 must not send the half-filled form to the login
        if (isPublicPath(globalThis.location?.pathname ?? '')) return;
        throw { redirectTo: '/login', message: false };
      }
    },

    async getIdentity() {
      const user = await currentUser();
      return { ...user, id: user.id, fullName: user.name || user.username };
    },

    getPermissions: permissionData,

    async canAccess({ resource, action }: { resource: string; action: string }) {
      const data = await permissionData();
      const config = resources[resource];
      if (config) return canAccessResource(config, data, evaluator);
      // `canAccess({ action: 'permission', resource: 'debtorDetails.tabs.limit' })` checks a path
      if (action === 'permission') return makePermissionCheck(data, evaluator)(resource);
      return true;
    },
  };
}
