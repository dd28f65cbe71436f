import { randomUUID } from 'node:crypto';

/** Janus did not answer: down, unreachable, too slow, or it forgot our session. */
export class JanusUnavailableError extends Error {}

/** Janus no longer knows our session: the next request opens a new one. */
class SessionLostError extends JanusUnavailableError {}

/** Janus or the VideoRoom plugin refused a request; `code` is Janus's (465 bad SDP, 427 room exists, …). */
export class JanusError extends Error {
  constructor(
    readonly code: number,
    reason: string,
  ) {
    super(`Janus ${code}: ${reason}`);
  }
}

export interface Jsep {
  type: 'offer' | 'answer';
  sdp: string;
  trickle?: boolean;
}

/** A message of the Janus API: replies, acks, and the events the long poll brings. */
export interface JanusEvent {
  janus: string;
  sender?: number;
  transaction?: string;
  data?: { id: number };
  error?: { code: number; reason: string };
  plugindata?: { plugin: string; data: Record<string, unknown> };
  jsep?: Jsep;
  reason?: string;
}

export interface PluginReply {
  data: Record<string, unknown>;
  jsep?: Jsep;
}

export interface JanusClientOptions {
  /** The HTTP transport's base path, e.g. `http://127.0.0.1:8088/janus`. */
  url: string;
  /** Janus's `api_secret`, when it is set (janus.jcfg). */
  apiSecret?: string;
  /** How long a request, or the event that completes an asynchronous one, may take. */
  timeoutMs?: number;
  /** Events that belong to a handle rather than to a request: webrtcup, hangup, detached, plugin events. */
  onEvent?: (handle: number, event: JanusEvent) => void;
  /** Janus forgot our session (it restarted, or the session timed out): every handle went with it. */
  onSessionLost?: () => void;
}

const PLUGIN = 'janus.plugin.videoroom';
const NO_SUCH_SESSION = 458;
const NO_SUCH_HANDLE = 459;
/**
 * Janus drops a session after `session_timeout` (60 s by default) without a request. A long poll counts only when
 * it starts and may wait 30 s for events, so a keepalive every 15 s keeps the session alive at any timeout ≥ 20 s.
 */
const KEEPALIVE_MS = 15_000;
/** A long poll that keeps failing for this long means the session is gone as far as we can tell. */
const GIVE_UP_POLLING_MS = 60_000;

interface Waiter {
  resolve: (event: JanusEvent) => void;
  reject: (error: Error) => void;
  timer: NodeJS.Timeout;
}

/**
 * The Janus API over its HTTP transport: one Janus session for this process, a handle per peer connection, requests
 * as POSTs, and events through one long poll (`GET /janus/<session>?maxev=`), which Janus answers with up to
 * `maxev` events or a keepalive after 30 s. Plain `fetch`, no WebSocket client needed.
 */
export class JanusClient {
  private session: Promise<number> | null = null;
  private readonly waiting = new Map<string, Waiter>();
  private poller: AbortController | null = null;
  private keepalive: NodeJS.Timeout | undefined;
  private readonly timeoutMs: number;

  constructor(private readonly options: JanusClientOptions) {
    this.timeoutMs = options.timeoutMs ?? 10_000;
  }

  /** A new handle on the VideoRoom plugin. */
  async attach(retry = true): Promise<number> {
    const sessionId = await this.sessionId();
    try {
      const reply = await this.post(`/${sessionId}`, { janus: 'attach', plugin: PLUGIN }, sessionId);
      if (!reply.data) throw new JanusUnavailableError(`Janus did not attach (${reply.janus})`);
      return reply.data.id;
    } catch (error) {
      // A session Janus dropped (it restarted) is replaced once, so the first viewer after a restart connects.
      if (retry && error instanceof SessionLostError) return this.attach(false);
      throw error;
    }
  }

  async detach(handle: number): Promise<void> {
    const sessionId = await this.session?.catch(() => undefined);
    if (sessionId === undefined) return;
    try {
      await this.post(`/${sessionId}/${handle}`, { janus: 'detach' }, sessionId);
    } catch (error) {
      const gone = error instanceof SessionLostError || (error instanceof JanusError && error.code === NO_SUCH_HANDLE);
      if (!gone) throw error;
    }
  }

  /**
   * A VideoRoom request. Synchronous ones (create, destroy, listparticipants) are answered in the reply; the others
   * (join, configure, start, switch) are acked, and their result comes through the long poll with our transaction.
   */
  async message(handle: number, body: Record<string, unknown>, jsep?: Jsep): Promise<PluginReply> {
    const sessionId = await this.sessionId();
    const transaction = randomUUID();
    const event = this.expect(transaction);
    let reply: JanusEvent;
    try {
      reply = await this.post(`/${sessionId}/${handle}`, { janus: 'message', body, jsep, transaction }, sessionId);
    } catch (error) {
      this.forget(transaction);
      throw error;
    }
    if (reply.janus === 'success') {
      this.forget(transaction);
      return pluginReply(reply);
    }
    return pluginReply(await event);
  }

  /** Ends the long poll and the keepalives and destroys the Janus session (every handle in it). */
  async stop(): Promise<void> {
    const session = this.session;
    this.session = null;
    this.poller?.abort();
    clearInterval(this.keepalive);
    this.rejectWaiting(new JanusUnavailableError('Janus client stopped'));
    const sessionId = await session?.catch(() => undefined);
    if (sessionId !== undefined) await this.post(`/${sessionId}`, { janus: 'destroy' }).catch(() => {});
  }

