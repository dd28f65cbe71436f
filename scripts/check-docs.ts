// What the docs name still exists (`npm run check`): README.md and docs/*.md, and the npm scripts that config files
// name (.dependency-cruiser.*, .ci/run, deploy/). Each problem is printed as `file:line: what is wrong`.
//
// - a backticked or linked repo path exists: a full path from the repo root, or a partial one (`auth/store.ts`,
//   `expiry.ts`) that ends at least one tracked file; `<placeholder>`, `*` and `{a,b}` match any name;
// - `npm run <name>`, `npm test` and `npm start` name a script of the root package.json, or of the workspace's
//   with `-w <workspace>` (or after `cd <workspace> &&`);
// - a backticked code symbol (camelCase or PascalCase, `name()` too) is a word of some tracked source file, and
//   when the doc places it in a file (`` `symbol` is in `file` ``, `` `symbol` (`file`) ``, `` `file` `symbol` ``,
//   `` `file` (`symbol`) ``) that file has the word;
// - a backticked UPPER_SNAKE name (an env var or constant) is in the source; `CHAIN_RPC_<CHAIN>` by its prefix;
// - a dependency-cruiser rule the docs name (`` rule `name` `` in a sentence about dependency-cruiser) is in its
//   config.
//
// Files are the tracked ones and new ones not ignored (`git ls-files --cached --others --exclude-standard`), so a doc
// may name a file added in the same change. Not looked for: the names below, each listed with why; names in a
// sentence that records a rename or removal (HISTORY); screenshots named after a folder outside the repo.
//
// `npx tsx scripts/check-docs.ts [file.md …]` checks the given Markdown files instead of the docs.
import { execFileSync } from 'node:child_process';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';

const root = path.resolve(import.meta.dirname, '..');
const started = performance.now();

/**
 * Backticked names that look like repo paths but are not files of the repo, each with why. Exact names only:
 * anything else that looks like a path must exist.
 */
const NOT_REPO_PATHS: Record<string, string> = {
  node_modules: 'installed packages, not tracked',
  'data/': 'the runtime data folder (the embedded database), ignored by .gitignore',
  'deploy/.env': 'the operator writes it from deploy/env.example; ignored by .gitignore',
  'google-services.json': "the operator's Firebase file, added to apps/web/android/app/ when building the app",
  'openapi.json': 'the OpenAPI document the server builds and serves, not a file',
  'robots.txt': 'served by the share module (a route), not a file',
};

/** Path prefixes of things outside the tracked tree, each with why. */
const OUTSIDE_PREFIXES: Record<string, string> = {
  'test-results/': "Playwright's output folder, written by the test run",
  'node_modules/': 'installed packages, not tracked',
  'apps/web/dist': "the web app's build output (dist, dist-native), ignored by .gitignore",
  'dist/': "the web app's build output, ignored by .gitignore",
};

/** Backticked code-like words that are not the repo's symbols (outside names), each with why. */
const NOT_REPO_SYMBOLS: Record<string, string> = {
  getOpenapiJson: "the OpenAPI document's operationId, made by operationIdOf from `GET /openapi.json`",
  eth_getLogs: 'an Ethereum JSON-RPC method, which viem calls',
  eth_sendRawTransaction: 'an Ethereum JSON-RPC method, which viem calls',
  terminationGracePeriodSeconds: "Kubernetes' setting, named for operators who run the image there",
  JANUS_VIDEOROOM_ERROR_INVALID_SDP_TYPE: "Janus's own error name, quoted from its answer",
  VITE_MAP_TILE_URL: 'docs/decisions.md records that it was replaced by MAP_TILE_URL',
  WxH: 'width × height, the format of a screen size',
  nodeN: 'node1, node2, … : the compose services of a cluster',
};

/** Files whose text is not source (binary, generated or the docs themselves). */
const NOT_SOURCE = /\.(md|png|jpg|jpeg|gif|webp|ico|jar|woff2?|ttf|otf)$|(^|\/)package-lock\.json$/;

/** Extensions that make a backticked word a file name. */
const FILE_EXT =
  /\.(ts|tsx|mts|cts|mjs|cjs|js|jsx|json|md|sql|css|html|cfg|yml|yaml|sh|txt|png|svg|sol|xml|plist|gradle|swift|java|kt|webmanifest|entitlements|example)$/;

