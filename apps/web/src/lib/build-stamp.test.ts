import { mkdirSync, writeFileSync } from 'node:fs';
import { mkdir, mkdtemp, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { buildIfStale, sourceHash, upToDate, writeStamp } from '../../scripts/build-stamp.ts';

/** A repository with the inputs of a web build, and a build that writes dist/index.html and counts its runs. */
async function repository() {
  const root = await mkdtemp(path.join(tmpdir(), 'polaris-stamp-'));
  await mkdir(path.join(root, 'apps/web/src/pages'), { recursive: true });
  await mkdir(path.join(root, 'packages/contract/src'), { recursive: true });
  await writeFile(path.join(root, 'package-lock.json'), '{"lockfileVersion":3}');
  await writeFile(path.join(root, 'apps/web/index.html'), '<div id="root"></div>');
  await writeFile(path.join(root, 'apps/web/src/pages/home.tsx'), 'export const home = 1;');
  await writeFile(path.join(root, 'packages/contract/src/index.ts'), 'export const x = 1;');
  let builds = 0;
  const build = () => {
    builds += 1;
    mkdirSync(path.join(root, 'apps/web/dist'), { recursive: true });
    writeFileSync(path.join(root, 'apps/web/dist/index.html'), '<html></html>');
  };
  return { root, builds: () => builds, build };
}

describe('npm start skips an up-to-date web build (issue 23)', () => {
  it('builds the first time, skips while nothing changed, builds again after any input changes', async () => {
    const repo = await repository();
    const build = async () => buildIfStale(repo.root, { build: repo.build });
    expect(await build()).toBe(true);
    expect(repo.builds()).toBe(1);
    expect(await build()).toBe(false);
    expect(repo.builds()).toBe(1);

    await writeFile(path.join(repo.root, 'apps/web/src/pages/home.tsx'), 'export const home = 2;');
    expect(await build()).toBe(true);
    await writeFile(path.join(repo.root, 'packages/contract/src/index.ts'), 'export const x = 2;');
    expect(await build()).toBe(true);
    await writeFile(path.join(repo.root, 'package-lock.json'), '{"lockfileVersion":3,"x":1}');
    expect(await build()).toBe(true);
    expect(await build()).toBe(false);
    expect(repo.builds()).toBe(4);
  });

  it('hashes paths and contents, not times; a missing index.html or stamp is never up to date', async () => {
    const repo = await repository();
    const before = sourceHash(repo.root);
    await writeFile(path.join(repo.root, 'apps/web/src/pages/home.tsx'), 'export const home = 1;');
    expect(sourceHash(repo.root)).toBe(before);
    await writeFile(path.join(repo.root, 'apps/web/src/pages/other.tsx'), '');
    expect(sourceHash(repo.root)).not.toBe(before);
    const dist = path.join(repo.root, 'apps/web/dist');
    expect(upToDate(dist, before)).toBe(false);
    await mkdir(dist, { recursive: true });
    writeStamp(dist, before);
    expect(upToDate(dist, before)).toBe(false);
    await writeFile(path.join(dist, 'index.html'), '<html></html>');
    expect(upToDate(dist, before)).toBe(true);
    expect(buildIfStale(repo.root, { force: true, build: () => undefined })).toBe(true);
  });
});
