import { type Language, languageOf } from '@polaris/contract';
import type { FastifyRequest } from 'fastify';

/** The request's language: `locale` header, then `locale` query parameter, then Accept-Language. */
export function requestLanguage(request: FastifyRequest): Language {
  const header = request.headers.locale;
  if (typeof header === 'string' && header) return languageOf(header);
  const query = (request.query ?? {}) as Record<string, unknown>;
  if (typeof query.locale === 'string' && query.locale) return languageOf(query.locale);
  const accept = request.headers['accept-language'];
  if (typeof accept === 'string' && accept) return languageOf(accept.split(',')[0]?.split(';')[0]);
  return languageOf(undefined);
}
