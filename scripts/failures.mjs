// Names every failed test in the JSON reports under .tmp/reports, so a CI log's last lines say what failed even when
// the runner's own output scrolled far above.
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';

const reports = path.resolve(import.meta.dirname, '../.tmp/reports');
const failures = [];

function vitest(file) {
  const report = JSON.parse(readFileSync(file, 'utf8'));
  for (const suite of report.testResults ?? []) {
    for (const test of suite.assertionResults ?? []) {
      if (test.status === 'failed')
        failures.push(`${path.basename(file)}: ${path.relative(process.cwd(), suite.name)} › ${test.fullName}`);
    }
    if (suite.status === 'failed' && !(suite.assertionResults ?? []).some((t) => t.status === 'failed')) {
      failures.push(
        `${path.basename(file)}: ${path.relative(process.cwd(), suite.name)} (${(suite.message ?? '').split('\n')[0]})`,
      );
    }
  }
}

function playwright(file) {
  const walk = (suite, titles) => {
    for (const spec of suite.specs ?? []) {
      for (const test of spec.tests ?? []) {
        if (test.status === 'unexpected' || test.status === 'flaky') {
          // Every error of the failing attempt with the line it came from: a test's own timeout says nothing of where
          // it stood, the action that was stuck (actionTimeout) does.
          const errors = (test.results?.find((r) => r.errors?.length)?.errors ?? []).map((e) => {
            const at = e.location ? ` (${path.basename(e.location.file)}:${e.location.line})` : '';
            return `${(e.message ?? '').split('\n')[0]}${at}`;
          });
          failures.push(
            `playwright (${test.status}, ${test.projectName}): ${[...titles, spec.title].join(' › ')} ${errors.join(' | ')}`,
          );
        }
      }
    }
    for (const child of suite.suites ?? []) walk(child, [...titles, child.title]);
  };
  for (const suite of JSON.parse(readFileSync(file, 'utf8')).suites ?? []) walk(suite, [suite.title]);
}

if (existsSync(reports)) {
  for (const name of readdirSync(reports)) {
    const file = path.join(reports, name);
    try {
      if (name === 'playwright.json') playwright(file);
      else if (name.endsWith('.json') && name !== 'summary.json') vitest(file);
    } catch (error) {
      failures.push(`${name}: unreadable (${error.message})`);
    }
  }
}
console.log(
  failures.length
    ? `== failed tests (${failures.length})\n${failures.map((f) => `  ${f}`).join('\n')}`
    : '== no failed test in the reports',
);
