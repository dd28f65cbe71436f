import { availableParallelism } from 'node:os';
import { defineConfig } from 'vitest/config';
import { findJanus } from './scripts/janus-config.ts';
import { DATABASE_FREE_TESTS } from './src/test/database-free.ts';

/**
 * `*.shared.test.ts` needs what several server processes share in production (PostgreSQL and Redis), so it
 * runs in CI's PostgreSQL pass (DATABASE_URL and REDIS_URL set) and is left out of the embedded one.
 * `*.embedded.test.ts` is about the embedded database itself (PGlite's files and fair gate, the operator commands
 * on a DATA_DIR): it opens PGlite whatever the pass, so the PostgreSQL pass would only run it again, at a quarter
 * of that pass's time; it runs in the embedded pass only.
 * The files in DATABASE_FREE_TESTS (src/test/database-free.ts) open no database and no Redis: the PostgreSQL pass
 * would run them exactly as the embedded one did, so it leaves them out (a test there checks the list).
 * `*.janus.test.ts` starts a real Janus, so it is listed where Janus is installed (CI installs it) and only there.
 */
const shared = Boolean(process.env.DATABASE_URL && process.env.REDIS_URL);
const janus = findJanus() !== null;

export default defineConfig({
  test: {
    name: 'server',
    include: ['src/**/*.test.ts', 'scripts/**/*.test.ts'],
    exclude: [
      ...(shared ? ['**/*.embedded.test.ts', ...DATABASE_FREE_TESTS] : ['**/*.shared.test.ts']),
      ...(janus ? [] : ['**/*.janus.test.ts']),
    ],
    globalSetup: ['./src/test/global-setup.ts'],
    testTimeout: 30_000,
    hookTimeout: 60_000,
    // Test files share a worker's loaded modules instead of importing the whole server again each (measured on
    // this 2-core machine: the server project in 307 s instead of 470 s). Safe because every test builds its own
    // app, database and clock (test/app.ts); nothing a test depends on lives in a module-level variable.
    isolate: false,
    // Two workers on CI's 2 cores (the root vitest.config.ts says why); a project's own setting, which the root's
    // does not reach, and the same in every project, or vitest refuses to group them.
    maxWorkers: Math.max(2, availableParallelism() - 1),
  },
});
