import { useGetIdentity, useLocaleState } from 'ra-core';
import { useApiQuery } from '../common/use-api-query';
import type { HelpCenter } from './tutorial-choice';

/** The help centre of the user's product (loaded once a user is logged in). */
export function useHelpCenter() {
  const { identity } = useGetIdentity();
  return useApiQuery<HelpCenter>('/help-center', Boolean(identity));
}

/** Picks the UI language's side of a `{ de, en }` text (German when in doubt). */
export function useLocalized(): (text: { de: string; en: string }) => string {
  const [locale] = useLocaleState();
  return (text) => (locale === 'en' ? text.en : text.de) || text.de;
}
