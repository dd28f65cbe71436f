import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { collectLicences } from '../../vite-licences.ts';

const appDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');

describe('the licences about-us lists', () => {
  const licences = collectLicences(appDir);

  it('covers the production dependencies and theirs, read from node_modules, each once', () => {
    const names = licences.map((entry) => entry.name);
    expect(names).toEqual(expect.arrayContaining(['react', 'react-dom', 'antd-mobile', 'zod', 'qrcode', 'scheduler']));
    expect(new Set(licences.map((entry) => `${entry.name}@${entry.version}`)).size).toBe(licences.length);
    expect(names).toEqual([...names].sort((a, b) => a.localeCompare(b)));
  });

  it('leaves out our own packages and what only development needs', () => {
    const names = licences.map((entry) => entry.name);
    expect(names.some((name) => name.startsWith('@polaris/'))).toBe(false);
    expect(names).not.toContain('vite');
    expect(names).not.toContain('vitest');
  });

  it("carries each package's licence and, where it ships one, the text", () => {
    const react = licences.find((entry) => entry.name === 'react');
    expect(react).toMatchObject({ licence: 'MIT' });
    expect(react?.text).toContain('Permission is hereby granted');
    expect(licences.every((entry) => entry.licence !== '')).toBe(true);
  });
});
