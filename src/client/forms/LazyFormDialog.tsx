import { lazyPage } from '../lazy/lazy-page';
import type { FormDialogProps } from './FormDialog';

/**
 * The generic form dialog fetched as its own chunk when it first opens: a page that shows a form
 * only behind a button (the settings tabs) does not download the form machinery (@rjsf, ajv, the
 * widgets) up front (issue 32). It waits for the whole catalogue like a page (`lazyPage`).
 *
 * @example {editing ? <LazyFormDialog form={defaultExposureTypeForm} onClose={close} /> : null}
 */
export const LazyFormDialog = lazyPage<FormDialogProps>(() => import('./FormDialog'), 'FormDialog');
