import type { FastifyInstance } from 'fastify';
import type { AppDeps } from '../app';
import { authRoutes } from './auth/auth.routes';
import { debtorsRoutes } from './debtors/debtors.routes';
import { einvoiceRoutes } from './einvoice/einvoice.routes';
import { systemRoutes } from './system/system.routes';

/**
 * Every route plugin of the API, one line each (mounted under `/api` by app.ts). A new area adds
 * its plugin here: `routes/<area>/<area>.routes.ts` exporting `async function xRoutes(app, deps)`.
 */
const ROUTE_PLUGINS = [systemRoutes, authRoutes, debtorsRoutes, einvoiceRoutes];

export async function registerRoutes(api: FastifyInstance, deps: AppDeps): Promise<void> {
  for (const plugin of ROUTE_PLUGINS) await api.register(plugin, deps);
}
