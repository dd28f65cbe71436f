import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { inLane } from '../../db/fair-gate.ts';
import { RATE_LIMITS } from '../../platform/rate-limits.ts';
import { PASSKIT_INPUT, type PassKitService } from './passkit.service.ts';

/** A log post or a registration is a few hundred bytes; anything much larger is not a phone's. */
const BODY_LIMIT = 16 * 1024;
/** What a `POST /v1/log` keeps: so many lines, each cut to so many characters. */
const LOG_LINES = 20;
const LOG_LINE_CHARS = 500;

type Params = Record<string, string | undefined>;

/** Every segment must match its pattern (the pass type, the serial, the device): otherwise 404, nothing looked up. */
function segments<K extends keyof typeof PASSKIT_INPUT>(params: Params, names: K[]): Record<K, string> | undefined {
  const out = {} as Record<K, string>;
  for (const name of names) {
    const value = params[name];
    if (value === undefined || !PASSKIT_INPUT[name].test(value)) return undefined;
    out[name] = value;
  }
  return out;
}

const header = (request: FastifyRequest, name: string) => {
  const value = request.headers[name];
  return typeof value === 'string' && value.length <= 200 ? value : undefined;
};

/** The body, parsed here (the scope reads it as text): a JSON object or nothing. */
function jsonObject(body: unknown): Record<string, unknown> | undefined {
  if (typeof body !== 'string') return undefined;
  try {
    const parsed: unknown = JSON.parse(body);
    return typeof parsed === 'object' && parsed !== null && !Array.isArray(parsed)
      ? (parsed as Record<string, unknown>)
      : undefined;
  } catch {
    return undefined;
  }
}

/**
 * Apple's PassKit web service, at `<webServiceURL>/v1/…` where the pass's `webServiceURL` is the public URL's origin:
 * outside the API base, and answering bare HTTP statuses rather than the envelope, as phones expect
 * (docs/activities.md "Wallet passes"). Its own scope: bodies read as text within 16 KiB and parsed here, errors
 * answered as statuses; rate-limited per address like the other public routes.
 */
export async function passKitRoutes(
  app: FastifyInstance,
  passKit: PassKitService,
  options: { rateLimit: boolean; rateLimitMultiplier: number },
): Promise<void> {
  const rateLimit = options.rateLimit
    ? {
        ...RATE_LIMITS.default,
        max: Math.max(1, Math.round(RATE_LIMITS.default.max * options.rateLimitMultiplier)),
      }
    : false;
  const config = { rateLimit };

  await app.register(async (scope) => {
    scope.removeAllContentTypeParsers();
    scope.addContentTypeParser('*', { parseAs: 'string', bodyLimit: BODY_LIMIT }, (_request, body, done) =>
      done(null, body),
    );
    scope.setErrorHandler((error: { statusCode?: number }, request, reply) => {
      const status = error.statusCode && error.statusCode >= 400 && error.statusCode < 600 ? error.statusCode : 500;
      if (status >= 500) request.log.error({ err: error }, 'PassKit web service failed');
      return reply.code(status).send();
    });
    const bare = (reply: FastifyReply, status: number) => reply.code(status).header('cache-control', 'no-store').send();

    const registration = '/v1/devices/:device/registrations/:passType/:serial';
    scope.post(registration, { config }, (request, reply) =>
      inLane('write', async () => {
        const at = segments(request.params as Params, ['device', 'passType', 'serial']);
        const pushToken = jsonObject(request.body)?.pushToken;
        if (!at) return bare(reply, 404);
        if (typeof pushToken !== 'string' || !PASSKIT_INPUT.pushToken.test(pushToken)) return bare(reply, 400);
        const answer = await passKit.register(
          at.device,
          at.passType,
          at.serial,
          header(request, 'authorization'),
          pushToken,
        );
        return bare(reply, answer.status);
      }),
    );
    scope.delete(registration, { config }, (request, reply) =>
      inLane('write', async () => {
        const at = segments(request.params as Params, ['device', 'passType', 'serial']);
        if (!at) return bare(reply, 404);
        const answer = await passKit.unregister(at.device, at.passType, at.serial, header(request, 'authorization'));
        return bare(reply, answer.status);
      }),
    );

    scope.get('/v1/devices/:device/registrations/:passType', { config }, (request, reply) =>
      inLane('read', async () => {
        const at = segments(request.params as Params, ['device', 'passType']);
        if (!at) return bare(reply, 404);
        const query = request.query as Params;
        const tag = query.passesUpdatedSince || undefined;
        if (tag !== undefined && !PASSKIT_INPUT.tag.test(tag)) return bare(reply, 400);
        const answer = await passKit.updatedSince(at.device, at.passType, tag);
        if (!('body' in answer)) return bare(reply, answer.status);
        return reply.code(200).header('cache-control', 'no-store').type('application/json').send(answer.body);
      }),
    );

    scope.get('/v1/passes/:passType/:serial', { config }, (request, reply) =>
      inLane('read', async () => {
        const at = segments(request.params as Params, ['passType', 'serial']);
        if (!at) return bare(reply, 404);
        const answer = await passKit.latest(
          at.passType,
          at.serial,
          header(request, 'authorization'),
          header(request, 'if-modified-since'),
        );
        if (!('body' in answer)) return bare(reply, answer.status);
        return reply
          .code(200)
          .header('last-modified', answer.lastModified)
          .header('cache-control', 'no-cache')
          .type('application/vnd.apple.pkpass')
          .send(answer.body);
      }),
    );

    // What Wallet reports of its own failures with our passes: logged as data, each line cut, never interpreted.
    scope.post('/v1/log', { config }, async (request, reply) => {
      const logs = jsonObject(request.body)?.logs;
      if (!Array.isArray(logs)) return bare(reply, 400);
      const lines = logs
        .filter((line): line is string => typeof line === 'string')
        .slice(0, LOG_LINES)
        .map((line) => line.slice(0, LOG_LINE_CHARS));
      request.log.warn({ passkitLog: lines }, 'Wallet reported a problem with a pass');
      return bare(reply, 200);
    });
  });
}
