import { use } from 'react';
import type { FormatRule } from '../../shared/validation/rule.types';
import { addFormat, hasFormat, LOADED_FORMATS } from '../../shared/validation/schema-interpreter';
import { IBAN_FORMAT } from '../../shared/validation/string.formats';

/**
 * The checks the form validator fetches on demand, one chunk each: `iban` brings ibantools (~5 KB
 * gzip), which a form without an IBAN field (the password pages) does not need (issue 32). Every
 * name of `LOADED_FORMATS` has a loader here (lazy-formats.spec.ts).
 */
export const FORMAT_LOADERS: Record<string, () => Promise<FormatRule>> = {
  iban: () =>
    import('../../shared/validation/iban.format').then((module) => ({
      ...IBAN_FORMAT,
      validate: module.isValidIban,
    })),
};

const usedFormats = new WeakMap<object, string[]>();

/** The fetched-on-demand formats a schema uses anywhere (also in fields it shows only on a choice). */
export function lazyFormatsIn(schema: object): string[] {
  const known = usedFormats.get(schema);
  if (known) return known;
  const found = new Set<string>();
  const visit = (node: unknown) => {
    if (!node || typeof node !== 'object') return;
    for (const [key, value] of Object.entries(node)) {
      if (key === 'format' && typeof value === 'string' && LOADED_FORMATS.includes(value)) found.add(value);
      else visit(value);
    }
  };
  visit(schema);
  usedFormats.set(schema, [...found]);
  return [...found];
}

/** The formats of the schema whose check the validator does not hold yet. */
export const missingFormats = (schema: object): string[] =>
  lazyFormatsIn(schema).filter((name) => !hasFormat(name));

const loading = new Map<string, Promise<void>>();

function loadFormat(name: string): Promise<void> {
  let promise = loading.get(name);
  if (!promise) {
    const load = FORMAT_LOADERS[name];
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
 * Fetches the checks a schema's formats need and installs them in the validator; the same promise
 * for the same formats (React's `use` needs a stable one).
 * @example await loadFormatsOf(paymentDataForm.schema) // the `iban` check is installed
 */
export function loadFormatsOf(schema: object): Promise<unknown> {
  const missing = missingFormats(schema);
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
 * Suspends the calling form until the checks of its schema's formats are installed: a form with an
 * IBAN field renders (and so validates) only once the `iban` check has come, and the check then runs
 * synchronously as before. We wait rather than validate without it, because until it is installed
 * the interpreter throws on `format: iban` (schema-interpreter.ts), which rjsf would show as a schema
 * error and never as a valid IBAN — waiting avoids that flash. A form without such a field never
 * suspends. The nearest `<Suspense>` shows meanwhile: a lazily loaded dialog's or page's spinner
 * (`lazyPage`), or the caller's own (EditCreditorDialog).
 */
export function useFormatsOf(schema: object): void {
  if (missingFormats(schema).length > 0) use(loadFormatsOf(schema));
}

/**
 * Starts fetching a schema's checks without waiting (a page that will show the form a little later).
 * @example preloadFormatsOf(applicationForm.schema)
 */
export function preloadFormatsOf(schema: object): void {
  if (missingFormats(schema).length > 0) loadFormatsOf(schema).catch(() => undefined);
}
