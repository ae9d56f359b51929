/**
 * What the adapters log through: the subset of Fastify's (pino) logger they use, which `console`
 * also satisfies, so `main.ts` can pass `app.log` and scripts or tests `console` or a spy.
 */
export interface AdapterLogger {
  info(obj: unknown, msg?: string): void;
  error(obj: unknown, msg?: string): void;
}
