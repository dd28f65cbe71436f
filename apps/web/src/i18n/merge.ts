export type Tree = { [key: string]: string | Tree };

/**
 * One language's strings: its main file plus one file per feature area (`areas/<area>/<language>.json`), so
 * features can add their strings without touching the same file. Each area owns top-level keys of its own;
 * a key defined twice is a mistake, and merging says so.
 */
export function merge(base: Tree, areaFiles: Record<string, Tree>): Tree {
  const result: Tree = { ...base };
  for (const [path, area] of Object.entries(areaFiles)) {
    for (const [key, value] of Object.entries(area)) {
      if (key in result) throw new Error(`i18n: top-level key "${key}" in ${path} is already defined`);
      result[key] = value;
    }
  }
  return result;
}
