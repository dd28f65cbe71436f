import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import type { Plugin } from 'vite';

/** One package the web app ships, as about-us lists it. */
export interface LicenceEntry {
  name: string;
  version: string;
  /** SPDX expression from its package.json ("MIT", "Apache-2.0", "(MIT OR Apache-2.0)"), or "UNKNOWN". */
  licence: string;
  homepage: string | null;
  /** The text of its LICENSE file, when it ships one. */
  text: string | null;
}

interface PackageJson {
  name?: string;
  version?: string;
  license?: string | { type?: string };
  licenses?: { type?: string }[];
  homepage?: string;
  repository?: string | { url?: string };
  dependencies?: Record<string, string>;
  optionalDependencies?: Record<string, string>;
  peerDependencies?: Record<string, string>;
}

const readJson = (file: string) => JSON.parse(readFileSync(file, 'utf8')) as PackageJson;

/** Where Node would find `name` from `fromDir`: the nearest node_modules folder up the tree that has it. */
function packageDir(name: string, fromDir: string): string | null {
  let dir = fromDir;
  for (;;) {
    const candidate = path.join(dir, 'node_modules', name);
    if (existsSync(path.join(candidate, 'package.json'))) return candidate;
    const parent = path.dirname(dir);
    if (parent === dir) return null;
    dir = parent;
  }
}

function licenceOf(pkg: PackageJson): string {
  if (typeof pkg.license === 'string') return pkg.license;
  if (pkg.license?.type) return pkg.license.type;
  const types = (pkg.licenses ?? []).map((entry) => entry.type).filter(Boolean);
  return types.length > 0 ? types.join(' OR ') : 'UNKNOWN';
}

function homepageOf(pkg: PackageJson): string | null {
  const repository = typeof pkg.repository === 'string' ? pkg.repository : pkg.repository?.url;
  const url = pkg.homepage ?? repository ?? null;
  if (!url) return null;
  const cleaned = url
    .replace(/^git\+/, '')
    .replace(/\.git$/, '')
    .replace(/^git:\/\//, 'https://');
  return /^https?:\/\//.test(cleaned) ? cleaned : null;
}

function licenceText(dir: string): string | null {
  const file = readdirSync(dir).find((entry) => /^(licen[cs]e|copying)(\.(md|txt|markdown))?$/i.test(entry));
  return file ? readFileSync(path.join(dir, file), 'utf8').trim() : null;
}

/**
 * Every package the web app ships: its production dependencies and theirs, read from the installed
 * node_modules (no network). Workspace packages of our own are left out; optional and peer dependencies that
 * are not installed are skipped. Sorted by name.
 */
export function collectLicences(appDir: string): LicenceEntry[] {
  const seen = new Map<string, LicenceEntry>();
  const root = readJson(path.join(appDir, 'package.json'));
  const queue: { name: string; from: string }[] = Object.keys(root.dependencies ?? {}).map((name) => ({
    name,
    from: appDir,
  }));
  while (queue.length > 0) {
    const { name, from } = queue.shift()!;
    const dir = packageDir(name, from);
    if (!dir) continue;
    const pkg = readJson(path.join(dir, 'package.json'));
    const key = `${pkg.name ?? name}@${pkg.version ?? ''}`;
    if (seen.has(key)) continue;
    // Our own workspace packages are linked, not installed from the registry.
    const ours = name.startsWith('@polaris/');
    if (!ours) {
      seen.set(key, {
        name: pkg.name ?? name,
        version: pkg.version ?? '',
        licence: licenceOf(pkg),
        homepage: homepageOf(pkg),
        text: licenceText(dir),
      });
    } else {
      seen.set(key, { name, version: '', licence: '', homepage: null, text: null });
    }
    for (const dependency of Object.keys({ ...pkg.dependencies, ...pkg.optionalDependencies })) {
      queue.push({ name: dependency, from: dir });
    }
  }
  return [...seen.values()].filter((entry) => entry.version !== '').sort((a, b) => a.name.localeCompare(b.name));
}

const VIRTUAL_ID = 'virtual:licences';
const RESOLVED_ID = `\0${VIRTUAL_ID}`;

/** `import licences from 'virtual:licences'`: the list above, computed when the app is built (about-us). */
export function licencesPlugin(appDir: string): Plugin {
  return {
    name: 'polaris:licences',
    resolveId: (id) => (id === VIRTUAL_ID ? RESOLVED_ID : null),
    load: (id) => (id === RESOLVED_ID ? `export default ${JSON.stringify(collectLicences(appDir))};` : null),
  };
}
