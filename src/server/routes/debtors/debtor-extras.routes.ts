import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Kysely } from 'kysely';
import { debtorsResource } from '../../../../generated/resources/debtors';
import type { AppDeps } from '../../app';
import { listDebtorHistory, listDebtorProcessLog } from '../../db/repositories/debtor-history.repository';
import {
  customerNumbers,
  debtorNames,
  findDebtorState,
  openDebtorDecisions,
} from '../../db/repositories/debtor-extras.repository';
import { findLocationDetail } from '../../db/repositories/location.repository';
import { creditorFlags, solvencyChecksWithheld } from '../../domain/debtors/debtor.rules';
import type { Database } from '../../db/schema';
import { ApiError } from '../../errors';
import { creditorIdOf } from '../../plugins/auth';
import { isAllowedFor, requirePermission } from '../../plugins/permissions';
import {
  combine,
  DEBTOR_PERMISSION_KEYS,
  debtorStateRules,
  permissionsResponseSchema,
} from './debtor-extras.permissions';
import {
  arrayOf,
  debtorLocationParams,
  idParams,
  openDecisionsResponse,
  stringList,
} from './debtor-extras.schemas';
import { withErrors } from '../route-schemas';
import { requireAdminOfRecord } from '../admin/admin-access';

const tags = ['debtors'];

/** The creditor's flags the debtor permissions name (domain/debtors/debtor.rules.ts). */
const FLAG_KEYS = DEBTOR_PERMISSION_KEYS.filter((k) => k.flag).map((k) => k.key);
const creditorFlagsOf = (db: Kysely<Database>, request: FastifyRequest) =>
  creditorFlags(db, creditorIdOf(request), request.user.product, FLAG_KEYS);

/** Answers `[]` when loading filter options fails (document 1 §8: they fail silently). */
const emptyOnError = async (request: FastifyRequest, load: () => Promise<string[]>) => {
  try {
    return await load();
  } catch (error) {
    request.log.warn({ err: error }, `filter options ${request.url} failed`);
    return [];
  }
};

/**
 * The debtor calls of document 1 §7 beyond list and show, for creditor users of the debtor's
 * creditor (another creditor's ids are 404) behind the debtors menu permission: history,
 * permissions (evaluator + the debtor's state), a location's detail, the filter options and the
 * pending debtor decisions; and the process log for admins (admin view).
 */
export async function debtorExtrasRoutes(app: FastifyInstance, { db, clock }: AppDeps): Promise<void> {
  const gate = requirePermission(db, debtorsResource.menu!.permission!);

  app.get<{ Params: { id: number } }>(
    '/debtor/:id/history/list',
    {
      schema: withErrors({
        tags,
        summary: "A debtor's history, newest first",
        params: idParams,
        response: { 200: arrayOf('DebtorHistoryEntry') },
      }),
      preHandler: gate,
    },
    async (request) => {
      const entries = await listDebtorHistory(db, creditorIdOf(request), request.params.id);
      if (!entries) throw new ApiError(404, 'notFound');
      return entries;
    },
  );

  app.get<{ Params: { id: number } }>(
    '/debtor/:id/permissions',
    {
      schema: withErrors({
        tags,
        summary: 'Debtor-level actions allowed now (server names)',
        params: idParams,
        response: {
          200: permissionsResponseSchema(DEBTOR_PERMISSION_KEYS, 'DebtorPermissions (server names)'),
        },
      }),
      preHandler: gate,
    },
    async (request) => {
      const state = await findDebtorState(db, creditorIdOf(request), request.params.id);
      if (!state) throw new ApiError(404, 'notFound');
      const flags = await creditorFlagsOf(db, request);
      const withheld = await solvencyChecksWithheld(db, creditorIdOf(request), clock());
      const allowed = new Set<string>();
      for (const { path, flag } of DEBTOR_PERMISSION_KEYS)
        if (!flag && (await isAllowedFor(db, request, path))) allowed.add(path);
      return combine(
        DEBTOR_PERMISSION_KEYS,
        (path) => allowed.has(path),
        debtorStateRules({ ...state, solvencyWithheld: withheld }, flags, clock()),
        flags,
      );
    },
  );

  app.get<{ Params: { id: number } }>(
    '/debtor/:id/process-log/list',
    {
      schema: withErrors({
        tags,
        summary: "A debtor's process log (admin view)",
        params: idParams,
        response: { 200: arrayOf('LogItem') },
      }),
      preHandler: requireAdminOfRecord(db, 'debtor'),
    },
    async (request) => {
      const entries = await listDebtorProcessLog(db, request.params.id);
      if (!entries) throw new ApiError(404, 'notFound');
      return entries;
    },
  );

  app.get<{ Params: { debtorId: number; locationId: number } }>(
    '/debtor/:debtorId/location/:locationId',
    {
      schema: withErrors({
        tags,
        summary: 'One location of a debtor',
        params: debtorLocationParams,
        response: { 200: { $ref: 'Location#' } },
      }),
      preHandler: gate,
    },
    async (request) => {
      const { debtorId, locationId } = request.params;
      const location = await findLocationDetail(db, creditorIdOf(request), debtorId, locationId);
      if (!location) throw new ApiError(404, 'notFound');
      return location;
    },
  );

  app.get(
    '/debtor/names/list',
    {
      schema: withErrors({ tags, summary: 'Debtor names (filter options)', response: { 200: stringList } }),
      preHandler: gate,
    },
    (request) => emptyOnError(request, () => debtorNames(db, creditorIdOf(request))),
  );

  app.get(
    '/debtor/customer-number/list',
    {
      schema: withErrors({
        tags,
        summary: 'Own debtor numbers of the locations (filter options)',
        response: { 200: stringList },
      }),
      preHandler: gate,
    },
    (request) => emptyOnError(request, () => customerNumbers(db, creditorIdOf(request))),
  );

  app.get(
    '/open-debtor-decisions-debtor',
    {
      schema: withErrors({
        tags,
        summary: 'Pending debtor decisions of the creditor',
        response: { 200: openDecisionsResponse },
      }),
      preHandler: gate,
    },
    (request) => openDebtorDecisions(db, creditorIdOf(request)),
  );
}
