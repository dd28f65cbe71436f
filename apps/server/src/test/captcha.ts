import { API_BASE, CAPTCHA_CHALLENGE_PATH, type CaptchaChallenge } from '@polaris/contract';
import { solveChallenge } from 'altcha-lib';
import { deriveKey } from 'altcha-lib/algorithms/sha';

/**
 * Test servers ask for tiny proofs of work (CAPTCHA_COMPLEXITY below), so solving one costs well under a
 * millisecond and every test can pass the captcha the way a browser does.
 */
export const TEST_CAPTCHA_ENV = { CAPTCHA_COMPLEXITY: '40' };

/** Requests that refuse to run without a captcha (docs/captcha.md); the fixtures' `call` solves one for them. */
const CAPTCHA_ROUTES: readonly string[] = ['/user/vcode/send', '/user/signup'];

/** What a request needs to say here (the fixtures' CallOptions, which this file does not import: e2e uses it too). */
interface RequestBody {
  body?: unknown;
  rawBody?: string;
}

type Call = <T = unknown>(
  method: 'GET' | 'POST',
  route: string,
) => Promise<{ http: number; status: number; msg: string; attachment: T }>;

/** Solves a challenge, returning the payload a widget would send. */
export async function captchaPayload(challenge: CaptchaChallenge): Promise<string> {
  const solution = await solveChallenge({ challenge, deriveKey, timeout: 10_000 });
  if (!solution) throw new Error('could not solve the captcha challenge');
  return Buffer.from(JSON.stringify({ challenge, solution })).toString('base64');
}

/** Fetches a challenge from the server and solves it. */
export async function solveCaptcha(call: Call): Promise<string> {
  const { attachment: challenge } = await call<CaptchaChallenge>('GET', CAPTCHA_CHALLENGE_PATH);
  return captchaPayload(challenge);
}

/**
 * Adds a solved captcha to a request that needs one, so tests written without knowing about the captcha keep
 * working. A body that names `captcha` itself (even as `undefined`, to test its absence) is left alone.
 */
export async function withCaptcha<O extends RequestBody>(
  call: Call,
  method: 'GET' | 'POST',
  route: string,
  options: O,
): Promise<O> {
  const body = options.body;
  if (method !== 'POST' || !CAPTCHA_ROUTES.includes(route) || options.rawBody !== undefined) return options;
  if (body !== undefined && (typeof body !== 'object' || body === null || 'captcha' in body)) return options;
  return { ...options, body: { ...(body ?? {}), captcha: await solveCaptcha(call) } };
}

/** A solved captcha from an app driven by `inject` (the operator-command tests build one without the fixtures). */
export async function injectedCaptcha(app: {
  inject(request: { method: 'GET'; url: string }): Promise<{ json(): unknown }>;
}): Promise<string> {
  const answer = await app.inject({ method: 'GET', url: `${API_BASE}${CAPTCHA_CHALLENGE_PATH}` });
  return captchaPayload((answer.json() as { attachment: CaptchaChallenge }).attachment);
}
