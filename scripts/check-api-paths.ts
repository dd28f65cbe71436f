// The web calls the server through one typed seam (docs/decisions.md "One typed seam"): `api.call(<module>Api.x)`
// from the contract's route table, `api.upload(UPLOADS.x)` or `api.download` with a path of FILE_PATHS.
// Checked by `npm run check`: a hand-written API path in the web's code (a string or template literal given to
// the request layer, or `get`/`post`/`request`, which take one) is reported with its file and line, and so is an
// upload not named by the contract's UPLOADS (which types its answer) or a download not by FILE_PATHS.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { sourceFiles } from './source-files.ts';

const root = path.resolve(import.meta.dirname, '..');
const webSource = path.join(root, 'apps/web/src');
/** The request layer itself, which turns a route into a request. */
const SEAM = new Set(['api/request.ts']);

const problems: string[] = [];
for (const file of sourceFiles(webSource, /\.tsx?$/)) {
  const relative = path.relative(webSource, file);
  if (SEAM.has(relative)) continue;
  const lines = readFileSync(file, 'utf8').split('\n');
  lines.forEach((line, index) => {
    const at = `apps/web/src/${relative}:${index + 1}`;
    if (/\bapi\.(get|post|request)\s*[<(]/.test(line)) {
      problems.push(`${at}: calls the server by path (${line.trim()}); use api.call(<module>Api.<call>)`);
    }
    const upload = line.match(/\bapi\.upload\s*(<[^(]*>)?\(/);
    if (upload && (upload[1] || !line.includes('UPLOADS.'))) {
      problems.push(`${at}: an upload by path or with its answer's type written (${line.trim()}); use UPLOADS.<x>`);
    }
    if (/\bapi\.download\s*(<[^(]*>)?\(/.test(line) && !line.includes('FILE_PATHS.')) {
      problems.push(`${at}: a download with a hand-written path (${line.trim()}); use the contract's FILE_PATHS`);
    }
  });
}

if (problems.length > 0) {
  console.error(`Hand-written API paths in the web (${problems.length}):\n${problems.join('\n')}`);
  process.exit(1);
}
console.log('check-api-paths: the web calls the server only through the contract’s route table');
