import { mkdir, mkdtemp, readFile, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import {
  makeNativeCopy,
  nativeContentSecurityPolicy,
  nativeIndexHtml,
  parseApiOrigin,
} from '../../scripts/native-copy.ts';
import { readApiOrigin } from './api-origin.ts';

describe('the native shells’ copy of the app', () => {
  it('accepts only an http(s) origin for the API', () => {
    expect(parseApiOrigin('https://app.example.com/')).toBe('https://app.example.com');
    expect(parseApiOrigin('http://192.168.1.5:8080')).toBe('http://192.168.1.5:8080');
    for (const bad of [undefined, '', 'app.example.com', 'https://app.example.com/rest', 'ftp://x.example']) {
      expect(() => parseApiOrigin(bad)).toThrow(/POLARIS_API_ORIGIN/);
    }
  });

  it('lets calls and the socket reach the API and nothing else, and keeps scripts to the bundle', () => {
    const policy = nativeContentSecurityPolicy('https://app.example.com');
    expect(policy).toContain("connect-src 'self' https://app.example.com wss://app.example.com;");
    expect(policy).toContain("script-src 'self';");
    expect(policy).not.toMatch(/unsafe-eval|script-src[^;]*unsafe-inline/);
    expect(nativeContentSecurityPolicy('http://10.0.2.2:8080')).toContain(
      "connect-src 'self' http://10.0.2.2:8080 ws://10.0.2.2:8080;",
    );
  });

  it('writes the origin where the app reads it, and the policy before anything it must cover', () => {
    const html = nativeIndexHtml(
      '<!doctype html><html><head>\n    <meta charset="UTF-8" />\n    <script type="module" src="./app.js"></script></head></html>',
      'https://app.example.com',
    );
    const doc = new DOMParser().parseFromString(html, 'text/html');
    expect(readApiOrigin(doc)).toBe('https://app.example.com');
    const head = [...doc.head.children].map((element) => element.getAttribute('http-equiv') ?? element.tagName);
    expect(head.indexOf('Content-Security-Policy')).toBeLessThan(head.indexOf('SCRIPT'));
    expect(() => nativeIndexHtml('<html><head></head></html>', 'https://app.example.com')).toThrow(/charset/);
  });

  it('copies the build without the precompressed twins', async () => {
    const from = await mkdtemp(path.join(tmpdir(), 'native-from-'));
    const to = path.join(await mkdtemp(path.join(tmpdir(), 'native-to-')), 'dist-native');
    await mkdir(path.join(from, 'assets'));
    await writeFile(path.join(from, 'index.html'), '<head><meta charset="UTF-8"></head>');
    await writeFile(path.join(from, 'assets/app.js'), 'x');
    await writeFile(path.join(from, 'assets/app.js.br'), 'x');
    await writeFile(path.join(from, 'index.html.gz'), 'x');
    await makeNativeCopy({ from, to, apiOrigin: 'https://app.example.com' });
    expect(await readFile(path.join(to, 'assets/app.js'), 'utf8')).toBe('x');
    await expect(readFile(path.join(to, 'assets/app.js.br'))).rejects.toThrow();
    await expect(readFile(path.join(to, 'index.html.gz'))).rejects.toThrow();
    expect(await readFile(path.join(to, 'index.html'), 'utf8')).toContain('content="https://app.example.com"');
  });
});
