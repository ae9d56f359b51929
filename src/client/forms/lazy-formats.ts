import { use } from 'react';
import type { LazyFormat } from '../../../generated/validation';
import type { FormConfig } from '../../shared/config-types';
import type { FormatRule } from '../../shared/validation/rule.types';
import { addFormat, hasFormat } from '../../shared/validation/schema-interpreter';
import { IBAN_FORMAT } from '../../shared/validation/string.formats';

/**
 * The checks the form validator fetches on demand, one chunk each: `iban` brings ibantools (~5 KB
 * gzip), which a form without an IBAN field (the password pages) does not need (issue 32). One
 * loader for each format schema/validation.yaml marks `lazy` (`LazyFormat`, generated; the
 * interpreter's `LOADED_FORMATS` is the same list): a format added there fails to compile here
 * until it has its loader.
 */
export const FORMAT_LOADERS: Record<LazyFormat, () => Promise<FormatRule>> = {
  iban: () =>
    import('../../shared/validation/iban.format').then((module) => ({
      ...IBAN_FORMAT,
      validate: module.isValidIban,
    })),
};

/** A form as these functions read it: the formats it fetches on demand, by their fields (generated). */
export type LazyFormatsOwner = Pick<FormConfig, 'lazyFormats'>;

/**
 * The fetched-on-demand formats a form uses (also in fields it shows only on a choice): from its
 * generated config (`lazyFormats`, derived from the schema when generating), not its schema.
 */
export const lazyFormatsOf = (form: LazyFormatsOwner): string[] =>
  Object.entries(form.lazyFormats ?? {})
    .filter(([, fields]) => fields.length > 0)
    .map(([format]) => format);

/** The formats of the form whose check the validator does not hold yet. */
export const missingFormats = (form: LazyFormatsOwner): string[] =>
  lazyFormatsOf(form).filter((name) => !hasFormat(name));

const loading = new Map<string, Promise<void>>();

function loadFormat(name: string): Promise<void> {
  let promise = loading.get(name);
  if (!promise) {
    const load = FORMAT_LOADERS[name as LazyFormat];
    if (!load) return Promise.reject(new Error(`no loader for the format "${name}"`));
    promise = load().then(addFormat);
    // a failed fetch (network) is tried again by the next form that needs it
    promise.catch(() => loading.delete(name));
    loading.set(name, promise);
  }
  return promise;
}

const waiting = new Map<string, Promise<unknown>>();

/**
 * Fetches the checks a form's formats need and installs them in the validator; the same promise
 * for the same formats (React's `use` needs a stable one).
 * @example await loadFormatsOf(paymentDataForm) // the `iban` check is installed
 */
export function loadFormatsOf(form: LazyFormatsOwner): Promise<unknown> {
  const missing = missingFormats(form);
  const key = missing.join(',');
  let promise = waiting.get(key);
  if (!promise) {
    promise = Promise.all(missing.map(loadFormat));
    promise.then(
      () => waiting.delete(key),
      () => waiting.delete(key),
    );
    waiting.set(key, promise);
  }
  return promise;
}

/**
 * Suspends the calling form until the checks of its formats are installed: a form with an
 * IBAN field renders (and so validates) only once the `iban` check has come, and the check then runs
 * synchronously as before. We wait rather than validate without it, because until it is installed
 * the interpreter throws on `format: iban` (schema-interpreter.ts), which rjsf would show as a schema
 * error and never as a valid IBAN — waiting avoids that flash. A form without such a field never
 * suspends. The nearest `<Suspense>` shows meanwhile: a lazily loaded dialog's or page's spinner
 * (`lazyPage`), or the caller's own (EditCreditorDialog).
 */
export function useFormatsOf(form: LazyFormatsOwner): void {
  if (missingFormats(form).length > 0) use(loadFormatsOf(form));
}

/**
 * Starts fetching a form's checks without waiting (a page that will show the form a little later).
 * @example preloadFormatsOf(applicationForm)
 */
export function preloadFormatsOf(form: LazyFormatsOwner): void {
  if (missingFormats(form).length > 0) loadFormatsOf(form).catch(() => undefined);
}
