import type { FastifyInstance } from 'fastify';
import { contentDisposition } from '../files/files.routes';
import type { AppDeps } from '../../app';
import { listUnacceptedTerms } from '../../db/repositories/settings.repository';
import { ApiError } from '../../errors';
import { creditorIdOf, requireCreditorUser } from '../../plugins/auth';
import { germanText } from '../../commands/command-audit';
import { formatDate } from '../../../shared/format';
import { textPdf } from '../statements/statement-archive';

const schema = {
  tags: ['session'],
  summary: "Terms the caller's creditor has not accepted yet",
  security: [{ bearerAuth: [] }],
  response: { 200: { type: 'array', items: { $ref: 'OptInItem#' } }, '4xx': { $ref: 'ApiError#' } },
} as const;

const downloadSchema = {
  tags: ['session'],
  summary: "One terms document of the caller's product as PDF (the opt-in page's download link)",
  security: [{ bearerAuth: [] }],
  querystring: {
    type: 'object',
    properties: { source: { type: 'string', minLength: 1, maxLength: 300, description: 'the document source of the opt-in list' } },
    required: ['source'],
  },
  response: { '4xx': { $ref: 'ApiError#' } },
} as const;

/**
 * GET /user-management/list-unaccepted-terms-and-conditions (documents 1 and 2 §7) for the opt-in
 * page. Decision: the answer is a list of opt-in items, one per open approval (usually one); every
 * user of the creditor may read it, only the main user may accept (optIn.accept, enforced on the
 * approve call).
 *
 * GET /user-management/terms-document/download?source=… (the spec: "GET {file path} as blob"): the
 * document of the caller's product with that source. Decision: the documents' texts are kept by
 * the legal department outside this system, so the portal renders a one-page PDF naming the
 * document, its version and date; a real file store replaces this route's body, not its contract.
 */
export async function termsRoutes(app: FastifyInstance, { db }: AppDeps): Promise<void> {
  app.get(
    '/user-management/list-unaccepted-terms-and-conditions',
    { schema, preHandler: requireCreditorUser },
    (request) => listUnacceptedTerms(db, creditorIdOf(request)),
  );

  app.get<{ Querystring: { source: string } }>(
    '/user-management/terms-document/download',
    { schema: downloadSchema, preHandler: requireCreditorUser },
    async (request, reply) => {
      const document = await db
        .selectFrom('termsDocument')
        .selectAll()
        .where('source', '=', request.query.source)
        .where('productType', '=', request.user.product)
        .executeTakeFirst();
      if (!document) throw new ApiError(404, 'notFound');
      const title = germanText(`enums.termsDocumentType.${document.documentType}`, {}, document.productType);
      const pdf = textPdf([title, `Fassung ${document.version} vom ${formatDate(document.modifiedAt.toISOString())}`]);
      // named in German as the page lists it, not by the stored path (dataProcessingAgreement-2025.2.pdf)
      const name = `${title} ${document.version}.pdf`;
      return reply.type('application/pdf').header('content-disposition', contentDisposition(name)).send(pdf);
    },
  );
}
