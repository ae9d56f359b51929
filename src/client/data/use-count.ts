import { useQuery } from '@tanstack/react-query';
import { apiFetch } from './http-client';

/**
 * A badge count from a `{ count }` endpoint, polled every minute. Failures stay silent and
 * give `undefined`, so no badge shows (spec: counts fail silently).
 *
 * @example const unhandled = useCount('/user-information/work-queue/count-unhandled');
 */
export function useCount(path: string, enabled = true): number | undefined {
  const { data } = useQuery({
    queryKey: ['kontor-count', path],
    queryFn: () => apiFetch<{ count?: number }>(path),
    enabled,
    retry: false,
    refetchInterval: 60_000,
  });
  return typeof data?.count === 'number' ? data.count : undefined;
}
