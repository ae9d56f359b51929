import type { ComponentType } from 'react';
import { lazyPage } from '../lazy/lazy-page';

/**
 * Hand-written actions of a list's toolbar beside the generic export and create buttons, by
 * resource name: the vouchers' DATEV export (issue 30). Each is fetched when its list first shows.
 */
export const listActions: Record<string, ComponentType> = {
  vouchers: lazyPage(() => import('../pages/datev/DatevExportButton'), 'DatevExportButton'),
};
