import { INPUT_LIMITS, jsonDepthExceeds, translate } from '@polaris/contract';
import type { FastifyInstance } from 'fastify';
import { ValidationError } from './errors.ts';
import { requestLanguage } from './locale.ts';

/**
 * JSON bodies: the raw text is kept beside the parsed body (signed calls hash exactly the bytes that were sent),
 * and a body nested deeper than the limit is refused before parsing, so nothing later recurses through thousands
 * of levels.
 */
export function installJsonBodies(app: FastifyInstance): void {
  const parseJson = app.getDefaultJsonParser('error', 'error');
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (request, body, done) => {
    (request as typeof request & { rawBody?: string }).rawBody = body as string;
    if (jsonDepthExceeds(body as string, INPUT_LIMITS.maxDepth)) {
      const language = requestLanguage(request);
      const field = translate(language, 'fields.body');
      done(new ValidationError([{ field: 'body', message: translate(language, 'validation.tooDeep', { field }) }]));
      return;
    }
    parseJson(request, body as string, done);
  });
}
