import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { AppDeps } from '../../app';
import {
  type CreditorHistoryQuery,
  listCreditorHistory,
} from '../../db/repositories/creditor-history.repository';
import {
  findCreditorDetail,
  findCreditorPermissions,
  findLimitAndStatus,
  findWebAppKey,
} from '../../db/repositories/creditor.repository';
import { ApiError } from '../../errors';
import { creditorIdOf, requireCreditorUser } from '../../plugins/auth';
import { isAllowedFor, requirePermission } from '../../plugins/permissions';
import {
  historySchema,
  limitAndStatusSchema,
  permissionsSchema,
  showSchema,
  webAppKeySchema,
} from './creditor.schemas';

const found = <T>(value: T | undefined): T => {
  if (value === undefined) throw new ApiError(404, 'notFound');
  return value;
};

/**
 * The caller's own creditor (document 1 §7): master data, limit and status, admin-set permissions,
 * web app key and history. Master data needs navigation.masterData; the contract parts (conditions,
 * fee period, fees) are withheld without masterData.tabs.contract (the assistant), the web app key
 * without masterData.webApp. The limit and status serve the chrome, so every creditor user gets them.
 */
export async function creditorRoutes(app: FastifyInstance, { db }: AppDeps): Promise<void> {
  const masterData = requirePermission(db, 'navigation.masterData');
  const allowed = (request: FastifyRequest, path: string) => isAllowedFor(db, request, path);

  app.get('/creditor/show', { schema: showSchema, preHandler: masterData }, async (request) => {
    const [contract, webAppKey] = await Promise.all([
      allowed(request, 'masterData.tabs.contract'),
      allowed(request, 'masterData.webApp'),
    ]);
    return found(await findCreditorDetail(db, creditorIdOf(request), { contract, webAppKey }));
  });

  app.get(
    '/current-limit-and-status',
    { schema: limitAndStatusSchema, preHandler: requireCreditorUser },
    async (request) => found(await findLimitAndStatus(db, creditorIdOf(request))),
  );

  app.get('/creditor/permissions', { schema: permissionsSchema, preHandler: masterData }, async (request) =>
    found(await findCreditorPermissions(db, creditorIdOf(request))),
  );

  app.get(
    '/creditor/web-app-key',
    { schema: webAppKeySchema, preHandler: requirePermission(db, 'masterData.webApp') },
    async (request) => found(await findWebAppKey(db, creditorIdOf(request))),
  );

  app.get<{ Querystring: CreditorHistoryQuery }>(
    '/creditor/history/list',
    { schema: historySchema, preHandler: masterData },
    async (request) =>
      listCreditorHistory(db, creditorIdOf(request), request.query, {
        contract: await allowed(request, 'masterData.tabs.contract'),
      }),
  );
}
