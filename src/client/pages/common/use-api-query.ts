import { type UseQueryResult, useQuery } from '@tanstack/react-query';
import { apiFetch } from '../../data/http-client';

/** Query key prefix of the hand-written pages, so one invalidation reloads them. */
export const PAGE_QUERY = 'kontor-page';

/**
 * A GET of the API through react-query (react-admin's client), keyed by its path.
 *
 * @example const { data } = useApiQuery<Creditor>('/creditor/show');
 */
export function useApiQuery<T>(path: string, enabled = true): UseQueryResult<T> {
  return useQuery({ queryKey: [PAGE_QUERY, path], queryFn: () => apiFetch<T>(path), enabled, retry: false });
}
