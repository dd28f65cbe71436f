// `npm test`: unit and API integration tests (vitest), then the browser journeys (Playwright, Debian Chromium)
// against the built app on the real server. Prints one closing line with the totals of both.
import { spawnSync } from 'node:child_process';
import { mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { ensureChromium } from './chromium.mjs';

const root = path.resolve(import.meta.dirname, '..');
const reports = path.join(root, '.tmp/reports');
rmSync(reports, { recursive: true, force: true });
mkdirSync(reports, { recursive: true });

function run(command, args, env = {}) {
  const result = spawnSync(command, args, {
    stdio: 'inherit',
    cwd: root,
    env: { ...process.env, ...env },
  });
  return result.status ?? 1;
}

function totals(file, read) {
  try {
    return read(JSON.parse(readFileSync(file, 'utf8')));
  } catch {
    return { passed: 0, failed: 0, skipped: 0 };
  }
}

const only = process.argv[2]; // `--unit` or `--e2e` runs one half
const wantUnit = only !== '--e2e';
const wantE2e = only !== '--unit';
if (wantE2e) ensureChromium();

const unitFile = path.join(reports, 'vitest.json');
const unitStatus = wantUnit
  ? run('npx', ['vitest', 'run', '--reporter=default', '--reporter=json', `--outputFile.json=${unitFile}`])
  : 0;

let e2eStatus = wantE2e ? 1 : 0;
if (wantE2e && run('npm', ['run', 'build']) === 0) {
  e2eStatus = run('npx', ['playwright', 'test', '-c', 'apps/web/playwright.config.ts'], {
    PLAYWRIGHT_JSON_OUTPUT_NAME: path.join(reports, 'playwright.json'),
  });
}

const unit = totals(unitFile, (r) => ({
  passed: r.numPassedTests,
  failed: r.numFailedTests,
  skipped: r.numPendingTests + r.numTodoTests,
}));
const e2e = totals(path.join(reports, 'playwright.json'), (r) => ({
  passed: r.stats.expected,
  failed: r.stats.unexpected + r.stats.flaky,
  skipped: r.stats.skipped,
}));
console.log(
  `\nunit and API: ${unit.passed} passed, ${unit.failed} failed; browser journeys: ${e2e.passed} passed, ${e2e.failed} failed`,
);
// A runner that failed without a failing test (a crash, a build error) still counts as one failure.
const failedTests = unit.failed + e2e.failed;
const failed = failedTests === 0 && (unitStatus || e2eStatus) ? 1 : failedTests;
console.log(`Tests: ${unit.passed + e2e.passed} passed, ${failed} failed`);
writeFileSync(path.join(reports, 'summary.json'), JSON.stringify({ passed: unit.passed + e2e.passed, failed }));
process.exit(unitStatus || e2eStatus);
