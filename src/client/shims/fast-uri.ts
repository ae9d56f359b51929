/**
 * The two calls @rjsf/utils makes of fast-uri (`$ref` lookups in `findSchemaDefinition.js`), for the
 * browser build instead of fast-uri (~7 KB gzip of every form page, issue 32): no generated form
 * has a `$ref`, so rjsf only ever resolves a fragment against a form's `$id` (`'#'`,
 * `'AbandonmentForm'`). `fast-uri.spec.ts` fails when a form gets a `$ref` and checks both calls
 * against fast-uri.
 */
const withoutFragment = (uri: string) => (uri.includes('#') ? uri.slice(0, uri.indexOf('#')) : uri);

/**
 * A reference resolved against a base: a fragment replaces the base's, anything else as URLs do.
 *
 * @example resolve('AbandonmentForm', '#/definitions/x') // 'AbandonmentForm#/definitions/x'
 */
function resolve(base: string, ref: string): string {
  if (ref.startsWith('#')) return withoutFragment(base) + ref;
  try {
    return new URL(ref, base).href;
  } catch {
    return ref;
  }
}

/** Whether two URIs name the same thing (as given; the forms' `$id`s are plain names). */
function equal(a: string, b: string): boolean {
  return a === b;
}

export default { resolve, equal };
