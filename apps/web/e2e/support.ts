import { execFileSync } from 'node:child_process';
import path from 'node:path';
import { expect, type Page, type TestInfo } from '@playwright/test';
import { latestCode } from '../../server/src/test/outbox.ts';

const repoRoot = path.resolve(import.meta.dirname, '../../..');
export const outboxDir = () => path.join(process.env.E2E_DATA_DIR!, 'outbox');

/** Waits for a code mailed to `email` that differs from `previous`, as a person waits for the mail. */
export async function codeFor(email: string, previous?: string): Promise<string> {
  let code: string | undefined;
  await expect
    .poll(
      async () => {
        code = await latestCode(outboxDir(), email);
        return code !== undefined && code !== previous;
      },
      { timeout: 10_000 },
    )
    .toBe(true);
  return code!;
}

/** A screenshot per step, kept under test-results/<spec>/<nn>-<step>.png. */
export function stepper(page: Page, info: TestInfo) {
  let n = 0;
  const folder = path.join(
    repoRoot,
    'test-results',
    info.titlePath
      .slice(0, 2)
      .join('-')
      .replace(/[^\w.-]+/g, '_'),
  );
  return async (name: string) => {
    n += 1;
    await page.screenshot({ path: path.join(folder, `${String(n).padStart(2, '0')}-${name}.png`), fullPage: true });
  };
}

export function uniqueEmail(prefix: string): string {
  return `${prefix}-${Date.now().toString(36)}${Math.floor(Math.random() * 1e4)}@example.com`;
}

/** Credit USDT on BSC to a user through the local chain simulator's command, against the test server. */
export function deposit(email: string, amount: string): void {
  const args = [
    'run',
    '--silent',
    'wallet:deposit',
    '--',
    '--email',
    email,
    '--asset',
    'USDT',
    '--chain',
    'BSC',
    '--amount',
    amount,
  ];
  execFileSync('npm', args, {
    cwd: repoRoot,
    env: { ...process.env, DATA_DIR: process.env.E2E_DATA_DIR, PORT: process.env.E2E_PORT ?? '8181' },
    stdio: 'pipe',
  });
}
