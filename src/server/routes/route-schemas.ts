/** The shared error body of every 4xx answer (`{ statusCode, code, message }`, see errors.ts). */
export const errorResponses = { '4xx': { $ref: 'ApiError#' } } as const;

/**
 * A generated route schema as a route uses it: the shared 4xx error body and the bearer-token
 * requirement added (OpenAPI shows both), everything else verbatim.
 *
 * @example app.route({ ...generated.list, schema: withErrors(generated.list.schema), handler })
 */
export const withErrors = <S extends { response: Record<string, unknown> }>(schema: S) => ({
  ...schema,
  security: [{ bearerAuth: [] }],
  response: { ...schema.response, ...errorResponses },
});
