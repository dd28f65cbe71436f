import { AppError } from './errors.ts';
import { TtlCache } from './ttl-cache.ts';

/** One answer of the API: its HTTP status and its body read as JSON (undefined when the body is not JSON). */
export interface JsonAnswer {
  status: number;
  ok: boolean;
  body: unknown;
}

/** What an adapter built on `JsonApi` is given: its key, and when not its defaults, time limit, cache time and clock. */
export interface JsonApiAdapterOptions {
  apiKey: string;
  timeoutMs?: number;
  cacheMs?: number;
  now?: () => Date;
  /** Told why a call failed: the user sees only the adapter's error message. */
  log?: { warn(details: object, message: string): void };
}

interface JsonApiOptions {
  /** Without a trailing slash; paths are appended as given. */
  baseUrl: string;
  headers: Record<string, string>;
  timeoutMs: number;
  cacheMs: number;
  now: () => Date;
  /**
   * What a failure that is not yet an `AppError` becomes (a timeout, a refused connection): the adapter's own
   * error with the message the user sees when the API said nothing.
   */
  unavailable: (cause: unknown) => AppError;
  log?: { warn(details: object, message: string): void };
  /** The log line of a failed call, naming the API. */
  logMessage: string;
}

/**
 * The skeleton of an adapter to an outside JSON API (market quotes, DAO games): a GET with a time limit, its
 * answers kept per key for a while, and every failure turned into the adapter's own error and logged with why,
 * since the user sees only the error's message.
 */
export class JsonApi {
  private readonly cache: TtlCache;

  constructor(private readonly options: JsonApiOptions) {
    this.cache = new TtlCache(options.cacheMs, options.now);
  }

  /** The answer kept under `key`, or `load`'s; concurrent callers share one call and failures are not kept. */
  cached<T>(key: string, load: () => Promise<T>): Promise<T> {
    return this.cache.get(key, load);
  }

  /**
   * GETs `path` and hands the answer to `read`, which returns what the adapter needs or throws the adapter's
   * `AppError`; whatever else is thrown becomes `unavailable(cause)`. Either way the failure is logged.
   */
  async get<T>(path: string, read: (answer: JsonAnswer) => T): Promise<T> {
    const controller = new AbortController();
    const timer = setTimeout(() => controller.abort(), this.options.timeoutMs);
    try {
      const response = await fetch(`${this.options.baseUrl}${path}`, {
        headers: { accept: 'application/json', ...this.options.headers },
        signal: controller.signal,
      });
      const text = await response.text();
      let body: unknown;
      try {
        body = JSON.parse(text);
      } catch {
        body = undefined;
      }
      return read({ status: response.status, ok: response.ok, body });
    } catch (error) {
      const failure = error instanceof AppError ? error : this.options.unavailable(error);
      this.options.log?.warn(
        { path: path.split('?')[0], message: failure.messageKey, cause: String(failure.cause) },
        this.options.logMessage,
      );
      throw failure;
    } finally {
      clearTimeout(timer);
    }
  }
}
