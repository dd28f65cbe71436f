import {
  type ApiRoute,
  type Envelope,
  type Language,
  NETWORK_TIMEOUT_MS,
  needsSignature,
  QUIET_STATUSES,
  REQUEST_TIMEOUT_MS,
  SESSION_INVALID_STATUSES,
  Status,
  signatureRefusalOf,
  type UploadRoute,
} from '@polaris/contract';
import { ApiError, fieldErrorsOf } from '@/lib/api-error.ts';
import { signWithKey } from '@/lib/signing-key.ts';
import { type Params, requestHeaders, requestUrl, type StoredIdentity } from './request-url.ts';

/**
 * The request layer of SPEC §7–8.
 *
 * Contract with callers: `request<T>()` (and `get`, `post`, `upload`) resolves with the envelope's `attachment`
 * only for status 200; `download()` resolves with the file. Every other outcome rejects with an `ApiError`
 * (api-error.ts), whose `kind` says what happened and whether the user was already told. Rejecting (rather than
 * resolving a union) keeps TanStack Query's error state meaningful for every hook.
 * JSON calls time out after 300 s; uploads and downloads, which move files, after 60 s (docs/decisions.md).
 */

/** The JSON body of a POST: any object, nested values and lists included. */
type JsonBody = object;

interface RequestOptions {
  method?: 'GET' | 'POST';
  params?: Params | JsonBody;
  /** Leave the `locale` query parameter off (SPEC §7: "unless the call opts out"). */
  withoutLocale?: boolean;
  /**
   * Show no toast on failure: for probes such as the master-info check. A session found dead still offers to log in
   * again: whichever call learns it first (often a silent background read) must say so, or the session would be
   * cleared without a word and every later call would find none.
   */
  silent?: boolean;
  /** Not even that: the logout call, whose session ending is the user's own doing. */
  quietSessionEnd?: boolean;
  signal?: AbortSignal;
}

/** Everything the request layer does to the outside world, injectable so every branch can be tested. */
export interface RequestEffects {
  fetch: typeof fetch;
  toast(message: string): void;
  /**
   * Resolves true when the user chose to log in again. `signingKey`: the session lives on, but this browser cannot sign
   * for it (it does not hold its key), so the prompt says to sign in again on this browser.
   */
  confirmRelogin(reason: ReloginReason): Promise<boolean>;
  goToLogin(): void;
  reload(): void;
  isLoginPageOpen(): boolean;
  readSession(): StoredIdentity;
  clearSession(): void;
  language(): Language;
  /** The session's non-extractable HMAC key (lib/signing-key.ts), or null when none was issued. */
  signingKey(): Promise<CryptoKey | null>;
  /** Clock and randomness for signed calls. */
  now(): number;
  nonce(): string;
  /** The contract's message for an HTTP status (`http.<status>`) in the user's language; undefined when there is none. */
  httpText(status: number): string | undefined;
  /** Web-only messages (network, timeout, generic failure), from the web i18n catalogue. */
  text(key: 'request.network' | 'request.timeout' | 'request.failed' | 'session.keyLost'): string;
}

type ReloginReason = 'session' | 'signingKey';

function isEnvelope(value: unknown): value is Envelope {
  return typeof value === 'object' && value !== null && typeof (value as Envelope).status === 'number';
}

/** The answer's body as JSON, or null when it is not JSON. */
function parseJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return null;
  }
}

/** Options of an upload or a download; they always have the 60 s network timeout (docs/decisions.md "Timeouts"). */
interface TransferOptions {
  /** Query parameters: flat values, as for a GET. */
  params?: Params;
  silent?: boolean;
  signal?: AbortSignal;
}

/** A file the server sent (a download): its bytes, and its name from `content-disposition` when it gave one. */
interface DownloadedFile {
  blob: Blob;
  filename: string | null;
}

type CallOptions = Omit<RequestOptions, 'method' | 'params'>;
/** A call's input may be left out when every field of it may. */
type CallArgs<In> =
  Record<never, never> extends In ? [input?: In, options?: CallOptions] : [input: In, options?: CallOptions];

export interface ApiClient {
  /**
   * A call of the contract's route table (`bountyApi.list`, …): its method and path come from the table, its input
   * and answer are typed by the contract's schemas, and development and test builds parse the answer with them.
   */
  call<In, Out>(route: ApiRoute<In, Out>, ...args: CallArgs<In>): Promise<Out>;
  request<T>(path: string, options?: RequestOptions): Promise<T>;
  get<T>(path: string, params?: Params, options?: Omit<RequestOptions, 'method' | 'params'>): Promise<T>;
  post<T>(path: string, body?: JsonBody, options?: Omit<RequestOptions, 'method' | 'params'>): Promise<T>;
  /** A multipart upload whose answer is the envelope: resolves with its attachment, typed by the contract's route. */
  upload<Out>(route: UploadRoute<Out>, body: FormData, options?: TransferOptions): Promise<Out>;
  /**
   * A file download: resolves with the file when the answer has the `accept` content type (`text/csv`); an answer
   * in the envelope (a refusal) rejects and is shown like any other call's.
   */
  download(path: string, accept: string, options?: TransferOptions): Promise<DownloadedFile>;
}

