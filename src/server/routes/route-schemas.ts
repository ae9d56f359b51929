/**
 * A generated route schema as a route uses it: the shared 4xx error body and the bearer-token
 * requirement added (OpenAPI shows both), everything else verbatim.
 *
 * @example app.route({ ...generated.list, schema: withErrors(generated.list.schema), handler })
 */
export const withErrors = <S extends { response: Record<string, unknown> }>(schema: S) => ({
  ...schema,
  security: [{ bearerAuth: [] }],
  response: { ...schema.response, '4xx': { $ref: 'ApiError#' } },
});
