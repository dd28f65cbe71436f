import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { Button, type ButtonVariant } from './Button.tsx';
import { mount } from './test-mount.tsx';

const render = (node: React.ReactNode): HTMLElement => mount(node).querySelector('button')!;

describe('Button', () => {
  const looks: [ButtonVariant, string[], string[]][] = [
    ['primary', ['adm-button-primary'], ['adm-button-fill-outline', 'adm-button-fill-none']],
    ['secondary', ['adm-button-primary', 'adm-button-fill-outline'], ['adm-button-fill-none']],
    ['danger', ['adm-button-danger', 'adm-button-fill-outline'], ['adm-button-primary']],
    ['text', ['adm-button-primary', 'adm-button-fill-none'], ['adm-button-fill-outline']],
  ];
  for (const [variant, has, hasNot] of looks) {
    it(`${variant}: one pill shape and the variant's colour and fill`, () => {
      const button = render(
        <Button variant={variant} data-testid="b">
          Go
        </Button>,
      );
      expect(button.classList.contains('adm-button-shape-rounded')).toBe(true);
      for (const name of has) expect(button.classList.contains(name), name).toBe(true);
      for (const name of hasNot) expect(button.classList.contains(name), name).toBe(false);
      expect(button.dataset.variant).toBe(variant);
      expect(button.dataset.testid).toBe('b');
    });
  }

  it('is secondary and middle-sized unless told; sizes pass through', () => {
    const plain = render(<Button>Go</Button>);
    expect(plain.dataset.variant).toBe('secondary');
    expect(plain.classList.contains('adm-button-small')).toBe(false);
    expect(plain.classList.contains('adm-button-large')).toBe(false);
    const small = render(<Button size="small">Go</Button>);
    expect(small.classList.contains('adm-button-small')).toBe(true);
    const large = render(
      <Button size="large" block>
        Go
      </Button>,
    );
    expect(large.classList.contains('adm-button-large')).toBe(true);
    expect(large.classList.contains('adm-button-block')).toBe(true);
  });
});

/** Every screen's actions come from components/Button.tsx: antd-mobile's Button is imported nowhere else. */
describe('one button', () => {
  const src = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
  const files = (dir: string): string[] =>
    readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
      const full = path.join(dir, entry.name);
      return entry.isDirectory() ? files(full) : /\.tsx?$/.test(entry.name) ? [full] : [];
    });
  // app/ sits below components/ (it cannot import the Button); its few buttons get the pill from theme.css.
  const allowed = new Set(['components/Button.tsx']);
  it('no page or component imports antd-mobile Button or sets its own shape', () => {
    const offenders: string[] = [];
    for (const file of files(src)) {
      const name = path.relative(src, file).split(path.sep).join('/');
      if (allowed.has(name) || name.startsWith('app/') || name.endsWith('.test.tsx')) continue;
      const text = readFileSync(file, 'utf8');
      for (const [, list] of text.matchAll(/import\s*\{([^}]*)\}\s*from\s*'antd-mobile'/g)) {
        if (list!.split(',').some((item) => item.trim() === 'Button')) offenders.push(`${name}: imports Button`);
      }
      if (/<Button[^>]*\sshape=/.test(text)) offenders.push(`${name}: sets a shape`);
    }
    expect(offenders).toEqual([]);
  });

  it('antd-mobile buttons outside it (the shell) are pills too', () => {
    const theme = readFileSync(path.join(src, 'app/theme.css'), 'utf8');
    expect(theme).toMatch(/--adm-button-border-radius:\s*1000px/);
  });
});
