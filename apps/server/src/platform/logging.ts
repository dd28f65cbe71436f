import type { FastifyInstance, FastifyServerOptions } from 'fastify';

const SECRET_PARAMS = /([?&](?:token|password|vcode|tradePassword|code)=)[^&#]*/gi;

/** Hide secrets that a careless client put in a URL before the URL reaches a log line. */
export function redactUrl(url: string): string {
  return url.includes('=') ? url.replace(SECRET_PARAMS, '$1[redacted]') : url;
}

/**
 * One access-log line per answered request, instead of Fastify's two ("incoming request" and "request
 * completed"): on a cheap route, writing and redacting log lines cost more than the route itself. The app sets
 * `disableRequestLogging` so that this line replaces Fastify's.
 */
export function logRequests(app: FastifyInstance): void {
  app.addHook('onResponse', (request, reply, done) => {
    request.log.info(
      {
        method: request.method,
        url: redactUrl(request.url),
        status: reply.statusCode,
        ms: Math.round(reply.elapsedTime * 10) / 10,
      },
      'request',
    );
    done();
  });
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
