import { type Language, Status, translate } from '@polaris/contract';
import type { FastifyError, FastifyInstance } from 'fastify';
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
 * Every business outcome becomes HTTP 200 with the envelope. HTTP errors are kept for what no handler
 * produced: too large (413), rate limited (429), unknown route (404), crash (500), and a service out of reach (503).
 */
export function installErrorHandling(app: FastifyInstance): void {
  app.setErrorHandler((error: FastifyError | AppError, request, reply) => {
    const language = requestLanguage(request);
    if (error instanceof ValidationError) {
      const first = error.fieldErrors[0];
      return reply.send({ status: Status.invalid, msg: first?.message ?? '', attachment: error.fieldErrors });
    }
    if (error instanceof FieldsError) {
      const attachment = error.fields.map((entry) => ({
        field: entry.field,
        message: translate(language, entry.messageKey, { field: fieldLabel(language, entry.field), ...entry.params }),
      }));
      return reply.send({ status: error.status, msg: attachment[0]?.message ?? '', attachment });
    }
    if (error instanceof ServiceUnavailableError) {
      request.log.warn({ reason: String(error.cause) }, `${error.messageKey}: answered 503`);
      return reply
        .code(503)
        .header('retry-after', '5')
        .send({ status: 503, msg: translate(language, error.messageKey), attachment: null });
    }
    if (error instanceof AppError) {
      return reply.send({
        status: error.status,
        msg: translate(language, error.messageKey, error.params),
        attachment: error.attachment,
      });
    }
    const statusCode = (error as FastifyError).statusCode ?? 500;
    const code = (error as FastifyError).code;
    if (statusCode === 413 || code === 'FST_ERR_CTP_BODY_TOO_LARGE') {
      return reply.code(413).send({ status: 413, msg: translate(language, 'http.413'), attachment: null });
    }
    if (statusCode === 429) {
      return reply.code(429).send({ status: 429, msg: translate(language, 'http.429'), attachment: null });
    }
    if ((code && UNREADABLE_BODY.has(code)) || statusCode === 400 || statusCode === 415) {
      const message = translate(language, 'validation.malformedBody');
      return reply.send({ status: Status.invalid, msg: message, attachment: [{ field: 'body', message }] });
    }
    if (isConnectionLoss(error)) {
      request.log.warn({ code: (error as { code?: string }).code }, 'database connection lost; answered 503');
      return reply
        .code(503)
        .header('retry-after', '1')
        .send({ status: 503, msg: translate(language, 'http.503'), attachment: null });
    }
    request.log.error({ err: error }, 'unhandled error');
    return reply.code(500).send({ status: 500, msg: translate(language, 'http.500'), attachment: null });
  });

  app.setNotFoundHandler((request, reply) => {
    reply.code(404).send({ status: 404, msg: translate(requestLanguage(request), 'http.404'), attachment: null });
  });
}
