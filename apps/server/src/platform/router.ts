import multipart from '@fastify/multipart';
import {
  API_BASE,
  findInputProblem,
  hasMessage,
  isMoneyOut,
  type Language,
  needsSignature,
  SECOND_FACTOR_FIELD,
  Status,
  secondFactorOf,
  toFieldErrors,
  translate,
  URL_SECRET_KEYS,
} from '@polaris/contract';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { z } from 'zod';
import { inLane } from '../db/fair-gate.ts';
import { AppError, ValidationError } from './errors.ts';
import { requestLanguage } from './locale.ts';
import { noteEnvelopeStatus } from './metrics.ts';
import { RATE_LIMITS, type RateLimitPreset } from './rate-limits.ts';
import type { SecondFactorCheck, SecondFactorRelease } from './second-factor.ts';
import type { Authenticate, AuthMode, SessionUser } from './session.ts';
import { type NonceStore, verifySignedRequest } from './signed-requests.ts';
import { readUpload, type Upload, type UploadLimits } from './uploads.ts';
import { whitelistOnce } from './whitelist.ts';

type UserFor<A extends AuthMode> = A extends 'user' ? SessionUser : SessionUser | null;

export interface RouteContext<I, A extends AuthMode> {
  input: I;
  user: UserFor<A>;
  language: Language;
  request: FastifyRequest;
  reply: FastifyReply;
}

/** What every route declares, whatever it answers. */
interface RouteBase<I extends z.ZodType, A extends AuthMode> {
  method: 'GET' | 'POST';
  summary: string;
  tags: string[];
  auth: A;
  /** `false` for routes with nothing worth limiting (a static answer): the limiter costs more than they do. */
  rateLimit?: RateLimitPreset | false;
  /** The query string and JSON body, merged (the body wins). */
  input: I;
  /** `gated`: moves money or signs up for something paid, so it answers 580 where the region is blocked. */
  region?: 'gated';
}

export interface RouteSpec<I extends z.ZodType, O extends z.ZodType, A extends AuthMode> extends RouteBase<I, A> {
  /** Path below the API base, e.g. `/user/login`. */
  path: string;
  /** The whitelist of what leaves the server: fields not in it are dropped. */
  output: O;
  /** Catalogue key for `msg` on success; "Success" otherwise. */
  successMessage?: string;
  handler(context: RouteContext<z.output<I>, A>): Promise<z.input<O>>;
}

/** The `:name` segments of a path. */
type ParamNames<P extends string> = P extends `${string}:${infer Name}/${infer Rest}`
  ? Name | ParamNames<`/${Rest}`>
  : P extends `${string}:${infer Name}`
    ? Name
    : never;

/** What a file route answers on success instead of the envelope. */
interface FileAnswer {
  /** Content type, e.g. `text/calendar; charset=utf-8`. */
  type: string;
  /** Text, bytes, or an object sent as JSON. */
  body: string | Buffer | object;
  headers?: Record<string, string>;
  /** Headers every response carries that this one must not (a page other sites may frame drops X-Frame-Options). */
  withoutHeaders?: readonly string[];
}

interface RawRouteContext<I, A extends AuthMode, P extends string> extends RouteContext<I, A> {
  /** The path parameters as sent; the handler decides what a malformed one means (usually "not found"). */
  params: Record<ParamNames<P>, string>;
  /** An upload route's file, read whole and within its limit by the router (`uploads.ts`); null on other routes. */
  upload: Upload | null;
}

/**
 * A route whose success is not a JSON envelope (a file: an image, an `.ics`, a CSV, NFT metadata), or whose
 * request is not JSON (a multipart upload). Everything before the handler is the same as for `route()`: rate
 * limit with the multiplier, region gate, refusal of secrets in the URL and of hostile input, authentication,
 * validation of the query; failures answer the envelope. It is listed in the OpenAPI document too.
 */
