import multipart, { type MultipartFile } from '@fastify/multipart';
import type { FastifyInstance } from 'fastify';
import { forms } from '../../../generated/forms';
import { MAX_UPLOAD_BYTES, parseDataUrl } from '../../shared/validation';
import { typeFormFields } from '../plugins/strict-bodies';
import { ApiError } from '../errors';
import { germanText } from './command-audit';

/** The largest value of a file rule over every form's schema (schema/forms: fileCountMax, fileMaxBytes). */
function largestFormRule(rule: 'fileCountMax' | 'fileMaxBytes'): number | undefined {
  let largest: number | undefined;
  const walk = (node: unknown) => {
    if (!node || typeof node !== 'object') return;
    for (const [key, value] of Object.entries(node)) {
      if (key === rule && typeof value === 'number') largest = Math.max(largest ?? 0, value);
      else walk(value);
    }
  };
  walk(Object.values(forms).map((form) => form.schema));
  return largest;
}

/** At most this many files per request: the largest fileCountMax a form allows. */
export const MAX_FILES_PER_REQUEST = largestFormRule('fileCountMax') ?? 10;
/** At most this many bytes per file: the largest fileMaxBytes a form allows. */
const MAX_FILE_BYTES = largestFormRule('fileMaxBytes') ?? MAX_UPLOAD_BYTES;

/**
 * A multipart file as the data URL the forms' `files` fields hold
 * (`data:application/pdf;name=r.pdf;base64,…`): the generated form schema then checks it exactly as
 * the browser does (type by name/MIME AND content, size, emptiness, count).
 */
export function toDataUrl(bytes: Buffer, fileName: string, mimeType: string): string {
  const type = /^[\w.+-]+\/[\w.+-]+$/.test(mimeType) ? mimeType : 'application/octet-stream';
  return `data:${type};name=${encodeURIComponent(fileName)};base64,${bytes.toString('base64')}`;
}

/**
 * The `data-url` format of the forms' files fields on the server's validator (rjsf brings its own in
 * the browser); what a file may contain is checked by the file rules (fileTypes, fileMaxBytes …).
 */
export function addDataUrlFormat(ajv: { addFormat(name: string, format: { type: 'string'; validate(v: string): boolean }): unknown }) {
  ajv.addFormat('data-url', { type: 'string', validate: (value) => parseDataUrl(value) !== null });
}

const tooLarge = () =>
  new ApiError(400, 'validationError', germanText('validation.fileTooLarge', { max: String(Math.round(MAX_FILE_BYTES / 1_048_576)) }));

/**
 * Lets the command routes take `multipart/form-data` (forms with `submit.contentType: multipart`):
 * text parts become body fields (empty ones are left out, as an unset field), each file part a data
 * URL, repeated names an array — so a multipart body and a JSON body meet the same generated route
 * schema. A file over 10 MB or more than 10 files are refused with the German text (400) before
 * anything else runs, and so is an empty file (its own text rather than "wrong type").
 */
export async function acceptMultipartBodies(app: FastifyInstance): Promise<void> {
  await app.register(multipart, {
    attachFieldsToBody: 'keyValues',
    limits: { fileSize: MAX_FILE_BYTES, files: MAX_FILES_PER_REQUEST, fields: 40, parts: 60 },
    throwFileSizeLimit: true,
    async onFile(part: MultipartFile) {
      let bytes: Buffer;
      try {
        bytes = await part.toBuffer();
      } catch (error) {
        if ((error as { code?: string }).code === 'FST_REQ_FILE_TOO_LARGE') throw tooLarge();
        throw error;
      }
      // the first rule (document 1 §5 order, as checkUploadFile): an empty file is "empty", not a wrong type
      if (bytes.length === 0) throw new ApiError(400, 'validationError', germanText('validation.fileEmpty'));
      (part as unknown as { value: string }).value = toDataUrl(bytes, part.filename, part.mimetype);
    },
  });
  // keyValues keeps empty text parts as ''; an empty optional field is an unset one
  app.addHook('preValidation', async (request) => {
    if (!request.isMultipart() || !request.body || typeof request.body !== 'object') return;
    const body = request.body as Record<string, unknown>;
    for (const [name, value] of Object.entries(body)) {
      if (value === '' || value === 'undefined' || value === 'null') delete body[name];
    }
    // form data is text: numbers and flags typed by the body schema (the JSON body is validated strictly)
    typeFormFields(body, request.routeOptions.schema?.body as Parameters<typeof typeFormFields>[1]);
  });
  app.setErrorHandler(async (error) => {
    const code = (error as { code?: string }).code;
    if (code === 'FST_FILES_LIMIT') {
      throw new ApiError(400, 'validationError', germanText('validation.fileCountMax', { max: MAX_FILES_PER_REQUEST }));
    }
    if (code === 'FST_REQ_FILE_TOO_LARGE') throw tooLarge();
    throw error;
  });
}