  private sessionId(): Promise<number> {
    if (!this.session) {
      const opening = this.post('', { janus: 'create' }).then((reply) => {
        if (!reply.data) throw new JanusUnavailableError('Janus did not create a session');
        this.listen(reply.data.id);
        return reply.data.id;
      });
      this.session = opening;
      opening.catch(() => {
        if (this.session === opening) this.session = null;
      });
    }
    return this.session;
  }

  private listen(sessionId: number) {
    const poller = new AbortController();
    this.poller = poller;
    clearInterval(this.keepalive);
    this.keepalive = setInterval(() => {
      this.post(`/${sessionId}`, { janus: 'keepalive' }, sessionId).catch(() => {});
    }, KEEPALIVE_MS);
    void this.poll(sessionId, poller.signal);
  }

  private async poll(sessionId: number, signal: AbortSignal) {
    let failingSince = 0;
    while (!signal.aborted) {
      try {
        const response = await fetch(
          `${this.options.url}/${sessionId}?maxev=20&rid=${Date.now()}${this.secretQuery()}`,
          {
            signal: AbortSignal.any([signal, AbortSignal.timeout(45_000)]),
          },
        );
        // Janus answers an unknown session's long poll with 404 (or an error event): it restarted or timed us out.
        if (response.status === 404) return this.lose(sessionId);
        const body = (await response.json()) as JanusEvent | JanusEvent[];
        failingSince = 0;
        for (const event of Array.isArray(body) ? body : [body]) this.dispatch(sessionId, event);
      } catch {
        if (signal.aborted) return;
        failingSince ||= Date.now();
        if (Date.now() - failingSince > GIVE_UP_POLLING_MS) return this.lose(sessionId);
        await new Promise((resolve) => setTimeout(resolve, 1000));
      }
    }
  }

  private dispatch(sessionId: number, event: JanusEvent) {
    if (event.janus === 'keepalive') return;
    if (event.janus === 'timeout' || (event.janus === 'error' && event.error?.code === NO_SUCH_SESSION)) {
      return this.lose(sessionId);
    }
    const waiter = event.transaction ? this.waiting.get(event.transaction) : undefined;
    if (waiter && event.transaction) {
      this.forget(event.transaction);
      const error = errorOf(event);
      if (error) waiter.reject(error);
      else waiter.resolve(event);
      return;
    }
    if (event.sender !== undefined) this.options.onEvent?.(event.sender, event);
  }

  private async lose(sessionId: number) {
    const current = await this.session?.catch(() => undefined);
    if (current !== sessionId) return;
    this.session = null;
    this.poller?.abort();
    clearInterval(this.keepalive);
    this.rejectWaiting(new SessionLostError('Janus lost our session'));
    this.options.onSessionLost?.();
  }

  private expect(transaction: string): Promise<JanusEvent> {
    const promise = new Promise<JanusEvent>((resolve, reject) => {
      const timer = setTimeout(() => {
        this.waiting.delete(transaction);
        reject(new JanusUnavailableError(`Janus did not complete the request in ${this.timeoutMs} ms`));
      }, this.timeoutMs);
      this.waiting.set(transaction, { resolve, reject, timer });
    });
    // Settled by the long poll, perhaps after the POST already failed; the caller awaits it only after an ack.
    promise.catch(() => {});
    return promise;
  }

  private forget(transaction: string) {
    clearTimeout(this.waiting.get(transaction)?.timer);
    this.waiting.delete(transaction);
  }

  private rejectWaiting(error: Error) {
    for (const [transaction, waiter] of this.waiting) {
      this.forget(transaction);
      waiter.reject(error);
    }
  }

  private async post(path: string, body: Record<string, unknown>, sessionId?: number): Promise<JanusEvent> {
    const payload = { transaction: randomUUID(), ...body, apisecret: this.options.apiSecret };
    let reply: JanusEvent;
    try {
      const response = await fetch(`${this.options.url}${path}`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify(payload),
        signal: AbortSignal.timeout(this.timeoutMs),
      });
      if (!response.ok) throw new Error(`HTTP ${response.status}`);
      reply = (await response.json()) as JanusEvent;
    } catch (error) {
      const cause = (error as { cause?: { code?: string } }).cause?.code ?? (error as Error).message;
      throw new JanusUnavailableError(`Janus at ${this.options.url} did not answer (${cause})`);
    }
    if (reply.error?.code === NO_SUCH_SESSION && sessionId !== undefined) {
      await this.lose(sessionId);
      throw new SessionLostError('Janus lost our session');
    }
    const error = errorOf(reply);
    if (error) throw error;
    return reply;
  }

  private secretQuery() {
    return this.options.apiSecret ? `&apisecret=${encodeURIComponent(this.options.apiSecret)}` : '';
  }
}

/** Janus's own errors and the plugin's (`error_code` in the plugin data) alike. */
function errorOf(event: JanusEvent): JanusError | null {
  if (event.janus === 'error') return new JanusError(event.error?.code ?? 0, event.error?.reason ?? 'error');
  const data = event.plugindata?.data;
  if (data && typeof data.error_code === 'number') return new JanusError(data.error_code, String(data.error ?? ''));
  return null;
}

function pluginReply(event: JanusEvent): PluginReply {
  return { data: event.plugindata?.data ?? {}, ...(event.jsep ? { jsep: event.jsep } : {}) };
}
