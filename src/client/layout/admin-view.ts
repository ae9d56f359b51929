import { useGetIdentity } from 'ra-core';
import { useCallback, useSyncExternalStore } from 'react';
import { readPreviewProduct } from '../auth/product-preview';
import { STORAGE_KEYS, storage } from './storage-keys';

/*
 * The toolbar's admin-view toggle (document 2 §2 "Toolbar: admin-view toggle for admins (kept in
 * local storage)"; document 1 §2 "process log (admin view)"). Decision: admins are in the creditor
 * views only while they act as a creditor user, so the toggle is offered then (not in a product
 * preview, which is no admin); on, the details also show the admin-only tabs (`adminView` in the
 * resource YAML: the process logs). Off — the default — the admin sees exactly what the user sees.
 */

const CHANGED = 'kontor:admin-view';

const subscribe = (notify: () => void) => {
  window.addEventListener(CHANGED, notify);
  window.addEventListener('storage', notify);
  return () => {
    window.removeEventListener(CHANGED, notify);
    window.removeEventListener('storage', notify);
  };
};
const read = () => storage()?.getItem(STORAGE_KEYS.adminView) === 'true';

/** Whether the toggle is offered: an admin acting as a creditor user. */
export function useAdminViewAvailable(): boolean {
  const { identity } = useGetIdentity();
  return Boolean(identity?.impersonated) && !readPreviewProduct();
}

/**
 * The admin view: on only while it is offered and switched on; the setter keeps the choice.
 *
 * @example const [adminView, setAdminView] = useAdminView(); tabs.filter((tab) => !tab.adminView || adminView);
 */
export function useAdminView(): [boolean, (on: boolean) => void] {
  const available = useAdminViewAvailable();
  const stored = useSyncExternalStore(subscribe, read, () => false);
  const set = useCallback((on: boolean) => {
    storage()?.setItem(STORAGE_KEYS.adminView, String(on));
    window.dispatchEvent(new Event(CHANGED));
  }, []);
  return [available && stored, set];
}
