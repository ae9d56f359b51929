import type { FastifyInstance } from 'fastify';
import type { AppDeps } from '../../app';
import { listUnacceptedTerms } from '../../db/repositories/settings.repository';
import { creditorIdOf, requireCreditorUser } from '../../plugins/auth';

const schema = {
  tags: ['session'],
  summary: "Terms the caller's creditor has not accepted yet",
  security: [{ bearerAuth: [] }],
  response: { 200: { type: 'array', items: { $ref: 'OptInItem#' } }, '4xx': { $ref: 'ApiError#' } },
} as const;

/**
 * GET /user-management/list-unaccepted-terms-and-conditions (documents 1 and 2 §7) for the opt-in
 * page. Decision: the answer is a list of opt-in items, one per open approval (usually one); every
 * user of the creditor may read it, only the main user may accept (optIn.accept, enforced on the
 * approve call).
 */
export async function termsRoutes(app: FastifyInstance, { db }: AppDeps): Promise<void> {
  app.get(
    '/user-management/list-unaccepted-terms-and-conditions',
    { schema, preHandler: requireCreditorUser },
    (request) => listUnacceptedTerms(db, creditorIdOf(request)),
  );
}
