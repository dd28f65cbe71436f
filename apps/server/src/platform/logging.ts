import { randomUUID } from 'node:crypto';
import type { IncomingMessage } from 'node:http';
import type { FastifyInstance, FastifyServerOptions } from 'fastify';
import { type Logger, pino } from 'pino';
import { currentContext } from './context.ts';

/** What a caller (or the load balancer) may choose as a request's id: a short token that is safe in a log line. */
const SAFE_REQUEST_ID = /^[A-Za-z0-9._:-]{1,64}$/;

/**
 * The request's id (Fastify's `request.id`, `reqId` in log lines, `x-request-id` on the answer, `requestId` in a
 * failure's envelope): the caller's `x-request-id` when it is a short safe token, so one id follows a request
 * through the load balancer and this node, else a new random one (unique across nodes, unlike a counter).
 */
function requestIdOf(request: IncomingMessage): string {
  const given = request.headers['x-request-id'];
  return typeof given === 'string' && SAFE_REQUEST_ID.test(given) ? given : randomUUID();
}

const SECRET_PARAMS = /([?&](?:token|password|vcode|tradePassword|code)=)[^&#]*/gi;

/** The calendar feed's secret token is a path segment (calendar apps cannot send headers). */
const FEED_TOKEN = /(\/calendar\/feed\/)[^/?#]+?(\.ics)/;

/** Hide secrets that a careless client put in a URL, and the feed token in its path, before a log line. */
function redactUrl(url: string): string {
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
function serializeError(error: unknown): {
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
  // The line's fields are known and hold no secret (the URL is redacted here), so it skips pino's redaction pass,
  // which walks every line for the configured paths (about 40 % of the line's cost).
  const access = app.log.child({}, { redact: [] });
  app.addHook('onRequest', (request, reply, done) => {
    reply.header('x-request-id', request.id);
    done();
  });
  app.addHook('onResponse', (request, reply, done) => {
    access.info(
      {
        reqId: request.id,
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

/** Fastify's options for request ids: ours, from `requestIdOf` (logged as `reqId`, Fastify's label). */
export const requestIdOptions = {
  genReqId: requestIdOf,
  requestIdHeader: false,
} as const satisfies FastifyServerOptions;

/**
 * A line written during a request through a logger other than the request's own (a service given the app's
 * logger) still names the request: its id comes from the request's context (platform/context.ts). The
 * request's own logger already carries it, so it is not added twice.
 */
function requestIdMixin(_object: object, _level: number, logger: Logger): object {
  const reqId = currentContext()?.reqId;
  // A new object each time: pino merges the line's own fields into it.
  if (reqId === undefined || boundReqId(logger)) return {};
  return { reqId };
}

/**
 * Whether the logger already carries a `reqId` (a request's own logger does). Read from pino's serialised
 * bindings rather than `bindings()`, which parses them back into an object on every line.
 */
function boundReqId(logger: Logger): boolean {
  const chindings = (logger as unknown as Record<symbol, unknown>)[pino.symbols.chindingsSym];
  return typeof chindings === 'string' ? chindings.includes('"reqId":') : 'reqId' in logger.bindings();
}

/**
 * Where lines go without a stream of our own: stdout, written in blocks of up to 4 KB and at least every second,
 * instead of one synchronous write per line (a cheap request's access line cost it a tenth of its CPU in that
 * write). One per process, shared by its apps; pino flushes what is pending when the process exits.
 */
let stdout: ReturnType<typeof pino.destination> | null = null;
function bufferedStdout(): NodeJS.WritableStream {
  if (!stdout) {
    const destination = pino.destination({ dest: 1, minLength: 4096, sync: false });
    setInterval(() => {
      try {
        destination.flush();
      } catch {
        // Closed, or a write under way: the next tick of the timer or the exit writes it.
      }
    }, 1000).unref();
    stdout = destination;
  }
  return stdout as unknown as NodeJS.WritableStream;
}

export function loggerOptions(level: string, stream?: NodeJS.WritableStream): FastifyServerOptions['logger'] {
  return {
    level,
    ...(stream ? { stream } : level === 'silent' ? {} : { stream: bufferedStdout() }),
    mixin: requestIdMixin,
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