/** Extensions of files whose words the in-file rule checks (code and SQL). */
const CODE_EXT = /\.(ts|tsx|mts|cts|mjs|cjs|js|jsx|json|sql|css|sol|swift|java|kt)$/;

/** First folders that make a path one from the repo root (`scripts/` is not: every workspace has one). */
const TOP_DIRS = ['apps', 'packages', 'docs', 'deploy', '.ci'];

interface Problem {
  file: string;
  line: number;
  message: string;
}

const problems: Problem[] = [];

function report(file: string, line: number, message: string): void {
  problems.push({ file: path.relative(root, file) || file, line, message });
}

// ---- the repo --------------------------------------------------------------------------------------------------

const tracked = execFileSync('git', ['ls-files', '-z', '--cached', '--others', '--exclude-standard'], {
  cwd: root,
  encoding: 'utf8',
  maxBuffer: 64 * 1024 * 1024,
})
  .split('\0')
  .filter((file) => file && existsSync(path.join(root, file)));
const trackedSet = new Set(tracked);
const trackedDirs = new Set<string>();
for (const file of tracked) {
  const parts = file.split('/');
  for (let i = 1; i < parts.length; i++) trackedDirs.add(parts.slice(0, i).join('/'));
}

const sourceText = new Map<string, string>();
for (const file of tracked) {
  if (NOT_SOURCE.test(file) || file === 'scripts/check-docs.ts') continue; // its own lists name what is not source
  const text = readFileSync(path.join(root, file), 'utf8');
  if (text.includes('\0')) continue;
  sourceText.set(file, text);
}
const wordsOf = new Map<string, Set<string>>();
function words(file: string): Set<string> {
  let found = wordsOf.get(file);
  if (!found) {
    found = new Set((sourceText.get(file) ?? '').match(/[A-Za-z_$][\w$]*/g) ?? []);
    wordsOf.set(file, found);
  }
  return found;
}
const allWords = new Set<string>();
for (const file of sourceText.keys()) for (const word of words(file)) allWords.add(word);
const allSource = [...sourceText.values()].join('\n');

function packageScripts(dir: string): Record<string, string> | undefined {
  const file = path.join(root, dir, 'package.json');
  if (!existsSync(file)) return undefined;
  return (JSON.parse(readFileSync(file, 'utf8')) as { scripts?: Record<string, string> }).scripts ?? {};
}

/** Every package the workspaces depend on: `ical.js` is a package, not a file. */
const dependencies = new Set<string>();
for (const file of tracked.filter((name) => /(^|\/)package\.json$/.test(name))) {
  const json = JSON.parse(readFileSync(path.join(root, file), 'utf8')) as Record<string, Record<string, string>>;
  for (const field of ['dependencies', 'devDependencies', 'optionalDependencies', 'peerDependencies']) {
    for (const name of Object.keys(json[field] ?? {})) dependencies.add(name);
  }
}

/** Env var prefixes the source completes in a template (`CHAIN_RPC_${chain}`). */
const envPrefixes = new Set([...allSource.matchAll(/\b([A-Z][A-Z0-9]*_(?:[A-Z0-9]+_)*)\$\{/g)].map((m) => m[1]!));

const cruiserConfig = readdirSync(root).find((name) => /^\.dependency-cruiser\./.test(name));
const cruiserRules = new Set(
  cruiserConfig
    ? [...readFileSync(path.join(root, cruiserConfig), 'utf8').matchAll(/\bname:\s*['"]([^'"]+)['"]/g)].map(
        (m) => m[1]!,
      )
    : [],
);

// ---- paths -----------------------------------------------------------------------------------------------------

function escapeRegex(text: string): string {
  return text.replace(/[.+?^$()|[\]\\]/g, '\\$&');
}

/** A doc's path as a regex: `<x>` and `*` match within one folder, `{a,b}` either, `…` anything. */
function pathPattern(name: string): RegExp {
  let source = '';
  for (const part of name.split(/(<[^>]*>|\*|\{[^}]*\}|…|\.\.\.)/)) {
    if (part === '*' || part.startsWith('<')) source += '[^/]*';
    else if (part === '…' || part === '...') source += '.*';
    else if (part.startsWith('{')) source += `(?:${part.slice(1, -1).split(',').map(escapeRegex).join('|')})`;
    else source += escapeRegex(part);
  }
  return new RegExp(source);
}