/** What leaves in one request: JSON calls, uploads and downloads all go through `send`. */
interface Outgoing {
  method: 'GET' | 'POST';
  /** Query parameters (never a secret: see SECRET_PARAMS). */
  query?: Params;
  /** A JSON text (with its content type) or a multipart form (the browser sets the boundary). */
  body?: string | FormData;
  /** The content type of a file answer; any other answer is read as the envelope. */
  file?: string;
  withoutLocale?: boolean;
  timeoutMs: number;
  silent?: boolean;
  signal?: AbortSignal;
}

/** What came back: the HTTP status, and the envelope (null when the body was not JSON) or the file. */
interface Answer {
  status: number;
  payload: unknown;
  file?: DownloadedFile;
  /** The path is one the server wants signed (`needsSignature`). */
  signed?: boolean;
}

function filenameOf(response: Response): string | null {
  return /filename="([^"]+)"/.exec(response.headers.get('content-disposition') ?? '')?.[1] ?? null;
}

/** Shows what the caller is not left to show, then rejects with the error. */
function fail(fx: RequestEffects, silent: boolean | undefined, error: ApiError): never {
  if (!silent && !error.unreported && error.kind !== 'aborted' && error.kind !== 'session') {
    fx.toast(error.message);
  }
  throw error;
}

/**
 * The one place a request leaves the app: identity, signature, timeout (counting the body's arrival too) and
 * the caller's cancellation. A failure to get an answer rejects as network, timeout or aborted.
 */
async function send(fx: RequestEffects, path: string, out: Outgoing): Promise<Answer> {
  const identity = fx.readSession();
  const language = fx.language();
  const url = requestUrl(path, out.query, { language, identity, withoutLocale: out.withoutLocale });
  const headers = requestHeaders({ language, identity, accept: out.file });
  if (typeof out.body === 'string') headers['content-type'] = 'application/json';
  const signingKey = needsSignature(path) ? await fx.signingKey() : null;
  if (signingKey) {
    if (out.body instanceof FormData) throw new Error(`a signed call cannot carry a form (${path})`);
    // ARCHITECTURE "Signed calls": the server refuses these without a fresh, single-use signature.
    const timestamp = String(fx.now());
    const nonce = fx.nonce();
    headers.timestamp = timestamp;
    headers.nonce = nonce;
    headers.authorization = await signWithKey(signingKey, {
      method: out.method,
      path,
      timestamp,
      nonce,
      body: out.body ?? '',
    });
  }

  const controller = new AbortController();
  let timedOut = false;
  const timer = setTimeout(() => {
    timedOut = true;
    controller.abort();
  }, out.timeoutMs);
  const onCallerAbort = () => controller.abort();
  out.signal?.addEventListener('abort', onCallerAbort);

  try {
    const response = await fx.fetch(url, { method: out.method, headers, body: out.body, signal: controller.signal });
    const type = response.headers.get('content-type') ?? '';
    if (out.file && response.status === 200 && type.startsWith(out.file)) {
      return {
        status: response.status,
        payload: null,
        file: { blob: await response.blob(), filename: filenameOf(response) },
      };
    }
    return { status: response.status, payload: parseJson(await response.text()), signed: needsSignature(path) };
  } catch {
    if (timedOut) return fail(fx, out.silent, new ApiError('timeout', 0, fx.text('request.timeout')));
    if (out.signal?.aborted) return fail(fx, out.silent, new ApiError('aborted', 0, 'aborted'));
    return fail(fx, out.silent, new ApiError('network', 0, fx.text('request.network')));
  } finally {
    clearTimeout(timer);
    out.signal?.removeEventListener('abort', onCallerAbort);
  }
}

