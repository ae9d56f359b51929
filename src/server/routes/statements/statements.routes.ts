import type { FastifyInstance } from 'fastify';
import type { AppDeps } from '../../app';
import {
  type CreditorVoucherListQuery,
  creditorVoucherValues,
  findCreditorVouchers,
  listCreditorVouchers,
  ownsCreditorVouchers,
  setCreditorVoucherReadStatus,
} from '../../db/repositories/creditor-voucher.repository';
import { ApiError } from '../../errors';
import { creditorIdOf } from '../../plugins/auth';
import { requirePermission } from '../../plugins/permissions';
import { buildZip, statementFileName, statementPdf } from './statement-archive';
import {
  commandSchema,
  downloadSchema,
  fileSchema,
  listSchema,
  optionsSchema,
  readAllSchema,
} from './statements.schemas';

const COMMANDS = '/creditor/creditor-voucher/command/status';
type Ids = { creditorVoucherIdentifiers: number[] };

/**
 * Creditor statements (master data, tab creditor vouchers; document 1 §7): list, filter options,
 * read/unread, one statement's PDF and the zip download. Gated by masterData.tabs.creditorVouchers, so the assistant
 * has none (roles.yaml) while the observer reads, marks and downloads them. Filter-option calls
 * answer [] on failure (spec: "empty on error"). Marking answers 204; an id that is not one of the
 * creditor's statements (unknown, another tenant's) answers 404 notFound and nothing is marked.
 */
export async function statementsRoutes(app: FastifyInstance, { db }: AppDeps): Promise<void> {
  const preHandler = requirePermission(db, 'masterData.tabs.creditorVouchers');
  const mark = async (creditorId: number, status: 'new' | 'read', ids: number[]) => {
    if (!(await ownsCreditorVouchers(db, creditorId, ids))) throw new ApiError(404, 'notFound');
    await setCreditorVoucherReadStatus(db, creditorId, status, ids);
  };

  app.get<{ Querystring: CreditorVoucherListQuery }>(
    '/creditor/creditor-voucher/list',
    { schema: listSchema, preHandler },
    (request) => listCreditorVouchers(db, creditorIdOf(request), request.query),
  );

  for (const [path, column] of [
    ['sap-number', 'sapNumber'],
    ['sap-reference-number', 'sapReferenceNumber'],
  ] as const) {
    app.get(
      `/creditor/creditor-voucher/${path}/list`,
      { schema: optionsSchema(`Distinct ${column} values of the statements`), preHandler },
      async (request) => {
        try {
          return await creditorVoucherValues(db, creditorIdOf(request), column);
        } catch (error) {
          request.log.warn({ err: error }, `creditor-voucher ${column} options failed`);
          return [];
        }
      },
    );
  }

  app.post<{ Body: Ids }>(
    `${COMMANDS}/read-multiple`,
    { schema: commandSchema('Mark statements as read'), preHandler },
    async (request, reply) => {
      await mark(creditorIdOf(request), 'read', request.body.creditorVoucherIdentifiers);
      return reply.status(204).send();
    },
  );
  app.post<{ Body: Ids }>(
    `${COMMANDS}/unread-multiple`,
    { schema: commandSchema('Mark statements as unread'), preHandler },
    async (request, reply) => {
      await mark(creditorIdOf(request), 'new', request.body.creditorVoucherIdentifiers);
      return reply.status(204).send();
    },
  );
  app.post(`${COMMANDS}/read-all`, { schema: readAllSchema, preHandler }, async (request, reply) => {
    await setCreditorVoucherReadStatus(db, creditorIdOf(request), 'read');
    return reply.status(204).send();
  });

  const creditorName = async (creditorId: number) =>
    (await db.selectFrom('creditor').select('name').where('id', '=', creditorId).executeTakeFirstOrThrow()).name;

  // one statement, opened in the browser (its read status is the client's to mark, by the command above)
  app.get<{ Params: { identifier: number } }>(
    '/creditor-voucher/:identifier/download',
    { schema: fileSchema, preHandler },
    async (request, reply) => {
      const creditorId = creditorIdOf(request);
      const [statement] = await findCreditorVouchers(db, creditorId, [request.params.identifier]);
      if (!statement) throw new ApiError(404, 'notFound');
      return reply
        .header('Content-Type', 'application/pdf')
        .header('Content-Disposition', `inline; filename="${statementFileName(statement).replace(/[^\w.-]/g, '_')}"`)
        .send(statementPdf(statement, await creditorName(creditorId)));
    },
  );

  app.get<{ Querystring: Ids }>(
    '/creditor-voucher/list-download',
    { schema: downloadSchema, preHandler },
    async (request, reply) => {
      const creditorId = creditorIdOf(request);
      const statements = await findCreditorVouchers(db, creditorId, request.query.creditorVoucherIdentifiers);
      // none of the ids is the caller's: nothing to download (and nothing revealed about other tenants)
      if (statements.length === 0) throw new ApiError(404, 'notFound');
      const name = await creditorName(creditorId);
      const used = new Set<string>();
      const files = statements.map((statement) => {
        let fileName = statementFileName(statement);
        if (used.has(fileName)) fileName = `${statement.identifier}-${fileName}`;
        used.add(fileName);
        return { name: fileName, data: statementPdf(statement, name) };
      });
      return reply
        .header('Content-Type', 'application/zip')
        .header('Content-Disposition', 'attachment; filename="Glaeubigerbelege.zip"')
        .send(buildZip(files));
    },
  );
}
