import { Alert, Button, Snackbar } from '@mui/material';
import { useGetIdentity, useTranslate } from 'ra-core';
import { useEffect, useRef, useState } from 'react';
import { REFRESH_INTERVAL_MS } from '../auth/session';
import { apiFetch } from '../data/http-client';
import type { CurrentUser } from '../auth/current-user';

/** What of the user decides what the portal shows: a change here needs a reload. */
export const userFingerprint = (user: Partial<CurrentUser>): string =>
  JSON.stringify([user.id, user.roles, user.permissions ?? {}, user.product ?? null, user.creditorStatus ?? null]);

/**
 * Document 1 §8 / document 2 §8: a change of the user's data after login (roles, permissions,
 * product, creditor status — e.g. an admin changed them meanwhile) prompts a reload. The current
 * user is read again with each token refresh and when the window regains the focus.
 */
export function UserChangePrompt() {
  const translate = useTranslate();
  const { identity } = useGetIdentity();
  const first = useRef<string | null>(null);
  const [changed, setChanged] = useState(false);
  const known = identity ? userFingerprint(identity as Partial<CurrentUser>) : null;
  if (known && first.current === null) first.current = known;

  useEffect(() => {
    if (!known) return;
    const check = async () => {
      try {
        const user = await apiFetch<CurrentUser>('/user-management/user/current');
        if (first.current && userFingerprint(user) !== first.current) setChanged(true);
      } catch {
        // the session's own handling deals with failures
      }
    };
    const timer = setInterval(check, REFRESH_INTERVAL_MS);
    const onFocus = () => void check();
    window.addEventListener('focus', onFocus);
    return () => {
      clearInterval(timer);
      window.removeEventListener('focus', onFocus);
    };
  }, [known]);

  return (
    <Snackbar open={changed} anchorOrigin={{ vertical: 'top', horizontal: 'center' }}>
      <Alert
        severity="info"
        action={
          <Button color="inherit" size="small" onClick={() => window.location.reload()}>
            {translate('selfservice.session.reload')}
          </Button>
        }
      >
        {translate('selfservice.session.userChanged')}
      </Alert>
    </Snackbar>
  );
}
