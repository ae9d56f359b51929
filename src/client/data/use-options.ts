import { useQuery } from '@tanstack/react-query';
import { apiFetch } from './http-client';

export interface Option {
  value: string;
  label: string;
}

/** Accepts the shapes option calls return: strings, `{value,label}`, `{id,name}`, or such a list under a key. */
export function toOptions(body: unknown): Option[] {
  const list = Array.isArray(body)
    ? body
    : body && typeof body === 'object'
      ? (Object.values(body).find(Array.isArray) ?? [])
      : [];
  return (list as unknown[]).flatMap((item): Option[] => {
    if (typeof item === 'string' || typeof item === 'number') return [{ value: String(item), label: String(item) }];
    if (item && typeof item === 'object') {
      const o = item as Record<string, unknown>;
      const value = o.value ?? o.id ?? o.identifier;
      const label = o.label ?? o.name ?? o.text ?? value;
      return value === undefined ? [] : [{ value: String(value), label: String(label) }];
    }
    return [];
  });
}

/**
 * Choices of a filter loaded from an API path; a failure gives an empty list without a message (spec).
 *
 * @example const { options } = useOptions('/debtor/names/list');
 */
export function useOptions(path: string | undefined): { options: Option[]; isPending: boolean } {
  const { data, isPending } = useQuery({
    queryKey: ['kontor-options', path],
    queryFn: async () => toOptions(await apiFetch(path!)),
    enabled: Boolean(path),
    retry: false,
    staleTime: 5 * 60_000,
  });
  return { options: data ?? [], isPending: Boolean(path) && isPending };
}
