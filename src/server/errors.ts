import type { FastifyError, FastifyInstance } from 'fastify';
import de from '../../generated/i18n/de.json' with { type: 'json' };
import { errorPath, toValidationMessage } from '../shared/validation';

/**
 * An expected failure with the spec's message key as `code`. Thrown anywhere in a request, it is
 * answered as `{ statusCode, code, message }`; any other error becomes a 500 `serverError`
 * without details (the log keeps the stack).
 *
 * @example
 * throw new ApiError(404, 'notFound');
 */
export class ApiError extends Error {
  /** why, as a message key, when `code` is a command's general failure text (changesNotSaved …) */
  reason?: string;
  /** where, when the reason is about one input field (`body/email`): the form shows it there */
  field?: string;

  constructor(
    readonly statusCode: number,
    readonly code: string,
    message?: string,
  ) {
    super(message ?? defaultMessage(code));
    this.name = 'ApiError';
  }
}

// Texts come from the generated German catalogue (`messages.<code>`, then `<code>` from the root —
// dotted keys like `commands.wrongState` walk the tree, as germanText does for refusals); a key missing
// there shows as the key itself, never as an internal error message (message-keys.spec.ts finds those).
function defaultMessage(code: string): string {
  const text = textOf(`messages.${code}`);
  return text !== `messages.${code}` ? text : textOf(code);
}

/** A dotted catalogue key's German text (`validation.iban`), or the key when there is none. */
function textOf(key: string): string {
  const text = key.split('.').reduce<unknown>((node, part) => (node as Record<string, unknown> | undefined)?.[part], de);
  return typeof text === 'string' ? text : key;
}

/** Polyglot-style placeholders: `Mindestens %{amount}`. */
const interpolate = (text: string, params: Record<string, unknown>) =>
  text.replace(/%\{(\w+)\}/g, (whole, name: string) => (name in params ? String(params[name]) : whole));

/** JSON schema of every 4xx/5xx body; routes refer to it as `ApiError#`. */
export const apiErrorSchema = {
  $id: 'ApiError',
  type: 'object',
  properties: {
    statusCode: { type: 'integer' },
    code: { type: 'string', description: 'message key, e.g. badCredentials or serverError' },
    message: { type: 'string', description: 'German text of the message' },
    reason: { type: 'string', description: 'refused commands: why, as a message key, e.g. commands.wrongState' },
    messageKey: { type: 'string', description: 'validation errors: key of the rule message, e.g. validation.iban' },
    field: {
      type: 'string',
      description: 'validation errors and refusals about one input: where, e.g. body/iban or querystring/rowsPerPage',
    },
  },
  required: ['statusCode', 'code', 'message'],
} as const;

// Fastify's own client errors by status: the message key whose German text answers them.
const CLIENT_ERROR_CODES: Record<number, string> = {
  401: 'unauthorized',
  403: 'forbidden',
  404: 'notFound',
  413: 'payloadTooLarge',
  415: 'unsupportedMediaType',
  429: 'tooManyRequests',
};

/**
 * A database refusal of a value (SQLSTATE class 22, "data exception": out of range, impossible
 * date, NUL byte, text too long …) — bad input that slipped past the schemas, so a 400, not a 500.
 */
const isDataException = (error: unknown) =>
  typeof (error as { code?: unknown }).code === 'string' && /^22[0-9A-Z]{3}$/.test((error as { code: string }).code);

/**
 * A multipart body the parser (busboy) could not read: cut off, no boundary, a broken part header.
 * These come as plain errors without a status, so they are recognised by where they come from.
 */
const isMalformedMultipart = (error: Error, contentType: unknown) =>
  String(contentType ?? '').startsWith('multipart/') &&
  (/busboy|dicer/i.test(error.stack ?? '') || /multipart|boundary|part header|end of form/i.test(error.message));

/**
 * Installs the error handler of one scope: every error becomes `{ statusCode, code, message }` with a
 * message key and its German text — never the validator's or a library's internal text. Bodies are
 * serialised with JSON.stringify, so a route's own schema for that status (e.g. the e-invoice
 * route's 413) can never make the error answer itself fail.
 */
