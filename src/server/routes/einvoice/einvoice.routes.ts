import multipart, { type MultipartFile } from '@fastify/multipart';
import type { FastifyInstance } from 'fastify';
import {
  type EInvoiceResult,
  lendUploadBuffer,
  MAX_EINVOICE_BYTES,
  ProcessingCode,
  processingCodeMessage,
  readEInvoiceInWorker,
} from '../../einvoice';
import { ApiError } from '../../errors';
import type { AppDeps } from '../../app';
import { collectUpload } from './collect-upload';
import { requirePermission } from '../../plugins/permissions';
import { eInvoiceDataSchema, eInvoiceFailureSchema } from './einvoice.schemas';

const UPLOAD_LIMITS = { fileSize: MAX_EINVOICE_BYTES, files: 1, fields: 10, parts: 20 };

/**
 * `POST /einvoice/read` (under `/api`): reads the uploaded e-invoice (multipart field `file`) for
 * creditor users allowed to upload vouchers, to pre-fill the voucher upload. 200 with the data read (a PDF without e-invoice
 * gives `format: "none"`), 422 `{ code, message }` with the processing code when the file is
 * refused, 413 with code 925 over 10 MB.
 *
 * @example
 * await api.register(einvoiceRoutes);
 */
export async function einvoiceRoutes(app: FastifyInstance, { db }: AppDeps): Promise<void> {
  // Registered here, encapsulated to this plugin, unless the app already parses multipart.
  if (!app.hasRequestDecorator('isMultipart')) await app.register(multipart, { limits: UPLOAD_LIMITS });
  app.addSchema(eInvoiceDataSchema);
  app.addSchema(eInvoiceFailureSchema);

  app.post(
    '/einvoice/read',
    {
      // Reading an e-invoice is the first step of a voucher upload: whoever may upload may read.
      preHandler: requirePermission(db, 'vouchers.upload'),
      // The body is multipart, read by @fastify/multipart; its schema only documents it (OpenAPI).
      validatorCompiler: () => () => true,
      schema: {
        tags: ['einvoice'],
        summary: 'Read an e-invoice (XRechnung UBL/CII, ZUGFeRD, Factur-X)',
        description:
          'multipart/form-data with one field `file` (PDF or XML, at most 10,485,760 bytes). ' +
          'Refusals answer 422 with the processing code (document 2, section 8), e.g. 925, 926, 931, 932, 934.',
        consumes: ['multipart/form-data'],
        body: {
          type: 'object',
          required: ['file'],
          properties: {
            file: { type: 'string', format: 'binary', description: 'the invoice file (PDF or XML)' },
          },
        },
        response: {
          200: { $ref: 'EInvoiceData#' },
          413: { $ref: 'EInvoiceFailure#' },
          422: { $ref: 'EInvoiceFailure#' },
          '4xx': { $ref: 'ApiError#' },
        },
      },
    },
    async (request, reply) => {
      if (!request.isMultipart()) throw new ApiError(400, 'badRequest');
      const file = await request.file({ limits: UPLOAD_LIMITS });
      if (file?.fieldname !== 'file') throw new ApiError(400, 'badRequest');
      // creditors share the reader in turn: one creditor's queue of files does not starve another's
      const owner = request.user.creditorId != null ? `creditor:${request.user.creditorId}` : `user:${request.user.id}`;
      const result = await readUpload(file, Number(request.headers['content-length']), owner);
      if (result === 'tooLarge') {
        const code = ProcessingCode.fileOrFormatFaulty;
        return reply.status(413).send({ code, message: processingCodeMessage(code) });
      }
      if (result.ok) return result.invoice;
      request.log.info(
        { code: result.code, detail: result.detail, fileName: file.filename },
        'e-invoice refused',
      );
      return reply.status(422).send({ code: result.code, message: result.message });
    },
  );
}

/**
 * Gathers the uploaded file into a reused buffer (a bounded set, owners in turn, fresh memory after a
 * wait: upload-buffers.ts) chunk by chunk (collect-upload.ts) and reads it in the reader's worker —
 * off the event loop, with a time and memory limit per document (issue 13) — handing the buffer over
 * without a copy and getting it back.
 */
async function readUpload(file: MultipartFile, lengthHint: number, owner: string): Promise<EInvoiceResult | 'tooLarge'> {
  const lease = await lendUploadBuffer(owner);
  try {
    const bytes = await collectUpload(file.file, lengthHint, MAX_EINVOICE_BYTES, lease.memory);
    if (bytes === 'tooLarge') return bytes;
    // the set's buffer comes back after the read; fresh memory is left to the worker
    return await readEInvoiceInWorker(bytes, file.filename, owner, { handOver: true, returnTo: lease.memory ? lease.giveBack : undefined });
  } finally {
    // not handed over (too large, a broken stream): the buffer goes back as it is; a handed-over one is back already
    lease.giveBack(lease.memory?.buffer ?? null);
  }
}

export default einvoiceRoutes;
