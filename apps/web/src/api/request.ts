import {
  API_BASE,
  type Envelope,
  type FieldError,
  hasMessage,
  LANGUAGE_LOCALE,
  type Language,
  NETWORK_TIMEOUT_MS,
  needsSignature,
  QUIET_STATUSES,
  REQUEST_TIMEOUT_MS,
  SESSION_INVALID_STATUSES,
  Status,
  translate,
  URL_SECRET_KEYS,
} from '@polaris/contract';
import { signWithKey } from '@/lib/signing-key.ts';

/**
 * The request layer of SPEC §7–8.
 *
 * Contract with callers: `request<T>()` resolves with the envelope's `attachment` only for status 200.
 * Every other outcome rejects with an `ApiError`. Its `kind` says what happened and whether the user was
 * already told:
 *   - 'quiet'   (414, 409, 468, 580, 404): nothing shown; the caller decides (read `status`, `msg`, `attachment`).
 *   - 'invalid' (400 with a field list): nothing shown; the form puts `fields` under its inputs.
 *   - 'session' (9999, 0): session cleared, the one-time "log in again" prompt is shown.
 *   - 'business' | 'http' | 'network' | 'timeout': a toast was shown.
 *   - 'aborted': the caller cancelled (e.g. TanStack Query unmounted); nothing shown.
 * Rejecting (rather than resolving a union) keeps TanStack Query's error state meaningful for every hook.
 */

export type ApiErrorKind = 'quiet' | 'invalid' | 'session' | 'business' | 'http' | 'network' | 'timeout' | 'aborted';

export class ApiError extends Error {
  constructor(
    readonly kind: ApiErrorKind,
    /** The envelope status, or the HTTP status for kind 'http', or 0 when nothing came back. */
    readonly status: number,
    message: string,
    readonly attachment: unknown = null,
    readonly fields: FieldError[] = [],
  ) {
    super(message);
    this.name = 'ApiError';
  }

  /** True when the request layer has not shown anything, so the caller should. */
  get unreported(): boolean {
    return this.kind === 'quiet' || this.kind === 'invalid';
  }
}

export function isApiError(error: unknown, kind?: ApiErrorKind): error is ApiError {
  return error instanceof ApiError && (kind === undefined || error.kind === kind);
}

/**
 * Whether a failed read means "there is no such thing": the server answered 404, or refused the request only
 * because of the field that names the thing (an unknown asset code, say). Pages show their not-found state
 * for it, and an error with a retry for anything else.
 */
export function isNotFound(error: unknown, idField?: string): boolean {
  if (!isApiError(error)) return false;
  if (error.status === Status.notFound) return true;
  return (
    idField !== undefined &&
    error.kind === 'invalid' &&
    error.fields.length > 0 &&
    error.fields.every((field) => field.field === idField)
  );
}

/** Query parameters of a GET: flat values only, since they travel in the URL. */
export type Params = Record<string, string | number | boolean | null | undefined>;
/** The JSON body of a POST: any object, nested values and lists included. */
export type JsonBody = object;

export interface RequestOptions {
  method?: 'GET' | 'POST';
  params?: Params | JsonBody;
  /** Leave the `locale` query parameter off (SPEC §7: "unless the call opts out"). */
  withoutLocale?: boolean;
  /** Uploads and downloads use the shorter network timeout. */
  transfer?: boolean;
  /** Show nothing on failure (no toast, no prompt): for probes such as the master-info check. */
  silent?: boolean;
  signal?: AbortSignal;
}

export interface StoredIdentity {
  token?: string | null;
  uid?: string | null;
  uuid?: string | null;
}

/** Everything the request layer does to the outside world, injectable so every branch can be tested. */
export interface RequestEffects {
  fetch: typeof fetch;
  toast(message: string): void;
  /** Resolves true when the user chose to log in again. */
  confirmRelogin(): Promise<boolean>;
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
  /** Web-only messages (network, timeout, generic failure), from the web i18n catalogue. */
  text(key: 'request.network' | 'request.timeout' | 'request.failed'): string;
}

export const APP_ID = 'polarisex-web';

/**
 * The server refuses these in a URL; failing here makes the mistake visible in development. This client also
 * keeps the token out of URLs (the server accepts it there only from old clients).
 */
const SECRET_PARAMS: readonly string[] = [...URL_SECRET_KEYS, 'token'];

function isFieldError(value: unknown): value is FieldError {
  return (
    typeof value === 'object' &&
    value !== null &&
    typeof (value as FieldError).field === 'string' &&
    typeof (value as FieldError).message === 'string'
  );
}

export function fieldErrorsOf(attachment: unknown): FieldError[] {
  return Array.isArray(attachment) ? attachment.filter(isFieldError) : [];
}

function isEnvelope(value: unknown): value is Envelope {
  return typeof value === 'object' && value !== null && typeof (value as Envelope).status === 'number';
}

async function readJson(response: Response): Promise<unknown> {
  try {
    return await response.json();
  } catch {
    return null;
  }
}

export interface ApiClient {
  request<T>(path: string, options?: RequestOptions): Promise<T>;
  get<T>(path: string, params?: Params, options?: Omit<RequestOptions, 'method' | 'params'>): Promise<T>;
  post<T>(path: string, body?: JsonBody, options?: Omit<RequestOptions, 'method' | 'params'>): Promise<T>;
}