export type RawRouteSpec<
  I extends z.ZodType,
  A extends AuthMode,
  P extends string,
  O extends z.ZodType | undefined,
> = RouteBase<I, A> & {
  /** Path below the API base; `:name` segments are path parameters. */
  path: P;
  /** An example of every path parameter, for the OpenAPI document (and the hostile-input test that reads it). */
  params: Record<ParamNames<P>, string>;
  /**
   * A multipart upload of one file in the field `file`: the router reads it within these limits before the handler
   * runs and hands it over as `upload`; a malformed body, a missing file or one over `fileSize` is refused with
   * status 400 naming `file` (`uploads.ts`), and the handler never sees it.
   */
  multipart?: UploadLimits;
} & (
    | {
        /** The content type of a success, for the OpenAPI document. */
        produces: string;
        output?: undefined;
        handler(context: RawRouteContext<z.output<I>, A, P>): Promise<FileAnswer>;
      }
    | {
        produces?: undefined;
        /** A success answers the envelope, whitelisted through this schema (an upload's result). */
        output: O & z.ZodType;
        handler(context: RawRouteContext<z.output<I>, A, P>): Promise<z.input<O & z.ZodType>>;
      }
  );

export interface RegisteredRoute {
  method: 'GET' | 'POST';
  path: string;
  summary: string;
  tags: string[];
  auth: AuthMode;
  input: z.ZodType;
  /** The envelope's attachment; absent for a file route. */
  output?: z.ZodType;
  region?: 'gated';
  /** File routes: the content type a success answers instead of the envelope. */
  produces?: string;
  /** Path parameters, each with an example. */
  params?: Record<string, string>;
  /** The request is a multipart upload, not JSON. */
  multipart?: boolean;
  /** The per-address preset (`default` when absent), or `false` for none; described in the OpenAPI document. */
  rateLimit?: RateLimitPreset | false;
}

/** Keys that identify the caller; they arrive in headers or the query and are never part of a route's input. */
const IDENTITY_KEYS = new Set(['locale', 'uid', 'uuid', 'token', 'appid']);

