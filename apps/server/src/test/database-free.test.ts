import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { DATABASE_FREE_TESTS } from './database-free.ts';

/** apps/server, where the list's paths start. */
const SERVER_ROOT = path.resolve(import.meta.dirname, '../..');
/** Packages that open a connection to PostgreSQL, PGlite or Redis. */
const DATABASE_PACKAGES = ['pg', '@electric-sql/pglite', 'ioredis', 'redis'];
/** What in a file's text means it asks for the pass's database or Redis. */
const DATABASE_WORDS = ['DATABASE_URL', 'REDIS_URL', "inject('databaseTemplate')"];

/** Every module specifier a file loads at run time (type-only imports and exports left out). */
function specifiers(source: string): string[] {
  const found: string[] = [];
  const statements = /(?:^|[\s;])(import|export)\s+(type\s+)?(?:[\w*{}\s,$]+?\s+from\s+)?['"]([^'"]+)['"]/g;
  for (const match of source.matchAll(statements)) if (!match[2]) found.push(match[3]!);
  for (const match of source.matchAll(/import\(\s*['"]([^'"]+)['"]\s*\)/g)) found.push(match[1]!);
  return found;
}

/** The file and everything it loads from this repository, each with what it says that reaches a database. */
function reaches(file: string): string[] {
  const problems: string[] = [];
  const seen = new Set<string>();
  const queue = [file];
  for (let next = queue.pop(); next !== undefined; next = queue.pop()) {
    if (seen.has(next)) continue;
    seen.add(next);
    const source = readFileSync(next, 'utf8');
    const name = path.relative(SERVER_ROOT, next);
    for (const word of DATABASE_WORDS) if (source.includes(word)) problems.push(`${name} mentions ${word}`);
    for (const specifier of specifiers(source)) {
      if (DATABASE_PACKAGES.includes(specifier)) problems.push(`${name} imports ${specifier}`);
      if (specifier.startsWith('.')) queue.push(path.resolve(path.dirname(next), specifier));
    }
  }
  return problems;
}

describe('the test files the PostgreSQL pass leaves out', () => {
  it('exist, and neither they nor anything they import reach PostgreSQL, PGlite or Redis', () => {
    const missing = DATABASE_FREE_TESTS.filter((file) => !existsSync(path.join(SERVER_ROOT, file)));
    expect(missing).toEqual([]);
    expect(
      DATABASE_FREE_TESTS.flatMap((file) => reaches(path.join(SERVER_ROOT, file)).map((p) => `${file}: ${p}`)),
    ).toEqual([]);
  });

  it('would catch a file that does', () => {
    expect(reaches(path.join(SERVER_ROOT, 'src/modules/wallet/ledger-concurrency.test.ts'))).toContain(
      'src/db/client.ts imports @electric-sql/pglite',
    );
    expect(reaches(path.join(SERVER_ROOT, 'src/platform/cluster.shared.test.ts')).join('\n')).toContain(
      "inject('databaseTemplate')",
    );
  });
});
