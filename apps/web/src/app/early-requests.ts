import { type Language, needsSignature } from '@polaris/contract';
import {
  ACTIVITY_CITIES_PATH,
  ACTIVITY_LIST_PATH,
  activityListParams,
  homeListFilter,
} from '@/api/activity-requests.ts';
import { type Params, requestHeaders, requestUrl, type StoredIdentity } from '@/api/request-url.ts';
import { ACTIVITY_HOME, pathnameOf } from './pathname.ts';

/**
 * The first screen's calls, sent by a small script of their own (first-screen-boot.ts) while the app's script is
 * still downloading, and handed to the request layer when the app asks for the same URL with the same headers
 * (docs/performance.md "First screen"). Anything else, or a second ask, goes to the network as usual, so an early
 * call that no longer matches what the app sends costs a request and never a wrong answer.
 */

export interface EarlyCall {
  url: string;
  headers: Record<string, string>;
}

interface EarlyRequest {
  /** The URL and the headers, as one key. */
  key: string;
  response: Promise<Response>;
}

declare global {
  interface Window {
    polarisEarlyRequests?: EarlyRequest[];
  }
}

function keyOf(url: string, headers: Record<string, string>): string {
  const sorted = Object.entries(headers)
    .map(([name, value]) => [name.toLowerCase(), value])
    .sort(([a], [b]) => (a! < b! ? -1 : 1));
  return JSON.stringify([url, sorted]);
}

/** What the activity home asks for before anything else, for the page being opened and what is stored. */
export function firstScreenCalls(
  route: string,
  { language, city, identity }: { language: Language; city: string; identity: StoredIdentity },
): EarlyCall[] {
  if (pathnameOf(route) !== ACTIVITY_HOME) return [];
  const calls: [string, Params?][] = [
    [ACTIVITY_LIST_PATH, activityListParams(homeListFilter({ city }), undefined)],
    [ACTIVITY_CITIES_PATH],
  ];
  // A signed call needs the session's key, which only the app can reach.
  return calls
    .filter(([path]) => !needsSignature(path))
    .map(([path, params]) => ({
      url: requestUrl(path, params, { language, identity }),
      headers: requestHeaders({ language, identity }),
    }));
}

export function sendEarlyRequests(calls: readonly EarlyCall[]): void {
  window.polarisEarlyRequests = calls.map(({ url, headers }) => ({
    key: keyOf(url, headers),
    response: fetch(url, { headers }),
  }));
}

/**
 * The early answer to a GET of exactly this URL and these headers, once; null when there is none. The caller's
 * signal still cancels it (its timeout, or the query going away).
 */
export function takeEarlyResponse(url: string, init: RequestInit | undefined): Promise<Response> | null {
  const pending = window.polarisEarlyRequests;
  if (!pending?.length || (init?.method ?? 'GET') !== 'GET' || init?.body) return null;
  const headers = (init?.headers ?? {}) as Record<string, string>;
  const index = pending.findIndex((early) => early.key === keyOf(url, headers));
  if (index < 0) return null;
  const [early] = pending.splice(index, 1);
  const signal = init?.signal;
  if (!early || !signal) return early?.response ?? null;
  return new Promise<Response>((resolve, reject) => {
    const abort = () => reject(new DOMException('The call was cancelled', 'AbortError'));
    if (signal.aborted) return abort();
    signal.addEventListener('abort', abort, { once: true });
    early.response.then(resolve, reject).finally(() => signal.removeEventListener('abort', abort));
  });
}