function mergeInput(request: FastifyRequest, language: Language): Record<string, unknown> {
  const query = { ...((request.query ?? {}) as Record<string, unknown>) };
  const leaked = URL_SECRET_KEYS.filter((key) => key in query);
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

/**
 * An operation of the second-factor table must carry the code field in its input schema (so the OpenAPI document
 * and the web client know it) and, when it acts for the caller, need a session: checked once, at registration.
 */
function assertSecondFactorField(spec: { path: string; auth: AuthMode; input: z.ZodType }) {
  const operation = secondFactorOf(spec.path);
  if (!operation) return;
  const shape = (spec.input as { shape?: Record<string, unknown> }).shape;
  if (!shape || !(SECOND_FACTOR_FIELD in shape)) {
    throw new Error(`${spec.path} asks for a second factor, so its input needs a \`${SECOND_FACTOR_FIELD}\` field`);
  }
  if (operation.account === 'session' && spec.auth !== 'user') {
    throw new Error(`${spec.path} asks for the caller's second factor, so it needs a logged-in user`);
  }
}

const pathParams = (path: string) => [...path.matchAll(/:(\w+)/g)].map((match) => match[1]!);

/**
 * Registers routes with one shape: merge query and body, validate with zod (field errors in the caller's
 * language), authenticate, run the handler, whitelist the result through the output schema, wrap it in the
 * envelope. `raw()` is the same door for the few routes that answer a file. The registry feeds the OpenAPI
 * document.
 */
export class Router {
  readonly routes: RegisteredRoute[] = [];
  /** The authenticator code a request spent at the gate, to give back if its handler refuses (nothing changed). */
  private readonly spentCodes = new WeakMap<FastifyRequest, SecondFactorRelease>();

  constructor(
    private readonly app: FastifyInstance,
    private readonly authenticate: Authenticate,
    private readonly options: {
      rateLimit: boolean;
      rateLimitMultiplier: number;
      nonces: NonceStore;
      now: () => Date;
      regionBlocked: (request: FastifyRequest) => boolean;
      /** The second-factor gate for the operations of the contract's SECOND_FACTOR_OPERATIONS (second-factor.ts). */
      secondFactor: SecondFactorCheck;
      /**
       * "May money leave this account now", for the routes of the contract's MONEY_OUT_OPERATIONS: throws the
       * refusal (a hold after a security change, a frozen account) or passes. Injected, like the region gate.
       */
      moneyOut: (userId: number) => Promise<void>;
    },
  ) {}

  route<I extends z.ZodType, O extends z.ZodType, A extends AuthMode>(spec: RouteSpec<I, O, A>): void {
    const signed = needsSignature(spec.path);
    if (signed && spec.auth !== 'user') throw new Error(`${spec.path} is signed, so it needs a logged-in user`);
    assertSecondFactorField(spec);
    if (isMoneyOut(spec.path) && spec.auth !== 'user') throw new Error(`${spec.path} moves money out: it needs a user`);
    this.routes.push(spec);
    const present = whitelistOnce(spec.output);
    /** A frozen (cached) answer's envelope, serialised once per message (language): later hits send the string. */
    const serialised = new WeakMap<object, Map<string, string>>();
    this.app.route({
      method: spec.method,
      url: `${API_BASE}${spec.path}`,
      config: { rateLimit: this.rateLimitOf(spec.rateLimit) },
      // On the embedded database a GET's statements wait behind writes, so payments never queue behind reads.
      handler: (request, reply) =>
        inLane(spec.method === 'GET' ? 'read' : 'write', async () => {
          const context = await this.prepare(spec, request, reply, signed ? spec.path : null);
          try {
            const result = await spec.handler(context);
            const envelope = this.envelope(context.language, present(result), spec.successMessage);
            if (typeof result !== 'object' || result === null || !Object.isFrozen(result)) return envelope;
            const byMessage = serialised.get(result) ?? new Map<string, string>();
            serialised.set(result, byMessage);
            const body = byMessage.get(envelope.msg) ?? JSON.stringify(envelope);
            byMessage.set(envelope.msg, body);
            noteEnvelopeStatus(request, envelope.status);
            reply.type('application/json; charset=utf-8');
            return body;
          } catch (error) {
            await this.giveBackCode(request, error);
            throw error;
          }
        }),
    });
  }

  raw<I extends z.ZodType, A extends AuthMode, P extends string, O extends z.ZodType | undefined = undefined>(
    spec: RawRouteSpec<I, A, P, O>,
  ): void {
    if (needsSignature(spec.path)) throw new Error(`${spec.path} is signed; a file route cannot be`);
    if (secondFactorOf(spec.path)) throw new Error(`${spec.path} asks for a second factor; a file route cannot`);
    const params = spec.params as Record<string, string>;
    const missing = pathParams(spec.path).filter((name) => params[name] === undefined);
    if (missing.length > 0) throw new Error(`${spec.path}: no example for ${missing.join(', ')}`);
    this.routes.push({ ...spec, multipart: spec.multipart !== undefined });
    const present = spec.output ? whitelistOnce(spec.output) : null;
    const register = (scope: FastifyInstance) =>
      scope.route({
        method: spec.method,
        url: `${API_BASE}${spec.path}`,
        config: { rateLimit: this.rateLimitOf(spec.rateLimit) },
        handler: (request, reply) =>
          inLane(spec.method === 'GET' ? 'read' : 'write', async () => {
            const prepared = await this.prepare(spec, request, reply, null);
            const context = {
              ...prepared,
              params: request.params as Record<ParamNames<P>, string>,
              upload: spec.multipart ? await readUpload(request, spec.multipart) : null,
            };
            if (present) return this.envelope(context.language, present(await spec.handler(context)));
            const answer = (await spec.handler(context)) as FileAnswer;
            for (const [name, value] of Object.entries(answer.headers ?? {})) reply.header(name, value);
            for (const name of answer.withoutHeaders ?? []) reply.raw.removeHeader(name);
            return reply.type(answer.type).send(answer.body);
          }),
      });
    const limits = spec.multipart;
    if (limits === undefined) register(this.app);
    // Multipart parsing only where it is needed: an encapsulated scope around the route.
    else
      this.app.register(async (scope) => {
        const { fileSize, files, fields, parts } = limits;
        // A body of any other type (JSON, text) is left unread: the upload reader answers "choose a file", naming `file`.
        scope.removeAllContentTypeParsers();
        scope.addContentTypeParser('*', (_request, _payload, done) => done(null, undefined));
        await scope.register(multipart, { limits: { fileSize, files, fields, parts } });
        register(scope);
      });
  }

  /** The per-address limit of a preset, scaled by RATE_LIMIT_MULTIPLIER; `false` when limits are off. */
  private rateLimitOf(preset: RateLimitPreset | false | undefined) {
    const chosen = preset === false ? null : RATE_LIMITS[preset ?? 'default'];
    if (!this.options.rateLimit || !chosen) return false as const;
    return { ...chosen, max: Math.max(1, Math.round(chosen.max * this.options.rateLimitMultiplier)) };
  }

  /**
   * Everything before a handler runs, in this order: region, secrets and hostile input, the caller, the
   * signature of a signed path, the input's schema, the money-out policy (MONEY_OUT_OPERATIONS), the second factor
   * of an operation in the contract's table.
   */
  private async prepare<I extends z.ZodType, A extends AuthMode>(
    spec: RouteBase<I, A> & { path: string },
    request: FastifyRequest,
    reply: FastifyReply,
    signedPath: string | null,
  ): Promise<RouteContext<z.output<I>, A>> {
    const language = requestLanguage(request);
    // Before anything is read or written: a blocked region moves nothing.
    if (spec.region === 'gated' && this.options.regionBlocked(request)) {
      throw new AppError(Status.unavailable, 'region.blocked');
    }
    const raw = mergeInput(request, language);
    // A public route has no caller to look up: no promise to wait for.
    const user = spec.auth === 'public' ? null : await this.authenticate(request, spec.auth);
    if (signedPath !== null) {
      await verifySignedRequest(request, user!, signedPath, this.options.now(), this.options.nonces);
    }
    const parsed = spec.input.safeParse(raw);
    if (!parsed.success) throw new ValidationError(toFieldErrors(parsed.error, raw, language));
    // Before the second factor, so a held account spends no authenticator code on a refusal.
    if (user && isMoneyOut(spec.path)) await this.options.moneyOut(user.id);
    const operation = secondFactorOf(spec.path);
    if (!operation) return { input: parsed.data, user: user as UserFor<A>, language, request, reply };
    // Exactly one verification per request, here: the code is spent, and the handler never sees it.
    const { [SECOND_FACTOR_FIELD]: code, ...input } = parsed.data as Record<string, unknown>;
    const release = await this.options.secondFactor({
      path: spec.path,
      operation,
      userId: user?.id ?? null,
      input,
      code: typeof code === 'string' ? code : undefined,
    });
    if (release) this.spentCodes.set(request, release);
    return { input: input as z.output<I>, user: user as UserFor<A>, language, request, reply };
  }

  /**
   * A refused operation (a business error: the handler changed nothing) does not spend the authenticator code
   * the gate took for it, so a typo elsewhere in the form costs no 30-second wait (docs/security-centre.md).
   */
  private async giveBackCode(request: FastifyRequest, error: unknown): Promise<void> {
    const release = this.spentCodes.get(request);
    if (!release || !(error instanceof AppError)) return;
    await release().catch(() => undefined);
  }

  private envelope(language: Language, attachment: unknown, successMessage = 'ok') {
    return { status: Status.ok, msg: translate(language, successMessage), attachment };
  }
}
