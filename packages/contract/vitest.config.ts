import { availableParallelism } from 'node:os';
import { defineConfig } from 'vitest/config';

// Workers as in the root vitest.config.ts (every project the same, or vitest refuses to group them).
export default defineConfig({
  test: { name: 'contract', include: ['src/**/*.test.ts'], maxWorkers: Math.max(2, availableParallelism() - 1) },
});
