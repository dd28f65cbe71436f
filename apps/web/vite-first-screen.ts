import { createHash } from 'node:crypto';
import path from 'node:path';
import { build, type Plugin, type Rolldown } from 'vite';

/** The first-screen strings of each language (src/i18n/catalogues/<language>.ts), by the chunk's source. */
const STRINGS = /\/src\/i18n\/catalogues\/(en|zh-Hans|zh-Hant)\.ts$/;

/**
 * The first screen's early script (src/app/first-screen-boot.ts; docs/performance.md "First screen"): built as a
 * bundle of its own (a few KiB; the helpers it shares with the app are copied in, so it waits for nothing of the
 * app's) and put first in index.html as an async module, which runs as soon as it arrives, with a meta element
 * naming each language's first-screen strings chunk for it to preload. Build only: the dev server has no early
 * script, and the app then asks for everything itself.
 */
export function firstScreenBoot(options: { root: string; entry: string }): Plugin {
  let file = '';
  let code = '';
  return {
    name: 'polaris:first-screen-boot',
    apply: 'build',
    async buildStart() {
      const result = (await build({
        configFile: false,
        root: options.root,
        logLevel: 'warn',
        resolve: { alias: { '@': path.join(options.root, 'src') } },
        build: {
          write: false,
          minify: true,
          modulePreload: false,
          copyPublicDir: false,
          rolldownOptions: { input: options.entry, output: { format: 'es' } },
        },
      })) as Rolldown.RolldownOutput;
      const chunks = result.output.filter((output) => output.type === 'chunk');
      if (chunks.length !== 1)
        throw new Error(`the first screen's early script must be one file, not ${chunks.length}`);
      code = chunks[0]!.code;
      file = `assets/first-screen-${createHash('sha256').update(code).digest('base64url').slice(0, 8)}.js`;
    },
    generateBundle() {
      this.emitFile({ type: 'asset', fileName: file, source: code });
    },
    transformIndexHtml: {
      order: 'post',
      handler(_html, context) {
        const bundle = context.bundle ?? {};
        /** A chunk and every chunk it imports statically: what its import waits for. */
        const closure = (fileName: string, seen = new Set<string>()): Set<string> => {
          const output = bundle[fileName];
          if (seen.has(fileName) || output?.type !== 'chunk') return seen;
          seen.add(fileName);
          for (const imported of output.imports) closure(imported, seen);
          return seen;
        };
        const strings: Record<string, string[]> = {};
        for (const output of Object.values(bundle)) {
          const language = output.type === 'chunk' ? STRINGS.exec(output.facadeModuleId ?? '')?.[1] : undefined;
          if (language) strings[language] = [...closure(output.fileName)].map((file) => `./${file}`);
        }
        if (Object.keys(strings).length !== 3) {
          throw new Error(`expected the first-screen strings of 3 languages, found ${Object.keys(strings).join(', ')}`);
        }
        return [
          { tag: 'meta', attrs: { name: 'polaris-first-strings', content: JSON.stringify(strings) }, injectTo: 'head' },
          {
            tag: 'script',
            attrs: { type: 'module', async: true, fetchpriority: 'high', src: `./${file}` },
            injectTo: 'head',
          },
        ];
      },
    },
  };
}
