import { existsSync } from 'node:fs';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance } from 'fastify';
import { installErrorHandler, notFoundBody } from '../errors';

/**
 * Serves the built client from `clientDir` and answers every other non-API GET with `index.html`
 * (the client router owns those paths). Without a build, non-API paths are plain 404s.
 */
export async function registerClient(app: FastifyInstance, clientDir?: string): Promise<void> {
  const indexFile = clientDir ? path.join(clientDir, 'index.html') : undefined;
  const hasClient = indexFile !== undefined && existsSync(indexFile);
  if (hasClient) {
    await app.register(fastifyStatic, {
      root: clientDir!,
      wildcard: false,
      index: false,
      // The build writes .br and .gz next to every asset (vite.config.ts): sent with the matching
      // Content-Encoding to clients that accept it, the plain file otherwise.
      preCompressed: true,
      // Hashed assets may be cached for good; index.html must always be revalidated.
      // (`filePath` is the compressed copy when one is sent: `index.html.br`.)
      setHeaders: (reply, filePath) => {
        const original = filePath.replace(/\.(br|gz)$/, '');
        reply.header(
          'cache-control',
          original.endsWith('index.html')
            ? 'no-cache'
            : original.includes(`${path.sep}assets${path.sep}`)
              ? 'public, max-age=31536000, immutable'
              : 'public, max-age=3600',
        );
      },
    });
  }
  // Root scope: the same JSON errors for anything that escapes the /api scope (e.g. /api/unknown).
  installErrorHandler(app);
  app.setNotFoundHandler((request, reply) => {
    const url = request.url.split('?')[0];
    if (hasClient && (request.method === 'GET' || request.method === 'HEAD') && !url.startsWith('/api')) {
      return reply.type('text/html').header('cache-control', 'no-cache').sendFile('index.html');
    }
    return reply.status(404).send(notFoundBody(request.method, url));
  });
}
