// A module reads another module's tables only where it is written down (docs/modules.md "Between modules"):
// checked by `npm run check`, beside the writes (check-store-writes.ts). Reads are found in every module's store
// files: Drizzle's `.from(table)` and `…Join(table)`, and SQL text's `from <table>` and `join <table>`. Each
// (module, other module's table) pair read today is listed in store-reads-allowed.json, to be replaced one by one
// by the owner's service, a read port or a view the owner declares; a pair not in the list fails, and so does a
// listed pair no longer read (take it off, so the list only shrinks). A view a module declares in its schema file
// (`pgView`, e.g. `public_users`, `public_assets`) is what it offers the others: reading it is not a pair.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { storeFiles, tables, views } from './check-store-writes.ts';

const root = path.resolve(import.meta.dirname, '..');
const modulesDir = path.join(root, 'apps/server/src/modules');
const allowedFile = path.join(import.meta.dirname, 'store-reads-allowed.json');

/**
 * `module → table` → the first place a store reads another module's table; in `throughViews`, the same for the
 * views other modules declare (`views()`), which anyone may read.
 */
export function crossModuleReads(throughViews = new Map<string, string>()): Map<string, string> {
  const all = [...tables(), ...views()];
  const declared = new Set(views().map((view) => view.name));
  const byVariable = new Map(all.map((table) => [table.variable, table]));
  const byName = new Map(all.map((table) => [table.name, table]));
  const pairs = new Map<string, string>();
  for (const file of storeFiles(modulesDir)) {
    const module = path.relative(modulesDir, file).split(path.sep)[0]!;
    const lines = readFileSync(file, 'utf8').split('\n');
    lines.forEach((text, index) => {
      const read = [
        ...[...text.matchAll(/\.(?:from|innerJoin|leftJoin|rightJoin|fullJoin)\((\w+)\b/g)].map((m) =>
          byVariable.get(m[1]!),
        ),
        ...[...text.matchAll(/\b(?:from|join)\s+([a-z_]+)\b/gi)].map((m) => byName.get(m[1]!)),
      ];
      for (const table of read) {
        if (!table || table.owners.includes(module) || table.owners.includes('platform')) continue;
        const pair = `${module} → ${table.name}`;
        const found = declared.has(table.name) ? throughViews : pairs;
        if (!found.has(pair)) found.set(pair, `${path.relative(root, file)}:${index + 1}`);
      }
    });
  }
  return pairs;
}

if (import.meta.main ?? process.argv[1] === import.meta.filename) {
  const throughViews = new Map<string, string>();
  const found = crossModuleReads(throughViews);
  const allowed = new Set(JSON.parse(readFileSync(allowedFile, 'utf8')) as string[]);
  const problems: string[] = [];
  for (const [pair, where] of found) {
    if (!allowed.has(pair)) problems.push(`${where}: ${pair}, another module's table, read directly`);
  }
  for (const pair of allowed) {
    if (!found.has(pair)) problems.push(`${pair} is no longer read: take it off scripts/store-reads-allowed.json`);
  }
  if (problems.length > 0) {
    console.error(`${problems.join('\n')}\n\nRead it through the owner's service, a read port, or a view it declares.`);
    process.exit(1);
  }
  console.log(
    `store reads: ${found.size} reads of other modules' tables, each listed; none new; ` +
      `${throughViews.size} through views their owners declare (${views()
        .map((view) => view.name)
        .join(', ')})`,
  );
}
