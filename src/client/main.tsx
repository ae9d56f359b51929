import { type ComponentType, StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { tokenStore } from './auth/token-store';
import { AppShell } from './layout/AppShell';

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

const Entry: ComponentType = loginFirst
  ? (await import('./login/LoginEntry')).LoginEntry
  : (await import('./App')).App;

// around both: the failure pages, the cookie banner, chunk-failure handling, the deep-link login
createRoot(root).render(
  <StrictMode>
    <AppShell>
      <Entry />
    </AppShell>
  </StrictMode>,
);
