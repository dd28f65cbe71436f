import { hashLoginPassword } from '@polaris/contract';
import type { CallOptions } from './app.ts';
import { latestCode } from './outbox.ts';

/** A fixture's call: the test app's or the HTTP client's. */
type Call = <T = unknown>(
  method: 'GET' | 'POST',
  route: string,
  options?: CallOptions,
) => Promise<{ http: number; status: number; msg: string; attachment: T }>;

/** What the test app and the HTTP client both send for a call: its headers and its body as text. */
export function requestOf(options: CallOptions): { headers: Record<string, string>; payload?: string } {
  const headers: Record<string, string> = { locale: options.locale ?? 'en_US', ...options.headers };
  if (options.token) headers.token = options.token;
  let payload: string | undefined;
  if (options.rawBody !== undefined) payload = options.rawBody;
  else if (options.body !== undefined) payload = JSON.stringify(options.body);
  if (payload !== undefined) headers['content-type'] = options.contentType ?? 'application/json';
  return { headers, payload };
}

/**
 * Asks for a sign-up code and signs up with it through the real endpoints, reading the code from the outbox. The
 * sign-up's answer comes back as it is, so a test can read a refusal (an unknown invite code).
 */
export async function signUpAccount(
  call: Call,
  outbox: string,
  email: string,
  { password = 'abc12345', inviteCode }: { password?: string; inviteCode?: string } = {},
) {
  // A second try within the minute is refused a new code (too soon) and signs up with the one already sent.
  const sent = await call('POST', '/user/vcode/send', { body: { email, purpose: 'signup' } });
  const vcode = await latestCode(outbox, email);
  if (vcode === undefined) throw new Error(`send code failed: ${sent.msg}`);
  return call<{ uid: string; uuid: string; token: string; signingKey: string }>('POST', '/user/signup', {
    body: { email, vcode, password: hashLoginPassword(password), inviteCode },
  });
}

/** Registers an account as `signUpAccount` does; its session, or an error when the server refused. */
export async function registerAccount(call: Call, outbox: string, email: string, password?: string) {
  const result = await signUpAccount(call, outbox, email, { password });
  if (result.status !== 200) throw new Error(`signup failed: ${result.msg}`);
  return result.attachment;
}
