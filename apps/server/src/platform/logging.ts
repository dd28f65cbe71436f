import type { FastifyInstance, FastifyServerOptions } from 'fastify';

const SECRET_PARAMS = /([?&](?:token|password|vcode|tradePassword|code)=)[^&#]*/gi;

/** The calendar feed's secret token is a path segment (calendar apps cannot send headers). */
const FEED_TOKEN = /(\/calendar\/feed\/)[^/?#]+?(\.ics)/;

/** Hide secrets that a careless client put in a URL, and the feed token in its path, before a log line. */
export function redactUrl(url: string): string {
  const query = url.includes('=') ? url.replace(SECRET_PARAMS, '$1[redacted]') : url;
  return query.includes('/calendar/feed/') ? query.replace(FEED_TOKEN, '$1[redacted]$2') : query;
}

/** PostgreSQL's fields that name what failed without quoting any value. */
const DATABASE_FIELDS = ['code', 'severity', 'constraint', 'table', 'column', 'routine'] as const;

type LoggedError = { type: string; message: string; stack: string; [key: string]: unknown };

/**
 * Errors as they reach the log: type, message, code and stack, nothing else. A failed query's bind parameters
 * (drizzle puts them in the message, `params` and the stack; PostgreSQL quotes values in `detail`) and an SMTP
 * server's reply (which may quote the mail, codes included) never do.
 */
export function serializeError(error: unknown): {
  type: string;
  message: string;
  stack: string;
  [key: string]: unknown;
} {
  if (!(error instanceof Error)) return { type: typeof error, message: String(error), stack: '' };
  const failed = error as Error & { query?: unknown; params?: unknown; cause?: unknown; responseCode?: unknown };
  const entry: LoggedError = { type: error.name, message: '', stack: '', code: (error as { code?: unknown }).code };
  if (typeof failed.query === 'string' && 'params' in failed) {
    entry.message = `Failed query: ${failed.query}`;
    const cause = failed.cause as Record<string, unknown> | undefined;
    if (cause && typeof cause === 'object') {
      entry.cause = Object.fromEntries(
        DATABASE_FIELDS.filter((key) => cause[key] !== undefined).map((key) => [key, cause[key]]),
      );
    }
  } else if (failed.responseCode !== undefined || (error as { command?: unknown }).command !== undefined) {
    entry.message =
      `mail server refused: ${String(failed.responseCode ?? '')} ${String((error as { command?: unknown }).command ?? '')}`.trim();
  } else {
    entry.message = error.message;
  }
  // The stack's first line repeats the message; only the frames are kept.
  entry.stack = (error.stack ?? '')
    .split('\n')
    .filter((line) => line.trimStart().startsWith('at '))
    .join('\n');
  return entry;
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
      err: serializeError,
      req: (request: { method: string; url: string; ip?: string }) => ({
        method: request.method,
        url: redactUrl(request.url),
        ip: request.ip,
      }),
    },
  };
}
