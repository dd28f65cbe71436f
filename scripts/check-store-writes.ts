// A store writes only its own module's tables (docs/modules.md, "Between modules"): checked by `npm run check`.
//
// Owners come from the schema files (`db/schema/<module>.ts` holds that module's tables), with the exceptions
// below where a file holds another module's tables. Writes are found in every module's store files: Drizzle's
// `.insert(table)`, `.update(table)`, `.delete(table)` and SQL text's `insert into`, `update … set`,
// `delete from`. A write to another module's table is reported with the file and line; the other module should
// offer the write in its service, done inside the caller's transaction (`forgetUser(tx, …)`).
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';

const root = path.resolve(import.meta.dirname, '..');
const schemaDir = path.join(root, 'apps/server/src/db/schema');
const modulesDir = path.join(root, 'apps/server/src/modules');

/** Tables whose schema file is not named for their owner. */
const OWNER_OVERRIDES: Record<string, string[]> = {
  // The account row: auth creates it (email, password, invite code) and wipes it; user edits the profile names;
  // invite sets who invited the account (`invited_by`, once). Also the owners of `users.ts`'s view.
  users: ['auth', 'user', 'invite'],
  // Push addresses are the push module's (it registers and prunes them); notifications only read them.
  push_subscriptions: ['push'],
  // The revenue split's terms are the activity's.
  activity_splits: ['activity'],
  activity_cohost_shares: ['activity'],
  // Recurring series: a sub-area of the activity module with its own schema file.
  activity_series: ['activity'],
  activity_series_occurrences: ['activity'],
  activity_series_followers: ['activity'],
  // Kept in the notifications schema file because they were built with it; written by their own modules.
  activity_blasts: ['activity'],
  activity_reminders: ['activity'],
  known_devices: ['auth'],
  client_devices: ['app'],
};

/** Schema files of platform pieces: only platform code writes these tables, no module's store. */
const PLATFORM_FILES = new Set(['attempts', 'captcha', 'idempotency', 'mail', 'columns', 'index']);

export interface Table {
  name: string;
  variable: string;
  owners: string[];
}

export function tables(): Table[] {
  const found: Table[] = [];
  for (const file of readdirSync(schemaDir).filter((name) => name.endsWith('.ts'))) {
    const module = file.replace(/\.ts$/, '');
    const text = readFileSync(path.join(schemaDir, file), 'utf8');
    for (const match of text.matchAll(/export const (\w+) = pgTable\(\s*'([a-z_]+)'/g)) {
      const [, variable, name] = match as unknown as [string, string, string];
      const owners = OWNER_OVERRIDES[name] ?? (PLATFORM_FILES.has(module) ? ['platform'] : [module]);
      found.push({ name, variable, owners });
    }
  }
  return found;
}

/**
 * Views a module declares for the others to read (`pgView` in its schema file, created by a migration): the
 * columns it makes public of its tables. Owned like the tables of their file (`public_users`: the users' modules).
 */
export function views(): Table[] {
  const found: Table[] = [];
  for (const file of readdirSync(schemaDir).filter((name) => name.endsWith('.ts'))) {
    const module = file.replace(/\.ts$/, '');
    const text = readFileSync(path.join(schemaDir, file), 'utf8');
    for (const match of text.matchAll(/export const (\w+) = pgView\(\s*'([a-z_]+)'/g)) {
      const [, variable, name] = match as unknown as [string, string, string];
      found.push({ name, variable, owners: OWNER_OVERRIDES[module] ?? [module] });
    }
  }
  return found;
}

export function storeFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return storeFiles(full);
    return /(^|\.)store\.ts$/.test(entry.name) ? [full] : [];
  });
}

export interface Violation {
  file: string;
  line: number;
  table: string;
  owners: string[];
}

export function storeWriteViolations(): Violation[] {
  // A view is for reading: a write to one is a write to another module's table, whoever declared it.
  const all = [...tables(), ...views().map((view) => ({ ...view, owners: [`nobody (${view.name} is a view)`] }))];
  const byVariable = new Map(all.map((table) => [table.variable, table]));
  const byName = new Map(all.map((table) => [table.name, table]));
  const violations: Violation[] = [];
  for (const file of storeFiles(modulesDir)) {
    const module = path.relative(modulesDir, file).split(path.sep)[0]!;
    const lines = readFileSync(file, 'utf8').split('\n');
    lines.forEach((text, index) => {
      const written = [
        ...[...text.matchAll(/\.(?:insert|update|delete)\((\w+)\)/g)].map((m) => byVariable.get(m[1]!)),
        ...[...text.matchAll(/\b(?:insert\s+into|delete\s+from)\s+([a-z_]+)/gi)].map((m) => byName.get(m[1]!)),
        ...[...text.matchAll(/\bupdate\s+([a-z_]+)\s+(?:\w+\s+)?set\b/gi)].map((m) => byName.get(m[1]!)),
        // `update <table>` at the end of a line, its `set` on the next.
        ...[...text.matchAll(/[`(]\s*update\s+([a-z_]+)\s*(?:\w+\s*)?$/gi)].map((m) => byName.get(m[1]!)),
      ];
      for (const table of written) {
        if (table && !table.owners.includes(module)) {
          violations.push({
            file: path.relative(root, file),
            line: index + 1,
            table: table.name,
            owners: table.owners,
          });
        }
      }
    });
  }
  return violations;
}

if (import.meta.main ?? process.argv[1] === import.meta.filename) {
  const violations = storeWriteViolations();
  for (const v of violations) {
    console.error(`${v.file}:${v.line}: writes ${v.table}, which belongs to ${v.owners.join(' and ')}`);
  }
  if (violations.length > 0) {
    console.error(`\n${violations.length} write(s) to another module's table: let the owner offer it in its service.`);
    process.exit(1);
  }
  console.log('store writes: every store writes only its own module’s tables');
}
