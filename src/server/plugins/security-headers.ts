import type { FastifyInstance } from 'fastify';
import helmet from 'helmet';

/**
 * Security headers on every answer (helmet): a strict Content-Security-Policy the built
 * client passes (its scripts are files, never inline, and nothing is evaluated: the form validator
 * interprets the schemas, `src/client/forms/form-validator.ts`; MUI/emotion injects styles, hence inline
 * styles only), nosniff, no framing by other sites (`frame-ancestors 'none'`), no referrer to other
 * sites; and `Cache-Control: no-store` on every API answer except the public static ones, so no
 * personal JSON or CSV stays in a browser or proxy cache.
 *
 * helmet's middleware is made once here and applied in an onRequest hook: @fastify/helmet made it
 * anew for every request (its options parsed again each time, 3 % of a voucher list request's CPU).
 *
 * @example await installSecurityHeaders(app); // on the root instance, before the routes
 */
export async function installSecurityHeaders(app: FastifyInstance): Promise<void> {
  const applyHeaders = helmet({
    contentSecurityPolicy: {
      useDefaults: false,
      directives: {
        defaultSrc: ["'self'"],
        // No inline script and no eval: an injected <script> or on* attribute does not run, nor
        // does code built from a string (the forms' validator interprets schemas instead of
        // compiling them, as ajv did).
        scriptSrc: ["'self'"],
        styleSrc: ["'self'", "'unsafe-inline'"],
        imgSrc: ["'self'", 'data:', 'blob:'],
        fontSrc: ["'self'", 'data:'],
        connectSrc: ["'self'"],
        frameSrc: ["'self'", 'blob:'],
        workerSrc: ["'self'", 'blob:'],
        objectSrc: ["'none'"],
        baseUri: ["'self'"],
        formAction: ["'self'"],
        frameAncestors: ["'none'"],
      },
    },
    frameguard: { action: 'deny' },
    referrerPolicy: { policy: 'same-origin' },
    // the portal's own files only; cross-origin isolation would break PDF previews in new tabs
    crossOriginEmbedderPolicy: false,
    hsts: false,
  });
  app.addHook('onRequest', (request, reply, done) => {
    // every API answer, the API documentation too (issue 26: it describes the running version,
    // never a cached one); a route that sets its own Cache-Control later replaces it
    if (request.url.startsWith('/api/')) reply.header('cache-control', 'no-store');
    applyHeaders(request.raw, reply.raw, (error?: unknown) => done(error as Error | undefined));
  });
}
