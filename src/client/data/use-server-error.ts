import { useNotify, useTranslate } from 'ra-core';
import { useCallback } from 'react';

/** The spec's snackbar rule: 5 s, or 8 s when the text is longer than 60 characters. */
export const snackbarDuration = (text: string): number => (text.length > 60 ? 8000 : 5000);

/**
 * The options of a snackbar that shows a text already in German as it is, for the spec's time.
 * react-admin translates a notification's message as a key; a sentence is no key, and the
 * catalogue's last resort (its last segment after a ".") would show an empty snackbar.
 *
 * @example notify(text, { type: 'success', ...asIs(text) })
 */
export const asIs = (text: string) => ({
  messageArgs: { _: text },
  autoHideDuration: snackbarDuration(text),
});

/**
 * Shows the German `serverError` text in a red snackbar — the spec's reaction to most failed calls.
 *
 * @example const serverError = useServerError(); useEffect(() => { if (error) serverError(); }, [error]);
 */
export function useServerError(): () => void {
  const notify = useNotify();
  const translate = useTranslate();
  return useCallback(() => {
    const text = translate('messages.serverError');
    notify(text, { type: 'error', ...asIs(text) });
  }, [notify, translate]);
}
