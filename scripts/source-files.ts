import { readdirSync } from 'node:fs';
import path from 'node:path';

/** Every file under `dir` whose name matches `name`, tests left out: what the checks of `npm run check` read. */
export function sourceFiles(dir: string, name: RegExp): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return sourceFiles(full, name);
    return name.test(entry.name) && !/\.test\.tsx?$/.test(entry.name) ? [full] : [];
  });
}
