// The counts issue 33 is measured by (docs/decisions.md "One typed seam" and "Caches fed by answers"), printed for
// the tree at hand or for another checkout: `npx tsx scripts/seam-counts.ts [--root <dir>]`. To compare with an
// older commit: `git worktree add /tmp/before <rev>` and run it with `--root /tmp/before`.
//
// - hand-written API calls and answer casts in the web (`api.get(…)`, `api.get<T>(…)`, …);
// - `invalidateQueries` calls in the web;
// - mutations (`useMutation({ … })`) and how each learns the new state: it writes the cache (`setQueryData`,
//   `setQueriesData`, or a function of the same file that does), or it only marks queries stale;
// - reads of another module's tables in the server's stores (scripts/check-store-reads.ts's finder).
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';

const rootArg = process.argv.indexOf('--root');
const root = path.resolve(rootArg > 0 ? process.argv[rootArg + 1]! : path.join(import.meta.dirname, '..'));

function files(dir: string, name: RegExp): string[] {
  if (!existsSync(dir)) return [];
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return files(full, name);
    return name.test(entry.name) && !/\.test\.tsx?$/.test(entry.name) ? [full] : [];
  });
}

/** The text from `start` (an opening parenthesis or brace) to its match: enough for code that is formatted. */
function balanced(text: string, start: number): string {
  let depth = 0;
  for (let i = start; i < text.length; i++) {
    const c = text[i];
    if (c === '(' || c === '{' || c === '[') depth++;
    else if (c === ')' || c === '}' || c === ']') {
      depth--;
      if (depth === 0) return text.slice(start, i + 1);
    }
  }
  return text.slice(start);
}

const CACHE_WRITE = /\.(setQueryData|setQueriesData)\b/;

/** Names of the functions in `text` whose body writes the cache, followed through calls of one another. */
function cacheWriters(text: string): Set<string> {
  const bodies = new Map<string, string>();
  for (const match of text.matchAll(/(?:function\s+(\w+)\s*(?:<[^>]*>)?\(|const\s+(\w+)\s*=\s*(?:async\s*)?\()/g)) {
    const name = (match[1] ?? match[2])!;
    const open = text.indexOf('{', match.index! + match[0].length);
    if (open > 0) bodies.set(name, balanced(text, open));
  }
  const writers = new Set([...bodies].filter(([, body]) => CACHE_WRITE.test(body)).map(([name]) => name));
  for (let grew = true; grew; ) {
    grew = false;
    for (const [name, body] of bodies) {
      if (writers.has(name)) continue;
      if ([...writers].some((writer) => new RegExp(`\\b${writer}\\(`).test(body))) {
        writers.add(name);
        grew = true;
      }
    }
  }
  return writers;
}

const web = path.join(root, 'apps/web/src');
const webFiles = files(web, /\.tsx?$/);
let handCalls = 0;
let casts = 0;
let invalidations = 0;
let mutations = 0;
let writing = 0;
let staleOnly = 0;
for (const file of webFiles) {
  const text = readFileSync(file, 'utf8');
  const relative = path.relative(web, file);
  if (relative !== path.join('api', 'request.ts')) {
    handCalls += text.match(/\bapi\.(get|post|request)\b/g)?.length ?? 0;
  }
  casts += text.match(/\bapi\.(get|post|upload)</g)?.length ?? 0;
  invalidations += text.match(/\binvalidateQueries\b/g)?.length ?? 0;
  const writers = cacheWriters(text);
  for (const match of text.matchAll(/\buseMutation\(\{/g)) {
    mutations++;
    const block = balanced(text, match.index! + 'useMutation'.length);
    const writes = CACHE_WRITE.test(block) || [...writers].some((name) => new RegExp(`\\b${name}\\(`).test(block));
    if (writes) writing++;
    else if (/\binvalidateQueries\b/.test(block)) staleOnly++;
  }
}

let crossReads = 'n/a (no scripts/check-store-reads.ts)';
const readsChecker = path.join(root, 'scripts/check-store-reads.ts');
if (existsSync(readsChecker)) {
  // The finder of the checkout measured, so a count is by the rules of its own time.
  const { crossModuleReads } = (await import(readsChecker)) as { crossModuleReads: () => Map<string, string> };
  crossReads = String(crossModuleReads().size);
}

console.log(`tree: ${root}`);
console.log(`hand-written API calls in the web: ${handCalls}`);
console.log(`answer casts (api.get<T> …): ${casts}`);
console.log(`invalidateQueries calls in the web: ${invalidations}`);
console.log(
  `mutations: ${mutations}; writing the cache from what they know: ${writing}; only marking stale: ${staleOnly}`,
);
console.log(`(module, another module's table) reads in the server's stores: ${crossReads}`);
