/**
 * multipart/form-data parsing. The whole form is read here, before validation, into
 * `request.body` (text fields as strings, files as UploadedFile, repeated names as lists),
 * so route schemas validate it like a JSON body. Files are small pictures held in memory;
 * an oversize file is drained rather than cut off, so the client still gets a JSON answer
 * instead of a connection reset, and the route reports it as a field error.
 *
 * A form the parser cannot read (no boundary, a boundary that never appears, a body that
 * ends mid-part, garbage headers) is the client's mistake: 400, never a 500.
 */
import multipart, { type Multipart, type MultipartFile } from '@fastify/multipart';
import type { FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { MAX_UPLOAD_BYTES } from '../../../shared/limits';
import { ApiError } from '../../lib/api-error';
import { english } from '../../lib/localize';

/** A file field after parsing; JSON bodies cannot forge an instance of this class. */
export class UploadedFile {
  constructor(
    readonly filename: string,
    readonly mimetype: string,
    readonly size: number,
    readonly tooLarge: boolean,
    readonly content: Buffer,
  ) {}
}

async function readFile(part: MultipartFile): Promise<UploadedFile> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of part.file) {
    size += chunk.length;
    if (size <= MAX_UPLOAD_BYTES) chunks.push(chunk);
  }
  const tooLarge = size > MAX_UPLOAD_BYTES || part.file.truncated;
  return new UploadedFile(part.filename, part.mimetype, size, tooLarge, tooLarge ? Buffer.alloc(0) : Buffer.concat(chunks));
}

const MALFORMED = english('errors.request.badMultipart');

/** The plugin's own errors carry a 4xx status (limits, prototype names); the parser's plain Errors mean a broken form. */
function asClientError(error: unknown): unknown {
  const status = (error as { statusCode?: number }).statusCode;
  if (typeof status === 'number' && status >= 400 && status < 500) return error;
  return new ApiError(400, 'validation_error', MALFORMED);
}

async function readForm(request: FastifyRequest): Promise<Record<string, unknown>> {
  const body: Record<string, unknown> = {};
  for await (const part of request.parts() as AsyncIterableIterator<Multipart>) {
    const value = part.type === 'file' ? await readFile(part) : part.value;
    const earlier = body[part.fieldname];
    body[part.fieldname] = earlier === undefined ? value : Array.isArray(earlier) ? [...earlier, value] : [earlier, value];
  }
  return body;
}

export default fp(
  async (app) => {
    await app.register(multipart, {
      throwFileSizeLimit: false,
      // busboy stops keeping bytes past this, so memory stays bounded; tooLarge is then set.
      limits: { fileSize: MAX_UPLOAD_BYTES + 1, files: 4, fields: 30, fieldSize: 64 * 1024, parts: 40 },
    });
    app.addHook('preValidation', async (request) => {
      if (!request.isMultipart()) return;
      try {
        request.body = await readForm(request);
      } catch (error) {
        throw asClientError(error);
      }
    });
  },
  { name: 'multipart' },
);
