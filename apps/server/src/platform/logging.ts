import type { FastifyServerOptions } from 'fastify';

const SECRET_PARAMS = /([?&](?:token|password|vcode|tradePassword|code)=)[^&#]*/gi;

/** Hide secrets that a careless client put in a URL before the URL reaches a log line. */
export function redactUrl(url: string): string {
  return url.replace(SECRET_PARAMS, '$1[redacted]');
}

export function loggerOptions(level: string, stream?: NodeJS.WritableStream): FastifyServerOptions['logger'] {
  return {
    level,
    ...(stream ? { stream } : {}),
    redact: {
      paths: [
        'req.headers.token',
        'req.headers.authorization',
        'req.headers.cookie',
        'token',
        '*.token',
        'password',
        '*.password',
      ],
      censor: '[redacted]',
    },
    serializers: {
      req: (request: { method: string; url: string; ip?: string }) => ({
        method: request.method,
        url: redactUrl(request.url),
        ip: request.ip,
      }),
    },
  };
}
