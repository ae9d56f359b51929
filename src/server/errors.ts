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

  constructor(
    readonly statusCode: number,
    readonly code: string,
    message?: string,
  ) {
    super(message ?? defaultMessage(code));
    this.name = 'ApiError';
  }
}

// Texts come from the generated German catalogue (`messages.<code>`, schema/texts); a key missing
// there shows as the key itself, never as an internal error message.
const catalogue = (de as { messages?: Record<string, unknown> }).messages ?? {};

function defaultMessage(code: string): string {
  const text = catalogue[code];
  return typeof text === 'string' ? text : code;
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
    field: { type: 'string', description: 'validation errors: where, e.g. body/iban or querystring/rowsPerPage' },
    detail: { type: 'string', description: 'validation errors: the validator\'s own technical text' },
  },
  required: ['statusCode', 'code', 'message'],
} as const;

/** Installs the error handler of one scope: every error becomes `{ statusCode, code, message }`. */
export function installErrorHandler(app: FastifyInstance): void {
  app.setErrorHandler((error: FastifyError | ApiError, request, reply) => {
    if (error instanceof ApiError) {
      return reply
        .status(error.statusCode)
        .send({
          statusCode: error.statusCode,
          code: error.code,
          message: error.message,
          ...(error.reason ? { reason: error.reason } : {}),
        });
    }
    const validation = (error as FastifyError).validation;
    if (validation?.length) {
      // The same message key and German text as the browser form shows for the same mistake
      // (src/shared/validation); `field` points at the offending value, ajv's own text is `detail`.
      const first = validation[0] as Parameters<typeof toValidationMessage>[0];
      const { key, params } = toValidationMessage(first);
      return reply.status(400).send({
        statusCode: 400,
        code: 'validationError',
        message: interpolate(textOf(key), params),
        messageKey: key,
        field: `${(error as FastifyError).validationContext ?? ''}${errorPath(first)}`,
        detail: error.message,
      });
    }
    const status = (error as FastifyError).statusCode ?? 500;
    if (status >= 400 && status < 500) {
      // Fastify's own client errors (bad JSON, unsupported media type, body too large): their text is safe.
      const code = status === 401 ? 'unauthorized' : status === 404 ? 'notFound' : 'badRequest';
      return reply.status(status).send({ statusCode: status, code, message: error.message });
    }
    request.log.error({ err: error }, 'unexpected error');
    return reply
      .status(500)
      .send({ statusCode: 500, code: 'serverError', message: defaultMessage('serverError') });
  });
}

/** The 404 body for a path no route serves. */
export function notFoundBody(method: string, url: string) {
  return { statusCode: 404, code: 'notFound', message: `${method} ${url.split('?')[0]} does not exist` };
}
