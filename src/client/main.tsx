import { type ComponentType, StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { defaultVariantCode, variantHosts, variantLoaders } from '../../generated/products';
import type { VariantConfig } from '../shared/config-types';
import { readPreviewProduct } from './auth/product-preview';
import { configureSession } from './auth/session';
import { tokenStore } from './auth/token-store';
import { AppShell } from './layout/AppShell';
import { resolveVariantCode } from './variant/resolve-variant';

const root = document.getElementById('root');
if (!root) throw new Error('index.html has no #root element');

// A first visit (no session) of `/` or `/login` gets the light login entry (no react-admin, no
// router); everything else the full portal. Both are chunks of their own, so the login page never
// loads the portal (issue 13); after the login the entry loads the portal's chunk and shows it at `/`.
// A deep-link login (`?useToken`) signs in first, so it gets the portal.
const path = window.location.pathname;
const signedOut = !tokenStore.token && !tokenStore.refreshToken;
const deepLink = new URLSearchParams(window.location.search).has('useToken');
const loginFirst = !deepLink && (path === '/login' || (path === '/' && signedOut));
if (loginFirst && path !== '/login') window.history.replaceState(null, '', '/login');

// The variant follows from the host name and is fixed for the page's lifetime; only its own
// configuration is fetched (its chunk), beside the entry's.
const variantCode = resolveVariantCode(window.location.hostname, variantHosts, defaultVariantCode, undefined, readPreviewProduct());
// token refreshes name the page's product from the start (the login entry's and the portal's alike)
configureSession(variantCode);
// each import on its own: vite preloads an import's chunks, and one import expression over both
// entries made it preload the portal on the login page
const loadEntry = async (): Promise<ComponentType<{ variant: VariantConfig }>> => {
  if (loginFirst) return (await import('./login/LoginEntry')).LoginEntry;
  return (await import('./App')).App;
};
const [variant, Entry] = await Promise.all([variantLoaders[variantCode](), loadEntry()]);

// around both: the failure pages, the cookie banner, chunk-failure handling, the deep-link login
createRoot(root).render(
  <StrictMode>
    <AppShell>
      <Entry variant={variant} />
    </AppShell>
  </StrictMode>,
);
