import { useGetIdentity } from 'ra-core';
import { useEffect } from 'react';
import { useLocation, useNavigate } from 'react-router-dom';
import type { CurrentUser } from '../auth/current-user';
import { entryRedirect, pendingEntryCheck } from '../auth/entry-checks';

/**
 * Applies the entry checks after login (opt-in, password update, contact-information check) and
 * returns from a check page once its condition no longer holds. Renders nothing.
 */
export function EntryCheckGuard() {
  const { identity } = useGetIdentity();
  const location = useLocation();
  const navigate = useNavigate();
  const user = identity as unknown as CurrentUser | undefined;
  const from = (location.state as { from?: string } | null)?.from;

  useEffect(() => {
    if (!user) return;
    const target = entryRedirect(location.pathname, pendingEntryCheck(user), from);
    if (target) navigate(target, { replace: true, state: { from: location.pathname + location.search } });
  }, [user, location.pathname, location.search, from, navigate]);
  return null;
}
