import { request } from 'node:https';

/**
 * One HTTPS request to a push service with a hard deadline: the whole exchange (connect, TLS, answer) must end
 * within `timeoutMs`, or it is cut and counts as a failure to retry. A push service that hangs therefore costs
 * one recipient at most that long, and never holds another (each request has its own deadline).
 */
export interface PushRequest {
  url: string;
  method?: 'POST' | 'GET';
  headers: Record<string, string | number>;
  body?: Buffer | string | null;
  timeoutMs: number;
  /** Extra certificate authorities to trust (tests' local push services); the system's otherwise. */
  ca?: string | Buffer;
}

export interface PushResponse {
  status: number;
  headers: Record<string, string | string[] | undefined>;
  body: string;
}

/** Bodies of push services' answers are short; more than this is cut (an answer is only read for errors). */
const MAX_ANSWER = 64 * 1024;

export function httpsRequest(options: PushRequest): Promise<PushResponse> {
  return new Promise((resolve, reject) => {
    const signal = AbortSignal.timeout(options.timeoutMs);
    const outgoing = request(
      options.url,
      {
        method: options.method ?? 'POST',
        headers: options.headers,
        signal,
        ...(options.ca ? { ca: options.ca } : {}),
      },
      (incoming) => {
        let body = '';
        incoming.setEncoding('utf8');
        incoming.on('data', (chunk: string) => {
          if (body.length < MAX_ANSWER) body += chunk;
        });
        incoming.on('end', () => resolve({ status: incoming.statusCode ?? 0, headers: incoming.headers, body }));
        incoming.on('error', reject);
        // Cut before its end (the deadline, a reset): never left pending. After `end` this changes nothing.
        incoming.on('close', () => reject(new Error('push service closed the answer early')));
      },
    );
    outgoing.on('error', reject);
    outgoing.end(options.body ?? undefined);
  });
}

/** What an answer means for the subscription: kept and done, gone for good, try later, or failed (dropped). */
export type Delivery = 'ok' | 'gone' | 'retry' | 'failed';

/** RFC 8030's answers: 201 created; 404/410 the subscription expired or was removed; 429 and 5xx are temporary. */
export function deliveryOf(status: number): Delivery {
  if (status >= 200 && status < 300) return 'ok';
  if (status === 404 || status === 410) return 'gone';
  if (status === 429 || status >= 500 || status === 408) return 'retry';
  return 'failed';
}
