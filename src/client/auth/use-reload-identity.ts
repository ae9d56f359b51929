import { useGetIdentity } from 'ra-core';
import { useCallback } from 'react';
import { forgetCurrentUser } from './auth-provider';

/**
 * Reads the current user again after a command changed the own account (opt-in accepted, password
 * changed, contact data confirmed), so the entry-check guard sees the new flags and lets the user on.
 *
 * @example const reload = useReloadIdentity(); await reload();
 */
export function useReloadIdentity(): () => Promise<void> {
  const { refetch } = useGetIdentity();
  return useCallback(async () => {
    forgetCurrentUser();
    await refetch();
  }, [refetch]);
}
