import { defineConfig } from 'vitest/config';

/**
 * `*.shared.test.ts` needs what several server processes share in production (PostgreSQL and Redis), so it
 * runs in CI's PostgreSQL pass (DATABASE_URL and REDIS_URL set) and is left out of the embedded one.
 */
const shared = Boolean(process.env.DATABASE_URL && process.env.REDIS_URL);

export default defineConfig({
  test: {
    name: 'server',
    include: ['src/**/*.test.ts', 'scripts/**/*.test.ts'],
    exclude: shared ? [] : ['**/*.shared.test.ts'],
    globalSetup: ['./src/test/global-setup.ts'],
    testTimeout: 30_000,
    hookTimeout: 60_000,
  },
});
