import { useQueries, useQuery } from '@tanstack/react-query';
import { apiFetch } from '../data/http-client';
import { PAGE_QUERY } from '../pages/common/use-api-query';
import { permissionsPath, type RecordPermissions } from './action-permissions';

// Keyed like the hand-written pages' queries, so react-admin's refresh after a command reloads them.
const queryOf = (path: string | undefined) => ({
  queryKey: [PAGE_QUERY, path],
  queryFn: () => apiFetch<RecordPermissions>(path!),
  enabled: path !== undefined,
  retry: false,
});

/**
 * What the server accepts right now for one record (GET /debtor/{id}/permissions …); without a
 * permissions call for the entity, nothing is asked.
 *
 * @example const { data } = useRecordPermissions('debtor', 12); // { update_debtor_data: true, … }
 */
export function useRecordPermissions(entity: string | undefined, id: unknown) {
  return useQuery(queryOf(permissionsPath(entity, id)));
}

/**
 * The permissions answers of several records of one entity (the locations a picker offers): the
 * answer of each id, and whether any is still loading or failed.
 */
export function useRecordsPermissions(entity: string | undefined, ids: (string | number)[]) {
  const results = useQueries({ queries: ids.map((id) => queryOf(permissionsPath(entity, id))) });
  const answers = new Map<string, RecordPermissions | undefined>(
    ids.map((id, index) => [String(id), results[index]?.data]),
  );
  return {
    answerOf: (id: string | number) => answers.get(String(id)),
    isPending: entity !== undefined && results.some((result) => result.isPending),
    error: results.find((result) => result.error)?.error ?? null,
    refetch: () => Promise.all(results.map((result) => result.refetch())),
  };
}
