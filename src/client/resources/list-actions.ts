import type { ComponentType } from 'react';
import { DatevExportButton } from '../pages/datev/DatevExportButton';

/**
 * Hand-written actions of a list's toolbar beside the generic export and create buttons, by
 * resource name: the vouchers' DATEV export (issue 30). A button is small and comes with the list;
 * its dialog (with the form machinery) is fetched when it opens.
 */
export const listActions: Record<string, ComponentType> = {
  vouchers: DatevExportButton,
};