/** The tracked files a doc's path names: a full path from the root, or the end of any tracked path. */
function filesNamed(name: string): string[] {
  const isDir = name.endsWith('/');
  const bare = name.replace(/^\.\//, '').replace(/\/$/, '');
  const anchored = TOP_DIRS.includes(bare.split('/')[0]!) ? '^' : '(?:^|/)';
  const pattern = new RegExp(`${anchored}${pathPattern(bare).source}${isDir ? '/' : '$'}`);
  if (!/[<*{…]/.test(bare)) {
    if (!isDir && trackedSet.has(bare)) return [bare];
    if (trackedDirs.has(bare)) return [bare];
  }
  const found = tracked.filter((file) => pattern.test(file));
  if (found.length > 0 || isDir) return found;
  // A folder named without its trailing slash.
  return tracked.filter((file) => new RegExp(`${anchored}${pathPattern(bare).source}/`).test(file));
}

/** Whether a backticked word is a path the check should find. */
function looksLikePath(code: string): boolean {
  if (dependencies.has(code)) return false; // a package (`ical.js`)
  if (/^[^@/\s]+@[\w.-]+$/.test(code)) return false; // an email address
  if (/\s|:\/\/|^[a-z]+:|[=&?'"]/.test(code)) return false;
  if (/^\.[\w.]+$/.test(code) && !trackedSet.has(code)) return false; // an extension (`.store.ts`, `.ics`)
  if (/^[A-Z][A-Z0-9_]*\//.test(code)) return false; // under an env var's folder (`DATA_DIR/outbox`)
  if (code.endsWith('/')) return /^[\w.@<>*{},-]+(\/[\w.@<>*{},…-]+)*\/$/.test(code);
  if (FILE_EXT.test(code)) return /^[\w.@<>*{},…-]+(\/[\w.@<>*{},…-]+)*$/.test(code);
  if (/\.(shared\.)?test$/.test(code)) return true; // a test file named without `.ts`
  return code.includes('/') && TOP_DIRS.includes(code.split('/')[0]!);
}

function checkPath(doc: string, line: number, name: string): string[] | undefined {
  if (name in NOT_REPO_PATHS) return undefined;
  for (const prefix of Object.keys(OUTSIDE_PREFIXES)) if (name.startsWith(prefix)) return undefined;
  let found = filesNamed(name);
  if (found.length === 0 && /\.(shared\.)?test$/.test(name)) {
    found = [...filesNamed(`${name}.ts`), ...filesNamed(`${name}.tsx`)];
  }
  if (found.length === 0) report(doc, line, `\`${name}\` names no file of the repo`);
  return found;
}

// ---- Markdown --------------------------------------------------------------------------------------------------

interface Token {
  kind: 'code' | 'text';
  text: string;
  line: number;
}

/** A doc's paragraphs as text and code spans, fenced blocks left out; each token knows its line. */
function paragraphs(text: string): { tokens: Token[]; fenced: { text: string; line: number }[] } {
  const lines = text.split('\n');
  const blocks: { text: string; line: number }[][] = [[]];
  const fenced: { text: string; line: number }[] = [];
  let fence: string | undefined;
  lines.forEach((line, index) => {
    const marker = /^\s*(`{3,}|~{3,})/.exec(line)?.[1];
    if (fence) {
      if (marker && marker[0] === fence[0] && marker.length >= fence.length) fence = undefined;
      else fenced.push({ text: line, line: index + 1 });
      return;
    }
    if (marker) {
      fence = marker;
      blocks.push([]);
      return;
    }
    if (line.trim() === '') blocks.push([]);
    else blocks.at(-1)!.push({ text: line, line: index + 1 });
  });
  const tokens: Token[] = [];
  for (const block of blocks) {
    if (block.length === 0) continue;
    const joined = block.map((entry) => entry.text).join('\n');
    const lineAt = (offset: number) => block[joined.slice(0, offset).split('\n').length - 1]!.line;
    let last = 0;
    for (const match of joined.matchAll(/(`+)([^`][\s\S]*?)\1(?!`)/g)) {
      const at = match.index;
      if (at > last) tokens.push({ kind: 'text', text: joined.slice(last, at), line: lineAt(last) });
      tokens.push({ kind: 'code', text: match[2]!.replace(/\s*\n\s*/g, ' ').trim(), line: lineAt(at) });
      last = at + match[0].length;
    }
    tokens.push({ kind: 'text', text: `${joined.slice(last)}\n\n`, line: lineAt(last) });
  }
  return { tokens, fenced };
}

/** Text that ends a sentence (or a table cell or list item). */
const SENTENCE_END = /[.!?;:](?:\s|$)|\||\n\s*(?:[-*+]|\d+\.)\s|\n\n/;

/** The tokens cut into sentences: text split where a sentence ends, code spans kept whole. */
function sentences(tokens: Token[]): Token[][] {
  const result: Token[][] = [[]];
  for (const token of tokens) {
    if (token.kind === 'code') {
      result.at(-1)!.push(token);
      continue;
    }
    token.text.split(SENTENCE_END).forEach((part, index) => {
      if (index > 0) result.push([]);
      if (part) result.at(-1)!.push({ ...token, text: part });
    });
  }
  return result.filter((sentence) => sentence.length > 0);
}

/**
 * A sentence that records a rename or a removal names the old name on purpose ("`okColor` became `okVariant`"):
 * its names are not looked for.
 */
const HISTORY =
  /\b(became|renamed|replaced\s+by|was\s+replaced|were\s+replaced|folded\s+into|no\s+longer|dropped|is\s+gone|are\s+gone|formerly|used\s+to\s+be)\b/i;

/** Screenshots named after a folder outside the repo (`/work/wt/shots/x/` — `a.png`, `b-*.png`) are in that folder. */
const IMAGE = /\.(png|jpe?g|webp|gif)$/;

const SYMBOL = /^([A-Za-z_$][\w$]*)(\([^()]*\))?$/;
const CAMEL = /[a-z][A-Z]/;

/** The words of a code symbol (`anonymiseAccount`, `creditDeposit()`, `RedPacketExpiry.settleDue`). */
function symbolOf(code: string): string[] | undefined {
  const match = SYMBOL.exec(code);
  if (match) return CAMEL.test(match[1]!) ? [match[1]!] : undefined;
  const dotted = /^([A-Za-z_$][\w$]*(?:\.[A-Za-z_$][\w$]*)+)(\(\))?$/.exec(code);
  return dotted && CAMEL.test(dotted[1]!) ? dotted[1]!.split('.') : undefined;
}

function checkSymbols(doc: string, line: number, code: string): void {
  const names = SYMBOL.test(code)
    ? [SYMBOL.exec(code)![1]!]
    : /^[A-Za-z_$][\w$]*(\.[A-Za-z_$][\w$]*)+(\([^()]*\))?$/.test(code)
      ? code.replace(/\(.*$/, '').split('.')
      : [];
  for (const name of names) {
    if (!CAMEL.test(name) || name in NOT_REPO_SYMBOLS) continue;
    if (!allWords.has(name)) report(doc, line, `\`${code}\`: no source file has \`${name}\``);
  }
}

function checkEnv(doc: string, line: number, code: string): void {
  const match = /^([A-Z][A-Z0-9]*(?:_(?:[A-Z0-9]+|<[A-Za-z]+>))+)(=\S*)?$/.exec(code);
  if (!match) return;
  const name = match[1]!;
  if (name in NOT_REPO_SYMBOLS) return;
  const placeholder = name.indexOf('<');
  const found =
    placeholder >= 0
      ? allSource.includes(name.slice(0, placeholder))
      : allWords.has(name) || [...envPrefixes].some((prefix) => name.startsWith(prefix));
  if (!found)
    report(doc, line, `\`${code}\`: no source file has \`${placeholder >= 0 ? name.slice(0, placeholder) : name}\``);
}

function checkNpm(doc: string, line: number, text: string, cwd?: string): void {
  for (const match of text.matchAll(/\bnpm\s+(?:(test|start)\b|run(?:-script)?\s+([\w:.-]+))([^`\n&|;]*)/g)) {
    const script = match[1] ?? match[2]!;
    const rest = match[3] ?? '';
    const before = text.slice(0, match.index);
    const workspace =
      /(?:^|\s)(?:-w|--workspace)[\s=]+(\S+)/.exec(rest)?.[1] ??
      /\bcd\s+((?:apps|packages)\/[\w-]+)\s*&&\s*(?:\w+=\S+\s+)*$/.exec(before)?.[1] ??
      cwd;
    const scripts = packageScripts(workspace ?? '.');
    const where = workspace ? `${workspace}/package.json` : 'package.json';
    if (!scripts) report(doc, line, `\`npm ${match[1] ? script : `run ${script}`}\`: no ${where}`);
    else if (!(script in scripts)) report(doc, line, `\`npm run ${script}\`: ${where} has no script \`${script}\``);
  }
}

/**
 * The file a doc places a symbol in, when the two spans stand together in one sentence: `` `sym` is in `file` ``
 * (also `in`, `lives in`, `is defined in`), `` `sym` (`file` ``, `` `file` `sym` `` and `` `file` (`sym` ``. A
 * dotted symbol (`RedPacketExpiry.settleDue`) only in the first form: in the others the file is often where the
 * work is done, not the method (`ChatService.notifyMembers` (`chat/notices.service.ts`)).
 */
const SYMBOL_IN_FILE =
  /^\s*(?:is|are|lives|live|sits|sit|stays|is\s+defined|is\s+declared|is\s+exported)?\s*in\s+(?:the\s+)?$/;

function checkPlacements(doc: string, tokens: Token[], resolved: Map<Token, string[]>): void {
  for (let i = 0; i + 2 < tokens.length; i++) {
    const [first, between, second] = [tokens[i]!, tokens[i + 1]!, tokens[i + 2]!];
    if (first.kind !== 'code' || between.kind !== 'text' || second.kind !== 'code') continue;
    let symbol: string[] | undefined;
    let file: Token | undefined;
    if (/^\s*\(?$/.test(between.text) && resolved.has(first)) {
      symbol = symbolOf(second.text);
      file = first;
    } else if (resolved.has(second) && (SYMBOL_IN_FILE.test(between.text) || /^\s*\($/.test(between.text))) {
      symbol = symbolOf(first.text);
      file = second;
    }
    if (!symbol || !file || !CODE_EXT.test(file.text)) continue;
    if (symbol.length > 1 && !SYMBOL_IN_FILE.test(between.text)) continue;
    if (symbol.some((word) => word in NOT_REPO_SYMBOLS)) continue;
    const files = resolved.get(file)!;
    if (files.length === 0 || files.some((name) => symbol.every((word) => words(name).has(word)))) continue;
    const where = files.length === 1 ? `\`${files[0]}\`` : `any of the ${files.length} files named \`${file.text}\``;
    report(doc, file.line, `\`${symbol.join('.')}\` is not in ${where}`);
  }
}

/** Rule names in a sentence about dependency-cruiser: "rule `name`" or "`name` rule". */
function checkRules(doc: string, sentence: Token[]): void {
  const text = sentence.map((token) => token.text).join(' ');
  if (!/dependency-cruiser|depcruise|cruiser/i.test(text)) return;
  sentence.forEach((token, index) => {
    if (token.kind !== 'code' || !/^[a-z0-9]+(-[a-z0-9]+)+$/.test(token.text)) return;
    const before = sentence[index - 1]?.text ?? '';
    const after = sentence[index + 1]?.text ?? '';
    if (!/\brules?\s*$/.test(before) && !/^\s*rules?\b/.test(after)) return;
    if (!cruiserRules.has(token.text)) {
      report(doc, token.line, `\`${token.text}\` is no rule of ${cruiserConfig ?? 'the dependency-cruiser config'}`);
    }
  });
}

function checkLinks(doc: string, tokens: Token[]): void {
  for (const token of tokens) {
    if (token.kind !== 'text') continue;
    for (const match of token.text.matchAll(/\]\(([^)\s]+)(?:\s+"[^"]*")?\)/g)) {
      const target = decodeURI(match[1]!.replace(/#.*$/, ''));
      if (!target || /^[a-z]+:/i.test(target)) continue;
      const line = token.line + token.text.slice(0, match.index).split('\n').length - 1;
      const full = path.relative(root, path.resolve(path.dirname(doc), target));
      if (full.startsWith('..') || !(trackedSet.has(full) || trackedDirs.has(full.replace(/\/$/, '')))) {
        report(doc, line, `link to \`${target}\`: no such file in the repo`);
      }
    }
  }
}

function checkDoc(doc: string): void {
  const { tokens, fenced } = paragraphs(readFileSync(doc, 'utf8'));
  const resolved = new Map<Token, string[]>();
  let outsideFolder = false;
  for (const token of tokens) {
    if (token.kind === 'text') {
      token.text.split('\n').forEach((text, index) => {
        checkNpm(doc, token.line + index, text);
        checkDocMentions(doc, token.line + index, text);
      });
      if (token.text.endsWith('\n\n')) outsideFolder = false;
    } else {
      checkNpm(doc, token.line, token.text);
      if (/^\/[^\s`]*(\/|\.(png|jpe?g|webp|gif))$/.test(token.text) && !token.text.startsWith('/rest/')) {
        outsideFolder = true;
      }
      if (outsideFolder && IMAGE.test(token.text) && !token.text.includes('/')) token.text = '';
    }
  }
  for (const sentence of sentences(tokens)) {
    const history = HISTORY.test(sentence.map((token) => token.text).join(' '));
    for (const token of sentence) {
      if (token.kind !== 'code' || !token.text) continue;
      const code = token.text;
      if (looksLikePath(code)) {
        const files = history ? undefined : checkPath(doc, token.line, code);
        if (files) resolved.set(token, files);
        continue;
      }
      if (history) continue;
      checkSymbols(doc, token.line, code);
      checkEnv(doc, token.line, code);
    }
    checkPlacements(doc, sentence, resolved);
    checkRules(doc, sentence);
  }
  // A shell block's `cd apps/web` holds for the lines after it, up to the block's end.
  let cwd: string | undefined;
  let previous = -1;
  for (const { text, line } of fenced) {
    if (line !== previous + 1) cwd = undefined;
    previous = line;
    checkNpm(doc, line, text, cwd);
    const cd = /^\s*cd\s+(\S+)\s*(?:#.*)?$/.exec(text)?.[1];
    if (cd) cwd = /^(apps|packages)\/[\w-]+$/.test(cd) ? cd : undefined;
  }
  checkLinks(doc, tokens);
}

/** A doc named in plain text ("see docs/jobs.md"). */
function checkDocMentions(file: string, line: number, text: string): void {
  for (const match of text.matchAll(/(?<![\w/.-])docs\/[\w.-]+\.md\b/g)) {
    if (!trackedSet.has(match[0])) report(file, line, `\`${match[0]}\` names no file of the repo`);
  }
}

/** Config files read for the npm scripts and docs they name. */
function checkConfig(file: string): void {
  readFileSync(file, 'utf8')
    .split('\n')
    .forEach((text, index) => {
      checkNpm(file, index + 1, text);
      checkDocMentions(file, index + 1, text);
    });
}

const args = process.argv.slice(2);
if (args.length > 0) {
  for (const file of args) checkDoc(path.resolve(file));
} else {
  const docs = ['README.md', ...tracked.filter((file) => /^docs\/[^/]+\.md$/.test(file))];
  for (const doc of docs) checkDoc(path.join(root, doc));
  const configs = [
    ...(cruiserConfig ? [cruiserConfig] : []),
    ...tracked.filter(
      (file) => /^(\.ci\/|deploy\/)/.test(file) || /^(knip|biome)\.json$|^vitest\.config\.ts$/.test(file),
    ),
  ];
  for (const config of configs) checkConfig(path.join(root, config));
}

problems.sort((a, b) => (a.file === b.file ? a.line - b.line : a.file < b.file ? -1 : 1));
for (const { file, line, message } of problems) console.log(`${file}:${line}: ${message}`);
const seconds = ((performance.now() - started) / 1000).toFixed(1);
if (problems.length > 0) {
  console.log(`check-docs: ${problems.length} problem(s) (${seconds} s)`);
  process.exit(1);
}
console.log(`check-docs: what the docs name exists (${seconds} s)`);