export function createApiClient(effects: () => RequestEffects): ApiClient {
  // One prompt at a time: a page firing five calls with a dead token must not stack five dialogs.
  let prompting = false;

  function promptRelogin(fx: RequestEffects): void {
    if (prompting || fx.isLoginPageOpen()) return;
    prompting = true;
    fx.confirmRelogin()
      .then((relogin) => (relogin ? fx.goToLogin() : fx.reload()))
      .finally(() => {
        prompting = false;
      });
  }

  function buildUrl(fx: RequestEffects, path: string, options: RequestOptions, identity: StoredIdentity): string {
    const query = new URLSearchParams();
    if (options.method === 'GET' && options.params) {
      for (const [key, value] of Object.entries(options.params)) {
        if (SECRET_PARAMS.includes(key)) throw new Error(`"${key}" must not travel in a URL (${path})`);
        if (value !== undefined && value !== null) query.set(key, String(value));
      }
    }
    if (!options.withoutLocale) query.set('locale', LANGUAGE_LOCALE[fx.language()]);
    if (identity.uid) query.set('uid', identity.uid);
    if (identity.uuid) query.set('uuid', identity.uuid);
    const search = query.toString();
    return `${API_BASE}${path}${search ? `?${search}` : ''}`;
  }

  function buildHeaders(fx: RequestEffects, identity: StoredIdentity, hasBody: boolean): Record<string, string> {
    const headers: Record<string, string> = {
      accept: 'application/json',
      appid: APP_ID,
      locale: LANGUAGE_LOCALE[fx.language()],
    };
    if (hasBody) headers['content-type'] = 'application/json';
    if (identity.uid) headers.uid = identity.uid;
    if (identity.uuid) headers.uuid = identity.uuid;
    if (identity.token) headers.token = identity.token;
    return headers;
  }

  async function request<T>(path: string, options: RequestOptions = {}): Promise<T> {
    const fx = effects();
    const method = options.method ?? 'GET';
    const identity = fx.readSession();
    const url = buildUrl(fx, path, { ...options, method }, identity);
    const body = method === 'POST' ? JSON.stringify(options.params ?? {}) : undefined;
    const headers = buildHeaders(fx, identity, body !== undefined);
    const signingKey = needsSignature(path) ? await fx.signingKey() : null;
    if (signingKey) {
      // ARCHITECTURE "Signed calls": the server refuses these without a fresh, single-use signature.
      const timestamp = String(fx.now());
      const nonce = fx.nonce();
      headers.timestamp = timestamp;
      headers.nonce = nonce;
      headers.authorization = await signWithKey(signingKey, { method, path, timestamp, nonce, body: body ?? '' });
    }

    const fail = (error: ApiError): never => {
      if (!options.silent && !error.unreported && error.kind !== 'aborted' && error.kind !== 'session') {
        fx.toast(error.message);
      }
      throw error;
    };

    const controller = new AbortController();
    let timedOut = false;
    const timer = setTimeout(
      () => {
        timedOut = true;
        controller.abort();
      },
      options.transfer ? NETWORK_TIMEOUT_MS : REQUEST_TIMEOUT_MS,
    );
    const onCallerAbort = () => controller.abort();
    options.signal?.addEventListener('abort', onCallerAbort);

    let response: Response;
    try {
      response = await fx.fetch(url, {
        method,
        headers,
        body,
        signal: controller.signal,
      });
    } catch {
      if (timedOut) return fail(new ApiError('timeout', 0, fx.text('request.timeout')));
      if (options.signal?.aborted) return fail(new ApiError('aborted', 0, 'aborted'));
      return fail(new ApiError('network', 0, fx.text('request.network')));
    } finally {
      clearTimeout(timer);
      options.signal?.removeEventListener('abort', onCallerAbort);
    }

    const payload = await readJson(response);
    if (response.status !== 200) {
      const key = `http.${response.status}`;
      const message = hasMessage(key)
        ? translate(fx.language(), key)
        : isEnvelope(payload) && payload.msg
          ? payload.msg
          : fx.text('request.failed');
      return fail(new ApiError('http', response.status, message, isEnvelope(payload) ? payload.attachment : null));
    }
    if (!isEnvelope(payload)) return fail(new ApiError('http', response.status, fx.text('request.failed')));

    const { status, msg, attachment } = payload;
    if (status === Status.ok) return attachment as T;
    if (QUIET_STATUSES.includes(status)) return fail(new ApiError('quiet', status, msg, attachment));
    if (SESSION_INVALID_STATUSES.includes(status)) {
      fx.clearSession();
      if (!options.silent) promptRelogin(fx);
      return fail(new ApiError('session', status, msg, attachment));
    }
    if (status === Status.invalid) {
      const fields = fieldErrorsOf(attachment);
      // Without a field list there is nothing to put under an input, so it becomes an ordinary failure.
      if (fields.length > 0) return fail(new ApiError('invalid', status, msg, attachment, fields));
    }
    return fail(new ApiError('business', status, msg || fx.text('request.failed'), attachment));
  }

  return {
    request,
    get: (path, params, options) => request(path, { ...options, method: 'GET', params }),
    post: (path, body, options) => request(path, { ...options, method: 'POST', params: body }),
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
