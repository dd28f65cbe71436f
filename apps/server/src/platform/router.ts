import {
  API_BASE,
  findInputProblem,
  hasMessage,
  type Language,
  needsSignature,
  Status,
  toFieldErrors,
  translate,
} from '@polaris/contract';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { z } from 'zod';
import { inLane } from '../db/fair-gate.ts';
import { AppError, ValidationError } from './errors.ts';
import { requestLanguage } from './locale.ts';
import { RATE_LIMITS, type RateLimitPreset } from './rate-limits.ts';
import { type NonceStore, verifySignedRequest } from './signed-requests.ts';
import { whitelistOnce } from './whitelist.ts';

export type AuthMode = 'public' | 'user' | 'optional';

export interface SessionUser {
  id: number;
  uid: number;
  uuid: string;
  email: string;
  sessionId: number;
  /** HMAC key of the session, for signed calls. */
  signingKey: string | null;
}

type UserFor<A extends AuthMode> = A extends 'user' ? SessionUser : SessionUser | null;

export interface RouteContext<I, A extends AuthMode> {
  input: I;
  user: UserFor<A>;
  language: Language;
  request: FastifyRequest;
  reply: FastifyReply;
}

export interface RouteSpec<I extends z.ZodType, O extends z.ZodType, A extends AuthMode> {
  method: 'GET' | 'POST';
  /** Path below the API base, e.g. `/user/login`. */
  path: string;
  summary: string;
  tags: string[];
  auth: A;
  /** `false` for routes with nothing worth limiting (a static answer): the limiter costs more than they do. */
  rateLimit?: RateLimitPreset | false;
  input: I;
  /** The whitelist of what leaves the server: fields not in it are dropped. */
  output: O;
  /** Catalogue key for `msg` on success; "Success" otherwise. */
  successMessage?: string;
  /** `gated`: moves money or signs up for something paid, so it answers 580 where the region is blocked. */
  region?: 'gated';
  handler(context: RouteContext<z.output<I>, A>): Promise<z.input<O>>;
}

export interface RegisteredRoute {
  method: 'GET' | 'POST';
  path: string;
  summary: string;
  tags: string[];
  auth: AuthMode;
  input: z.ZodType;
  output: z.ZodType;
  region?: 'gated';
}

/** Keys that identify the caller; they arrive in headers or the query and are never part of a route's input. */
const IDENTITY_KEYS = new Set(['locale', 'uid', 'uuid', 'token', 'appid']);
/** Secrets that must never travel in a URL, where proxies and logs keep them. */
const SECRET_KEYS = ['password', 'vcode', 'tradePassword', 'newPassword', 'code'];

function mergeInput(request: FastifyRequest, language: Language): Record<string, unknown> {
  const query = { ...((request.query ?? {}) as Record<string, unknown>) };
  const leaked = SECRET_KEYS.filter((key) => key in query);
  if (leaked.length > 0) {
    throw new ValidationError(
      leaked.map((field) => ({ field, message: translate(language, 'validation.invalid', { field }) })),
    );
  }
  for (const key of IDENTITY_KEYS) delete query[key];
  const body = request.body;
  if (body === undefined || body === null || body === '') return refuseHostile(query, language);
  if (typeof body !== 'object' || Array.isArray(body)) {
    throw new ValidationError([{ field: 'body', message: translate(language, 'validation.malformedBody') }]);
  }
  return refuseHostile({ ...query, ...(body as Record<string, unknown>) }, language);
}

/**
 * Unsafe text, deep nesting and oversized values are refused before any schema or handler sees the input,
 * so free-form JSON (drafts, answers) is covered as well as typed fields.
 */
export function refuseHostile<T>(input: T, language: Language): T {
  const problem = findInputProblem(input);
  if (problem) {
    const leaf = problem.field.split('.').pop() ?? problem.field;
    const field = hasMessage(`fields.${leaf}`) ? translate(language, `fields.${leaf}`) : leaf;
    throw new ValidationError([
      { field: problem.field, message: translate(language, problem.messageKey, { field, ...problem.params }) },
    ]);
  }
  return input;
}

export type Authenticate = (request: FastifyRequest, mode: AuthMode) => Promise<SessionUser | null>;

/**
 * Registers routes with one shape: merge query and body, validate with zod (field errors in the caller's
 * language), authenticate, run the handler, whitelist the result through the output schema, wrap it in the
 * envelope. The registry feeds the OpenAPI document.
 */
export class Router {
  readonly routes: RegisteredRoute[] = [];

  constructor(
    private readonly app: FastifyInstance,
    private readonly authenticate: Authenticate,
    private readonly options: {
      rateLimit: boolean;
      rateLimitMultiplier: number;
      nonces: NonceStore;
      now: () => Date;
      regionBlocked: (request: FastifyRequest) => boolean;
    },
  ) {}

  route<I extends z.ZodType, O extends z.ZodType, A extends AuthMode>(spec: RouteSpec<I, O, A>): void {
    const signed = needsSignature(spec.path);
    if (signed && spec.auth !== 'user') throw new Error(`${spec.path} is signed, so it needs a logged-in user`);
    this.routes.push(spec);
    const preset = spec.rateLimit === false ? null : RATE_LIMITS[spec.rateLimit ?? 'default'];
    const present = whitelistOnce(spec.output);
    this.app.route({
      method: spec.method,
      url: `${API_BASE}${spec.path}`,
      config: {
        rateLimit:
          this.options.rateLimit && preset
            ? { ...preset, max: Math.max(1, Math.round(preset.max * this.options.rateLimitMultiplier)) }
            : false,
      },
      // On the embedded database a GET's statements wait behind writes, so payments never queue behind reads.
      handler: (request, reply) =>
        inLane(spec.method === 'GET' ? 'read' : 'write', () => this.handle(spec, signed, present, request, reply)),
    });
  }

  private async handle<I extends z.ZodType, O extends z.ZodType, A extends AuthMode>(
    spec: RouteSpec<I, O, A>,
    signed: boolean,
    present: (value: unknown) => unknown,
    request: FastifyRequest,
    reply: FastifyReply,
  ) {
    const language = requestLanguage(request);
    // Before anything is read or written: a blocked region moves nothing.
    if (spec.region === 'gated' && this.options.regionBlocked(request)) {
      throw new AppError(Status.unavailable, 'region.blocked');
    }
    const raw = mergeInput(request, language);
    const user = await this.authenticate(request, spec.auth);
    if (signed) await verifySignedRequest(request, user!, spec.path, this.options.now(), this.options.nonces);
    const parsed = spec.input.safeParse(raw);
    if (!parsed.success) throw new ValidationError(toFieldErrors(parsed.error, raw, language));
    const result = await spec.handler({
      input: parsed.data,
      user: user as UserFor<A>,
      language,
      request,
      reply,
    });
    return {
      status: Status.ok,
      msg: translate(language, spec.successMessage ?? 'ok'),
      attachment: present(result),
    };
  }
}
