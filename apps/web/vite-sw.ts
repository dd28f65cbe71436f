import { createHash } from 'node:crypto';
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import type { Plugin } from 'vite';

/** Files of the build the worker leaves to the network: source maps, and the worker itself. */
const SKIP = /\.map$|^sw\.js$/;

/**
 * Emits `sw.js` (from sw/sw.js) at the root of the build with the list of every file the build wrote (bundled
 * assets, index.html, and the public folder's icons and manifest) and a version hashed from their contents, so a
 * new build is a new worker. Hand-written rather than Workbox: the worker is sixty lines that do exactly what
 * docs/app-platform.md says, with no runtime library in it and none in the page (the first screen's budget).
 */
export function serviceWorker(options: { source: string; publicDir: string }): Plugin {
  return {
    name: 'polaris:service-worker',
    apply: 'build',
    enforce: 'post',
    // After Vite's own plugins, so index.html is already in the bundle.
    generateBundle: {
      order: 'post',
      handler(_options, bundle) {
        const contents = new Map<string, string | Uint8Array>();
        for (const [name, output] of Object.entries(bundle)) {
          if (SKIP.test(name)) continue;
          contents.set(name, output.type === 'chunk' ? output.code : output.source);
        }
        for (const entry of readdirSync(options.publicDir, { withFileTypes: true, recursive: true })) {
          if (!entry.isFile()) continue;
          const name = path
            .relative(options.publicDir, path.join(entry.parentPath, entry.name))
            .split(path.sep)
            .join('/');
          if (!SKIP.test(name)) contents.set(name, readFileSync(path.join(entry.parentPath, entry.name)));
        }
        const files = [...contents.keys()].sort();
        const hash = createHash('sha256');
        for (const file of files) hash.update(file).update('\0').update(contents.get(file)!).update('\0');
        const source = readFileSync(options.source, 'utf8')
          .replace('__POLARIS_SW_VERSION__', hash.digest('hex').slice(0, 16))
          .replace("'__POLARIS_SW_FILES__'", files.map((file) => JSON.stringify(file)).join(', '));
        this.emitFile({ type: 'asset', fileName: 'sw.js', source });
      },
    },
  };
}
