// Modules meet through services and domain events, and the graph of who imports whom is a tree of layers, never a
// ring (docs/modules.md "Between modules"). dependency-cruiser's cycle rule sees files; this sees modules, and
// counts type-only imports too: a ring of types is still two modules that cannot change apart. Checked by
// `npm run check`: every ring is reported with the imports that close it.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { sourceFiles } from './source-files.ts';

const root = path.resolve(import.meta.dirname, '..');
const modulesDir = path.join(root, 'apps/server/src/modules');

const moduleOf = (file: string) => path.relative(modulesDir, file).split(path.sep)[0]!;

/** module → module it imports → one import that does it (file: specifier), for the report. */
const edges = new Map<string, Map<string, string>>();
for (const file of sourceFiles(modulesDir, /\.ts$/)) {
  const from = moduleOf(file);
  const text = readFileSync(file, 'utf8');
  for (const match of text.matchAll(/\bfrom\s+'(\.{1,2}\/[^']+)'/g)) {
    const target = path.resolve(path.dirname(file), match[1]!);
    if (!target.startsWith(`${modulesDir}${path.sep}`)) continue;
    const to = moduleOf(target);
    if (to === from) continue;
    const out = edges.get(from) ?? new Map<string, string>();
    if (!out.has(to)) out.set(to, `${path.relative(root, file)} imports '${match[1]}'`);
    edges.set(from, out);
  }
}

// Tarjan's strongly connected components: every component of more than one module is a ring.
let counter = 0;
const index = new Map<string, number>();
const low = new Map<string, number>();
const stack: string[] = [];
const onStack = new Set<string>();
const rings: string[][] = [];
function visit(node: string) {
  index.set(node, counter);
  low.set(node, counter);
  counter++;
  stack.push(node);
  onStack.add(node);
  for (const next of edges.get(node)?.keys() ?? []) {
    if (!index.has(next)) {
      visit(next);
      low.set(node, Math.min(low.get(node)!, low.get(next)!));
    } else if (onStack.has(next)) {
      low.set(node, Math.min(low.get(node)!, index.get(next)!));
    }
  }
  if (low.get(node) !== index.get(node)) return;
  const component: string[] = [];
  for (;;) {
    const member = stack.pop()!;
    onStack.delete(member);
    component.push(member);
    if (member === node) break;
  }
  if (component.length > 1) rings.push(component.sort());
}
for (const node of [...edges.keys()].sort()) if (!index.has(node)) visit(node);

if (rings.length > 0) {
  for (const ring of rings) {
    console.error(`Modules in a ring: ${ring.join(', ')}`);
    for (const from of ring) {
      for (const [to, where] of edges.get(from) ?? [])
        if (ring.includes(to)) console.error(`  ${from} → ${to}: ${where}`);
    }
  }
  process.exit(1);
}
console.log(`check-module-rings: ${edges.size} modules, no ring (type-only imports counted)`);
