import { CAPTCHA_CHALLENGE_PATH } from '@polaris/contract';
import { apiUrl } from '@/lib/api-origin.ts';

/**
 * Loads the ALTCHA widget on demand, so it stays out of the first screen's JavaScript. We use its "external"
 * build: the default build starts its solver from `blob:` workers and injects styles, which our CSP refuses
 * (worker-src falls back to script-src 'self'); here the stylesheet and the SHA-256 worker are our own files.
 */
let loading: Promise<void> | null = null;

export function loadAltcha(): Promise<void> {
  loading ??= (async () => {
    const [, , worker] = await Promise.all([
      import('altcha/external'),
      import('altcha/altcha.css'),
      import('altcha/workers/sha?worker&url'),
    ]);
    const scope = globalThis as typeof globalThis & {
      $altcha: { algorithms: Map<string, () => Worker> };
    };
    scope.$altcha.algorithms.set('SHA-256', () => new Worker(worker.default));
  })().catch((error: unknown) => {
    loading = null;
    throw error;
  });
  return loading;
}

/** Where the widget asks for challenges. */
export const CHALLENGE_URL = apiUrl(CAPTCHA_CHALLENGE_PATH);

/** The challenge route answers in our envelope; the widget wants the challenge itself. */
export const envelopeFetch: typeof fetch = async (input, init) => {
  const response = await fetch(input, { ...init, headers: { ...init?.headers, accept: 'application/json' } });
  const envelope = (await response.json()) as { status: number; attachment: unknown };
  if (envelope.status !== 200) return new Response(null, { status: 503 });
  return new Response(JSON.stringify(envelope.attachment), {
    status: 200,
    headers: { 'content-type': 'application/json' },
  });
};
