// vitest 5's reporter needs Map.groupBy, which Node 20 lacks; the config loads in the reporter's process.
import './scripts/polyfills.mjs';
import { defineConfig } from 'vitest/config';

/** One run for every unit and API integration test; the browser journeys run with Playwright. */
export default defineConfig({
  test: {
    projects: ['packages/contract/vitest.config.ts', 'apps/server/vitest.config.ts', 'apps/web/vitest.config.ts'],
  },
});
