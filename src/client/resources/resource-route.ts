import { matchPath } from 'react-router-dom';
import type { ResourceConfig } from '../../shared/config-types';

/** The selected item of a list route such as `/debtors/:type?/:id?`. */
export interface Selection {
  /** `main` or `sub` (a sub-location) */
  type: string;
  /** the id in the URL; a sub-location carries `debtorId,locationId` */
  id: string;
  /** the id of the record to load (the first part of a pair) */
  recordId: string;
  /** the second part of a pair, e.g. the location id */
  subId?: string;
}

/**
 * Reads the selected item from a path using the resource's configured route.
 *
 * @example selectionFromPath(debtors, '/debtors/sub/12,34') // { type: 'sub', id: '12,34', recordId: '12', subId: '34' }
 */
export function selectionFromPath(config: Pick<ResourceConfig, 'route'>, pathname: string): Selection | null {
  const match = matchPath(config.route, pathname);
  const id = match?.params.id;
  if (!id) return null;
  const [recordId, subId] = decodeURIComponent(id).split(',');
  return { type: match.params.type ?? 'main', id, recordId, ...(subId ? { subId } : {}) };
}

/**
 * The path of one item (or of the bare list when no id is given).
 *
 * @example itemPath(debtors, 12) // '/debtors/main/12'
 */
export function itemPath(config: Pick<ResourceConfig, 'route'>, id?: string | number, type = 'main'): string {
  const params: Record<string, string | undefined> = id === undefined ? {} : { type, id: String(id) };
  const segments = config.route.split('/').flatMap((segment) => {
    if (!segment.startsWith(':')) return [segment];
    const value = params[segment.replace(/^:|\?$/g, '')];
    // commas stay readable: a sub-location id is the pair `debtorId,locationId`
    return value === undefined ? [] : [encodeURIComponent(value).replace(/%2C/gi, ',')];
  });
  return segments.join('/') || '/';
}
