import { type ReactNode, Suspense, useEffect, useState } from 'react';
import { FailureGate } from '../pages/failure/FailureGate';
import { installChunkErrorHandler } from './chunk-errors';
import { ChunkLoader } from './ChunkLoader';
import { CookieBanner } from './CookieBanner';
import { loginByDeepLink } from './deep-link-login';

/**
 * Around the whole portal (login included): the failure pages, the cookie banner, the handling of
 * failed chunk loads, the 120-second loader, and the login by deep-link token before anything else.
 */
export function AppShell({ children }: { children: ReactNode }) {
  const [ready, setReady] = useState(() => !new URLSearchParams(window.location.search).has('useToken'));
  useEffect(() => installChunkErrorHandler(), []);
  useEffect(() => {
    if (!ready) void loginByDeepLink(window.location).finally(() => setReady(true));
  }, [ready]);
  return (
    <FailureGate>
      <Suspense fallback={<ChunkLoader />}>{ready ? children : <ChunkLoader />}</Suspense>
      <CookieBanner />
    </FailureGate>
  );
}
