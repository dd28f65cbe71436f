import { type Language, Status, translate } from '@polaris/contract';
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { isConnectionLoss } from '../db/client.ts';
import { AppError, FieldsError, ServiceUnavailableError, ValidationError } from './errors.ts';
import { requestLanguage } from './locale.ts';

/** Fastify's own codes for a body it could not read: the client's fault, answered as a 400 on `body`. */
const UNREADABLE_BODY = new Set([
  'FST_ERR_CTP_INVALID_JSON_BODY',
  'FST_ERR_CTP_EMPTY_JSON_BODY',
  'FST_ERR_CTP_INVALID_MEDIA_TYPE',
  'FST_ERR_CTP_INVALID_CONTENT_LENGTH',
  'FST_ERR_CTP_BODY_TOO_LARGE',
]);

function fieldLabel(language: Language, field: string): string {
  const label = translate(language, `fields.${field}`);
  return label === `fields.${field}` ? field : label;
}

/**
 * A failure's envelope carries the request's id (as the `x-request-id` header and the request's log lines do),
 * so a user's report or a client's error log leads to the server's lines about it.
 */
function failure(request: FastifyRequest, status: number, msg: string, attachment: unknown) {
  return { status, msg, attachment, requestId: request.id };
}

/**
 * Every business outcome becomes HTTP 200 with the envelope. HTTP errors are kept for what no handler
 * produced: too large (413), rate limited (429), unknown route (404), crash (500), and a service out of reach (503).
 */
export function installErrorHandling(app: FastifyInstance): void {
  app.setErrorHandler((error: FastifyError | AppError, request, reply) => {
    const language = requestLanguage(request);
    if (error instanceof ValidationError) {
      const first = error.fieldErrors[0];
      return reply.send(failure(request, Status.invalid, first?.message ?? '', error.fieldErrors));
    }
    if (error instanceof FieldsError) {
      const attachment = error.fields.map((entry) => ({
        field: entry.field,
        message: translate(language, entry.messageKey, { field: fieldLabel(language, entry.field), ...entry.params }),
      }));
      return reply.send(failure(request, error.status, attachment[0]?.message ?? '', attachment));
    }
    if (error instanceof ServiceUnavailableError) {
      request.log.warn({ reason: String(error.cause) }, `${error.messageKey}: answered 503`);
      return reply
        .code(503)
        .header('retry-after', '5')
        .send(failure(request, 503, translate(language, error.messageKey), null));
    }
    if (error instanceof AppError) {
      return reply.send(
        failure(request, error.status, translate(language, error.messageKey, error.params), error.attachment),
      );
    }
    const statusCode = (error as FastifyError).statusCode ?? 500;
    const code = (error as FastifyError).code;
    if (statusCode === 413 || code === 'FST_ERR_CTP_BODY_TOO_LARGE') {
      drainRefusedBody(request, reply);
      return reply.code(413).send(failure(request, 413, translate(language, 'http.413'), null));
    }
    if (statusCode === 429) {
      return reply.code(429).send(failure(request, 429, translate(language, 'http.429'), null));
    }
    if ((code && UNREADABLE_BODY.has(code)) || statusCode === 400 || statusCode === 415) {
      const message = translate(language, 'validation.malformedBody');
      return reply.send(failure(request, Status.invalid, message, [{ field: 'body', message }]));
    }
    if (isConnectionLoss(error)) {
      request.log.warn({ code: (error as { code?: string }).code }, 'database connection lost; answered 503');
      return reply
        .code(503)
        .header('retry-after', '1')
        .send(failure(request, 503, translate(language, 'http.503'), null));
    }
    request.log.error({ err: error }, 'unhandled error');
    return reply.code(500).send(failure(request, 500, translate(language, 'http.500'), null));
  });

  app.setNotFoundHandler((request, reply) => {
    reply.code(404).send(failure(request, 404, translate(requestLanguage(request), 'http.404'), null));
  });
}

/** How much of a refused body is read (and dropped) so that its sender gets to read the 413: 16 MiB. */
export const REFUSED_BODY_DRAIN_BYTES = 16 * 1024 * 1024;
/** How long a refused body may take to arrive before its connection is closed anyway. */
const REFUSED_BODY_DRAIN_MS = 10_000;

/**
 * Most HTTP clients write the whole body before they read anything. Fastify answers a body over the limit at
 * once and closes the connection, and a client still writing then meets EPIPE or a reset and never sees the 413.
 * So the rest of the body is read and dropped (keeping the connection, as for any answered request), as long as
 * it is worth it: one declared over REFUSED_BODY_DRAIN_BYTES, or going past it, or slower than
 * REFUSED_BODY_DRAIN_MS, is cut off as before.
 */
function drainRefusedBody(request: FastifyRequest, reply: FastifyReply) {
  const raw = request.raw;
  if (raw.complete || Number(request.headers['content-length']) > REFUSED_BODY_DRAIN_BYTES) return;
  reply.removeHeader('connection');
  let read = 0;
  const cut = () => raw.socket?.destroy();
  const timer = setTimeout(cut, REFUSED_BODY_DRAIN_MS);
  timer.unref();
  raw.on('data', (chunk: Buffer) => {
    read += chunk.length;
    if (read > REFUSED_BODY_DRAIN_BYTES) cut();
  });
  raw.once('end', () => clearTimeout(timer));
  raw.once('close', () => clearTimeout(timer));
  raw.resume();
}