export function createApiClient(effects: () => RequestEffects): ApiClient {
  // One prompt at a time: a page firing five calls with a dead token must not stack five dialogs.
  let prompting = false;

  function promptRelogin(fx: RequestEffects, reason: ReloginReason): void {
    if (prompting || fx.isLoginPageOpen()) return;
    prompting = true;
    fx.confirmRelogin(reason)
      .then((relogin) => (relogin ? fx.goToLogin() : fx.reload()))
      .finally(() => {
        prompting = false;
      });
  }

  /** The envelope's attachment for HTTP 200 + status 200; every other answer rejects (see the top of this file). */
  function settle<T>(
    fx: RequestEffects,
    { status: httpStatus, payload, signed }: Answer,
    silent?: boolean,
    quietSessionEnd?: boolean,
  ): T {
    if (httpStatus !== 200) {
      const message =
        fx.httpText(httpStatus) ?? (isEnvelope(payload) && payload.msg ? payload.msg : fx.text('request.failed'));
      return fail(
        fx,
        silent,
        new ApiError('http', httpStatus, message, isEnvelope(payload) ? payload.attachment : null),
      );
    }
    if (!isEnvelope(payload)) return fail(fx, silent, new ApiError('http', httpStatus, fx.text('request.failed')));

    const { status, msg, attachment } = payload;
    if (status === Status.ok) return attachment as T;
    if (QUIET_STATUSES.includes(status)) return fail(fx, silent, new ApiError('quiet', status, msg, attachment));
    // A signed call refused (401 `auth.signatureInvalid`): this browser does not hold the session's signing key (a
    // session copied into a new browser, storage cleared) or cannot use it. Only a new sign-in issues a key, so the
    // session is ended here and the person asked to sign in again, as for an expired one: never the protocol error.
    // A clock too far off (`stale`) is no reason to end it: a new sign-in would be refused alike, so its message, which
    // says to set the clock, is shown as any refusal.
    const keyRefused = signed && status === Status.notAllowed && signatureRefusalOf(attachment) !== 'stale';
    if (SESSION_INVALID_STATUSES.includes(status) || keyRefused) {
      fx.clearSession();
      if (!quietSessionEnd) promptRelogin(fx, keyRefused ? 'signingKey' : 'session');
      // The refusal's own words name the protocol; whatever shows this error shows the person's instead.
      const message = keyRefused ? fx.text('session.keyLost') : msg;
      return fail(fx, silent, new ApiError('session', status, message, attachment));
    }
    if (status === Status.invalid) {
      const fields = fieldErrorsOf(attachment);
      // Without a field list there is nothing to put under an input, so it becomes an ordinary failure.
      if (fields.length > 0) return fail(fx, silent, new ApiError('invalid', status, msg, attachment, fields));
    }
    return fail(fx, silent, new ApiError('business', status, msg || fx.text('request.failed'), attachment));
  }

  async function request<T>(path: string, options: RequestOptions = {}): Promise<T> {
    const fx = effects();
    const method = options.method ?? 'GET';
    const answer = await send(fx, path, {
      method,
      query: method === 'GET' ? (options.params as Params | undefined) : undefined,
      body: method === 'POST' ? JSON.stringify(options.params ?? {}) : undefined,
      withoutLocale: options.withoutLocale,
      timeoutMs: REQUEST_TIMEOUT_MS,
      silent: options.silent,
      signal: options.signal,
    });
    return settle<T>(fx, answer, options.silent, options.quietSessionEnd);
  }

  async function upload<Out>(route: UploadRoute<Out>, body: FormData, options: TransferOptions = {}): Promise<Out> {
    const fx = effects();
    const answer = await send(fx, route.path, {
      method: 'POST',
      query: options.params,
      body,
      timeoutMs: NETWORK_TIMEOUT_MS,
      silent: options.silent,
      signal: options.signal,
    });
    return settle<Out>(fx, answer, options.silent);
  }

  async function download(path: string, accept: string, options: TransferOptions = {}): Promise<DownloadedFile> {
    const fx = effects();
    const answer = await send(fx, path, {
      method: 'GET',
      query: options.params,
      file: accept,
      timeoutMs: NETWORK_TIMEOUT_MS,
      silent: options.silent,
      signal: options.signal,
    });
    if (answer.file) return answer.file;
    settle(fx, answer, options.silent);
    // A success envelope where a file was due: the server did not send what was asked for.
    return fail(fx, options.silent, new ApiError('http', answer.status, fx.text('request.failed')));
  }

  async function call<In, Out>(route: ApiRoute<In, Out>, ...[input, options]: CallArgs<In>): Promise<Out> {
    const answer = await request<Out>(route.path, {
      ...options,
      method: route.method,
      params: input as Params | JsonBody | undefined,
    });
    // Development and tests only (the production build drops this, and the schemas with it): an answer that is
    // not what the contract says fails loudly here, not three screens later.
    if (import.meta.env.DEV) (await import('./answer-check.ts')).checkAnswer(route, answer);
    return answer;
  }

  return {
    call,
    request,
    get: (path, params, options) => request(path, { ...options, method: 'GET', params }),
    post: (path, body, options) => request(path, { ...options, method: 'POST', params: body }),
    upload,
    download,
  };
}

let installed: RequestEffects | null = null;

/** Called once at boot with the real toast, dialog, router and stores (app/request-effects.ts). */
export function installRequestEffects(effects: RequestEffects): void {
  installed = effects;
}

export const api = createApiClient(() => {
  if (!installed) throw new Error('installRequestEffects() must run before the first request');
  return installed;
});
