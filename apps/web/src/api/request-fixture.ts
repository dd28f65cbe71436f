import { MESSAGES } from '@polaris/contract';
import { vi } from 'vitest';
import { ApiError } from '@/lib/api-error.ts';
import { createApiClient, type RequestEffects } from './request.ts';

// For request*.test.ts: the request layer with every effect it has on the outside world replaced by a spy.

export type FetchImpl = (url: string, init: RequestInit) => Promise<Response>;

export function envelope(status: number, msg: string, attachment: unknown = {}, httpStatus = 200): Response {
  return new Response(JSON.stringify({ status, msg, attachment }), {
    status: httpStatus,
    headers: { 'content-type': 'application/json' },
  });
}

/** A client whose fetch answers success unless told otherwise, logged in as uid 42, in English. */
export function setup(overrides: Partial<Omit<RequestEffects, 'fetch'>> = {}) {
  let confirmAnswer: (value: boolean) => void = () => {};
  const effects = {
    fetch: vi.fn<FetchImpl>(async () => envelope(200, 'Success', { ok: true })),
    toast: vi.fn(),
    confirmRelogin: vi.fn(
      () =>
        new Promise<boolean>((resolve) => {
          confirmAnswer = resolve;
        }),
    ),
    goToLogin: vi.fn(),
    reload: vi.fn(),
    isLoginPageOpen: vi.fn(() => false),
    readSession: vi.fn(() => ({ token: 'tok-123', uid: '42', uuid: 'uu-1' })),
    signingKey: vi.fn(async (): Promise<CryptoKey | null> => null),
    clearSession: vi.fn(),
    language: vi.fn(() => 'en' as const),
    text: vi.fn((key: string) => `text:${key}`),
    httpText: vi.fn(
      (status: number): string | undefined =>
        (MESSAGES[effects.language()].http as Record<string, string>)[String(status)],
    ),
    now: () => 1_800_000_000_000,
    nonce: () => 'nonce0001',
    ...overrides,
  };
  const client = createApiClient(() => effects as unknown as RequestEffects);
  const lastCall = () => {
    const call = effects.fetch.mock.calls.at(-1);
    if (!call) throw new Error('fetch was not called');
    return { url: new URL(call[0], 'http://app.test'), init: call[1] };
  };
  return { effects, client, lastCall, answerPrompt: (value: boolean) => confirmAnswer(value) };
}

export async function rejection(promise: Promise<unknown>): Promise<ApiError> {
  try {
    await promise;
  } catch (error) {
    if (error instanceof ApiError) return error;
    throw error;
  }
  throw new Error('expected the call to reject');
}

export const flush = () => new Promise((resolve) => setTimeout(resolve, 0));
