import { rmSync } from 'node:fs';
import { cp, mkdtemp } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';

let template: Promise<string> | undefined;

/**
 * A new folder (`prefix` in the temporary folder) holding a new, empty PGlite cluster: nothing migrated, as
 * `PGlite.create` leaves a folder it initialises. A copy of one cluster initialised once per process: PGlite's
 * initdb (in WASM) takes about 7 s of CPU, the copy a fraction of a second. The caller removes the folder.
 */
export async function emptyPgliteDataDir(prefix: string): Promise<string> {
  template ??= (async () => {
    const made = await mkdtemp(path.join(tmpdir(), 'polaris-pglite-template-'));
    process.once('exit', () => rmSync(made, { recursive: true, force: true }));
    await (await PGlite.create(made)).close();
    return made;
  })();
  const source = await template;
  const dataDir = await mkdtemp(path.join(tmpdir(), prefix));
  await cp(source, dataDir, { recursive: true });
  return dataDir;
}
