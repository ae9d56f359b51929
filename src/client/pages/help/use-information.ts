import { useQueryClient } from '@tanstack/react-query';
import { useGetIdentity } from 'ra-core';
import { useCallback } from 'react';
import { apiFetch } from '../../data/http-client';
import { PAGE_QUERY, useApiQuery } from '../common/use-api-query';

/** One entry of `GET /api/user-info/list`. */
export interface InformationEntry {
  key: string;
  title: { de: string; en: string };
  text: { de: string; en: string };
  from: string;
  until: string;
  active: boolean;
  seen: boolean;
}

const PATH = '/user-info/list';

/** The important information of the user's product, and marking a pop-up seen. */
export function useInformation() {
  const { identity } = useGetIdentity();
  const query = useApiQuery<{ entries: InformationEntry[] }>(PATH, Boolean(identity));
  const queryClient = useQueryClient();
  const markSeen = useCallback(
    async (key: string) => {
      await apiFetch(`/user-info/${encodeURIComponent(key)}/seen`, { method: 'POST' });
      await queryClient.invalidateQueries({ queryKey: [PAGE_QUERY, PATH] });
    },
    [queryClient],
  );
  return { query, markSeen };
}
