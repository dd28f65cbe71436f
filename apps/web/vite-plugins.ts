import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import type { Plugin } from 'vite';

/**
 * `import { Button } from 'antd-mobile'` → `import Button from 'antd-mobile/es/components/button'`, as
 * babel-plugin-import does for antd. antd-mobile's root module re-exports every component and is marked as
 * having side effects (it loads the global CSS), so the bundler counts every component that any page uses as
 * part of what the first screen imports, and puts them in its chunk. Importing each component from its own
 * module keeps the first screen to the components it renders. The global CSS (theme variables) is imported once
 * in main.tsx. Type-only imports are left alone; they disappear with the types. Build only: the dev server
 * pre-bundles the root module once, and rewriting there would make it discover each component anew.
 */
export function antdMobileDirectImports(): Plugin {
  const root = path.dirname(createRequire(import.meta.url).resolve('antd-mobile/package.json'));
  const barrel = readFileSync(path.join(root, 'es/index.js'), 'utf8');
  /** Exported name → [module under antd-mobile/es, name there ('default' for components)]. */
  const exports = new Map<string, [string, string]>();
  for (const [, list, from] of barrel.matchAll(/export \{([^}]+)\} from '\.\/([^']+)';/g)) {
    for (const item of list!.split(',')) {
      const [local, exported] = item.trim().split(/\s+as\s+/);
      exports.set(exported ?? local!, [`antd-mobile/es/${from}`, local!]);
    }
  }
  const IMPORT = /import\s+(type\s+)?\{([^}]*)\}\s*from\s*['"]antd-mobile['"];?/g;
  return {
    name: 'polaris:antd-mobile-direct-imports',
    enforce: 'pre',
    apply: 'build',
    transform(code, id) {
      if (id.includes('node_modules') || !/\.[jt]sx?$/.test(id) || !code.includes('antd-mobile')) return null;
      if (
        /import\s+(\*\s+as\s+\w+|\w+)\s*(,\s*\{[^}]*\})?\s*from\s*['"]antd-mobile['"]/.test(code) ||
        /export\s*(\*|\{[^}]*\})\s*from\s*['"]antd-mobile['"]/.test(code)
      ) {
        this.error(`${id}: import antd-mobile by name ({ Button }), so each component can load on its own`);
      }
      let changed = false;
      const result = code.replace(IMPORT, (statement, typeOnly: string | undefined, list: string) => {
        if (typeOnly) return statement;
        const types: string[] = [];
        const lines: string[] = [];
        for (const raw of list
          .split(',')
          .map((item) => item.trim())
          .filter(Boolean)) {
          if (raw.startsWith('type ')) {
            types.push(raw.slice(5));
            continue;
          }
          const [name, alias] = raw.split(/\s+as\s+/) as [string, string | undefined];
          const target = exports.get(name);
          if (!target) this.error(`${id}: antd-mobile has no export named ${name}`);
          const [from, exported] = target;
          lines.push(
            exported === 'default'
              ? `import ${alias ?? name} from '${from}';`
              : `import { ${exported}${alias || exported !== name ? ` as ${alias ?? name}` : ''} } from '${from}';`,
          );
        }
        if (types.length) lines.push(`import type { ${types.join(', ')} } from 'antd-mobile';`);
        changed = true;
        // Same number of lines as the statement replaced, so positions in errors still match the source.
        return lines.join(' ') + '\n'.repeat(statement.split('\n').length - 1);
      });
      return changed ? { code: result, map: null } : null;
    },
  };
}