export function installErrorHandler(app: FastifyInstance): void {
  app.setErrorHandler((error: FastifyError | ApiError, request, reply) => {
    reply.serializer(JSON.stringify).type('application/json; charset=utf-8');
    // a 429 of the login defence or the rate limit says how many seconds to wait
    const retryAfter = (error as { retryAfter?: unknown }).retryAfter;
    if (typeof retryAfter === 'number' && retryAfter > 0) reply.header('retry-after', String(retryAfter));
    if (error instanceof ApiError) {
      return reply
        .status(error.statusCode)
        .send({
          statusCode: error.statusCode,
          code: error.code,
          message: error.message,
          ...(error.reason ? { reason: error.reason } : {}),
          ...(error.field ? { field: error.field } : {}),
        });
    }
    const validation = (error as FastifyError).validation;
    if (validation?.length) {
      // The same message key and German text as the browser form shows for the same mistake
      // (src/shared/validation); `field` points at the offending value.
      const first = validation[0] as Parameters<typeof toValidationMessage>[0];
      const { key, params } = toValidationMessage(first);
      return reply.status(400).send({
        statusCode: 400,
        code: 'validationError',
        message: interpolate(textOf(key), params),
        messageKey: key,
        field: `${(error as FastifyError).validationContext ?? ''}${errorPath(first)}`,
      });
    }
    if (isDataException(error)) {
      request.log.warn({ err: error }, 'value refused by the database');
      return reply.status(400).send({ statusCode: 400, code: 'validationError', message: defaultMessage('validationError') });
    }
    if (!(error as FastifyError).statusCode && isMalformedMultipart(error, request.headers['content-type'])) {
      return reply.status(400).send({ statusCode: 400, code: 'badRequest', message: defaultMessage('badRequest') });
    }
    if (isDatabaseUnavailable(error)) {
      // the database restarted or cannot be reached: the transaction never committed, the pool
      // opens new connections by itself; the caller may simply try again
      request.log.warn({ err: error }, 'database unavailable');
      reply.header('retry-after', '5');
      return reply.status(503).send({ statusCode: 503, code: 'databaseUnavailable', message: defaultMessage('databaseUnavailable') });
    }
    const status = (error as FastifyError).statusCode ?? 500;
    if (status >= 400 && status < 500) {
      // Fastify's own client errors (bad JSON, unsupported media type, body too large, too many parts).
      const code = CLIENT_ERROR_CODES[status] ?? 'badRequest';
      return reply.status(status).send({ statusCode: status, code, message: defaultMessage(code) });
    }
    request.log.error({ err: error }, 'unexpected error');
    return reply
      .status(500)
      .send({ statusCode: 500, code: 'serverError', message: defaultMessage('serverError') });
  });
}

/** PostgreSQL classes 08 (connection exception) and 57P (operator intervention: terminated, shutting down). */
const UNAVAILABLE_SQLSTATE = /^(08|57P0[1-3])/;
const UNAVAILABLE_NODE_CODES = new Set(['ECONNREFUSED', 'ECONNRESET', 'EPIPE', 'ETIMEDOUT', 'ENOTFOUND', 'EHOSTUNREACH']);
const UNAVAILABLE_MESSAGES =
  /Connection terminated|connection error and is not queryable|timeout exceeded when trying to connect|not currently accepting connections|the database system is (starting up|shutting down|in recovery mode)/i;

/**
 * Whether an error means the database cannot be reached right now (restart, failover, network):
 * such a request answers 503 `databaseUnavailable` instead of a 500.
 *
 * @example isDatabaseUnavailable(Object.assign(new Error('terminating connection'), { code: '57P01' })) // true
 */
export function isDatabaseUnavailable(error: unknown): boolean {
  for (let e = error as { code?: unknown; message?: unknown; cause?: unknown } | undefined, depth = 0; e && depth < 4; e = e.cause as typeof e, depth++) {
    const code = typeof e.code === 'string' ? e.code : '';
    if (UNAVAILABLE_SQLSTATE.test(code) || UNAVAILABLE_NODE_CODES.has(code)) return true;
    if (typeof e.message === 'string' && UNAVAILABLE_MESSAGES.test(e.message)) return true;
  }
  return false;
}

/** The 404 body for a path no route serves. */
export function notFoundBody(method: string, url: string) {
  return { statusCode: 404, code: 'notFound', message: `${method} ${url.split('?')[0]} does not exist` };
}
