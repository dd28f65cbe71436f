import type { FastifyRequest } from 'fastify';
import { FieldsError } from './errors.ts';

/** What an upload route declares: its limits, and the catalogue keys of its own "missing" and "too large". */
export interface UploadLimits {
  /** Largest file accepted, in bytes. A file one byte larger is refused whole and nothing of it is kept. */
  fileSize: number;
  files: number;
  fields: number;
  parts: number;
  /** "Please choose an image file"; `validation.uploadMissing` otherwise. */
  missing?: string;
  /** "The image must be at most {{max}} MB", given `max` in MiB; `validation.uploadTooLarge` otherwise. */
  tooLarge?: string;
}

/** The one file of a multipart upload, read whole and within its limit. */
export interface Upload {
  bytes: Buffer;
  filename: string;
  mimetype: string;
}

/** The multipart field that carries the file, on every upload route. */
const UPLOAD_FIELD = 'file';

/**
 * Reads the file of a multipart upload for the router, before the route's handler runs, so no route reads a
 * request's parts itself. Every way a body can be wrong answers status 400 naming `file`, never a 5xx:
 *
 * - not multipart, or multipart without a file named `file`: "choose a file" (the route's own message);
 * - larger than `fileSize`: "at most N MB", every time. @fastify/multipart cuts a file at the limit and says so only
 *   through `truncated` (or an error raised after the last chunk, which a reader that stops early never sees), so
 *   the stream is read to its end and the size and `truncated` are checked after it; nothing is handed on;
 * - malformed (no boundary, another boundary, cut before the closing boundary, too many parts, files or fields):
 *   "the upload could not be read". The whole body is read to its closing boundary before the file is handed on,
 *   so a body cut after the file's bytes is refused too.
 */
export async function readUpload(request: FastifyRequest, limits: UploadLimits): Promise<Upload> {
  const missing = () =>
    new FieldsError([{ field: UPLOAD_FIELD, messageKey: limits.missing ?? 'validation.uploadMissing' }]);
  const tooLarge = () =>
    new FieldsError([
      {
        field: UPLOAD_FIELD,
        messageKey: limits.tooLarge ?? 'validation.uploadTooLarge',
        params: { max: limits.fileSize / 1_048_576 },
      },
    ]);
  if (!request.isMultipart()) throw missing();
  let upload: Upload | null = null;
  let over = false;
  try {
    for await (const part of request.parts()) {
      if (part.type !== 'file') continue;
      const wanted = part.fieldname === UPLOAD_FIELD && upload === null && !over;
      const chunks: Buffer[] = [];
      let size = 0;
      // Read every file to its end (busboy parses on only when it is), keeping only the wanted one's bytes.
      for await (const chunk of part.file as AsyncIterable<Buffer>) {
        size += chunk.length;
        if (wanted && size <= limits.fileSize) chunks.push(chunk);
      }
      if (!wanted) continue;
      if (part.file.truncated || size > limits.fileSize) over = true;
      else upload = { bytes: Buffer.concat(chunks), filename: part.filename, mimetype: part.mimetype };
    }
  } catch (error) {
    if ((error as { code?: string }).code === 'FST_REQ_FILE_TOO_LARGE') throw tooLarge();
    throw new FieldsError([{ field: UPLOAD_FIELD, messageKey: 'validation.uploadMalformed' }]);
  }
  if (over) throw tooLarge();
  if (upload === null) throw missing();
  return upload;
}
