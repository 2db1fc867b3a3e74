/**
 * multipart/form-data parsing. Files are read into memory here (they are
 * small pictures) so route schemas can validate the whole body. An oversize
 * file is drained rather than cut off, so the client still gets a JSON answer
 * instead of a connection reset; the route reports it as a field error.
 */
import multipart, { type MultipartFile } from '@fastify/multipart';
import fp from 'fastify-plugin';
import { MAX_UPLOAD_BYTES } from '../../../shared/profile-contract';

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

export default fp(async (app) => {
  await app.register(multipart, {
    attachFieldsToBody: 'keyValues',
    throwFileSizeLimit: false,
    // busboy stops keeping bytes past this, so memory stays bounded; tooLarge is then set.
    limits: { fileSize: MAX_UPLOAD_BYTES + 1, files: 4, fields: 30, fieldSize: 64 * 1024, parts: 40 },
    async onFile(part: MultipartFile) {
      const chunks: Buffer[] = [];
      let size = 0;
      for await (const chunk of part.file) {
        size += chunk.length;
        if (size <= MAX_UPLOAD_BYTES) chunks.push(chunk);
      }
      const tooLarge = size > MAX_UPLOAD_BYTES || part.file.truncated;
      const file = new UploadedFile(part.filename, part.mimetype, size, tooLarge, tooLarge ? Buffer.alloc(0) : Buffer.concat(chunks));
      (part as unknown as { value: UploadedFile }).value = file;
    },
  });
}, { name: 'multipart' });
