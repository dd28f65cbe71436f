import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

/**
 * One overlay rule for every sheet and dialog (docs/web-client.md "Overlays"): they are built only from the
 * overlay layer (components/Sheet.tsx, components/ActionSheet.tsx, app/overlays.ts), which stacks them and makes
 * them real dialogs. A Popup, Dialog or ActionSheet taken from antd-mobile anywhere else would sit outside the
 * stack (under a sheet's mask, with no focus handling), as the trade-password dialog of issue 23 did.
 */
const LAYER = new Set(['components/Sheet.tsx', 'app/ActionSheetView.tsx', 'app/overlays-impl.tsx']);
const RAW = ['Popup', 'CenterPopup', 'Dialog', 'ActionSheet', 'Modal', 'Mask'];

const src = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

function filesUnder(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    return entry.isDirectory() ? filesUnder(full) : [full];
  });
}

/** The names a file imports from antd-mobile. */
export function antdImportsOf(text: string): string[] {
  return [...text.matchAll(/import\s*\{([^}]*)\}\s*from\s*'antd-mobile'/g)].flatMap((match) =>
    (match[1] ?? '')
      .split(',')
      .map((name) => name.trim().split(/\s+as\s+/)[0] ?? '')
      .filter(Boolean),
  );
}

describe('overlays come from the overlay layer', () => {
  it('finds an overlay imported from antd-mobile', () => {
    expect(antdImportsOf("import { Button, Dialog as D, Popup } from 'antd-mobile';")).toEqual([
      'Button',
      'Dialog',
      'Popup',
    ]);
  });

  it('no file outside the layer builds a sheet or dialog from antd-mobile', () => {
    const offenders = filesUnder(src)
      .filter((file) => /\.tsx?$/.test(file) && !file.endsWith('.test.ts') && !file.endsWith('.test.tsx'))
      .map((file) => path.relative(src, file).split(path.sep).join('/'))
      .filter((file) => !LAYER.has(file))
      .flatMap((file) => {
        const raw = antdImportsOf(readFileSync(path.join(src, file), 'utf8')).filter((name) => RAW.includes(name));
        return raw.map((name) => `${file}: ${name}`);
      });
    expect(offenders).toEqual([]);
  });
});
