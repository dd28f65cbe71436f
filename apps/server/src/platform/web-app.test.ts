import { execFileSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { mkdir, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { REPO_ROOT } from '../paths.ts';
import { createTestApp, type TestApp } from '../test/app.ts';
import { IMMUTABLE, preloadLinks, REVALIDATE } from './web-app.ts';

const COMPRESS = path.join(REPO_ROOT, 'apps/web/scripts/compress.mjs');

// Big and repetitive enough that both encodings pay off, as a real bundle does.
const script = `export const rows = [${Array.from({ length: 400 }, (_, i) => `{ id: ${i}, label: "row ${i}" }`).join(', ')}];\n`;
const shell = `<!doctype html><html><head><script type="module" crossorigin src="./assets/index-Ab12Cd34.js"></script>${'<meta name="x" content="y">'.repeat(20)}</head><body><div id="root"></div></body></html>`;
const style = `.a{color:red}${'.card{display:flex;padding:8px}'.repeat(50)}`;

describe('the built web app', () => {
  let t: TestApp;
  let web: string;

  beforeAll(async () => {
    web = await mkdtemp(path.join(tmpdir(), 'polaris-web-'));
    await mkdir(path.join(web, 'assets'));
    await writeFile(path.join(web, 'index.html'), shell);
    await writeFile(path.join(web, 'assets', 'index-Ab12Cd34.js'), script);
    await writeFile(path.join(web, 'assets', 'index-Ef56Gh78.css'), style);
    await writeFile(path.join(web, 'assets', 'tiny-Ij90Kl12.js'), 'export{};');
    await writeFile(path.join(web, 'icon.svg'), `<svg xmlns="http://www.w3.org/2000/svg">${'<g/>'.repeat(100)}</svg>`);
    await writeFile(path.join(web, 'icon-192.png'), Buffer.from([0x89, 0x50, 0x4e, 0x47, 1, 2, 3, 4]));
    // The build's own step, so what the server finds is what `npm run build` writes.
    execFileSync(process.execPath, [COMPRESS, web], { stdio: 'pipe' });
    t = await createTestApp({ webDistDir: web });
  });
  afterAll(async () => {
    await t.close();
    await rm(web, { recursive: true, force: true });
  });

  const get = (url: string, acceptEncoding?: string) =>
    t.app.inject({
      method: 'GET',
      url,
      headers: acceptEncoding === undefined ? {} : { 'accept-encoding': acceptEncoding },
    });

  it('writes a brotli and a gzip copy of text files at build time, none of images or of what would not shrink', () => {
    for (const file of ['index.html', 'assets/index-Ab12Cd34.js', 'assets/index-Ef56Gh78.css', 'icon.svg']) {
      expect(existsSync(path.join(web, `${file}.br`)), file).toBe(true);
      expect(existsSync(path.join(web, `${file}.gz`)), file).toBe(true);
    }
    expect(existsSync(path.join(web, 'icon-192.png.br'))).toBe(false);
    expect(existsSync(path.join(web, 'assets/tiny-Ij90Kl12.js.br'))).toBe(false);
  });

  it('sends brotli to a browser that accepts it, and the bytes decode to the built file', async () => {
    // Chromium's header lists gzip first; brotli is still the better choice.
    const response = await get('/assets/index-Ab12Cd34.js', 'gzip, deflate, br, zstd');
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-encoding']).toBe('br');
    expect(response.headers['content-type']).toMatch(/^text\/javascript|^application\/javascript/);
    expect(response.headers.vary).toMatch(/accept-encoding/i);
    expect(response.headers['cache-control']).toBe(IMMUTABLE);
    expect(response.rawPayload.length).toBeLessThan(script.length / 4);
    expect(brotliDecompressSync(response.rawPayload).toString()).toBe(script);
  });

  it('sends gzip to a browser without brotli, and the file itself to one that accepts neither', async () => {
    const gzipped = await get('/assets/index-Ef56Gh78.css', 'gzip');
    expect(gzipped.headers['content-encoding']).toBe('gzip');
    expect(gzipped.headers['content-type']).toMatch(/^text\/css/);
    expect(gzipped.headers.vary).toMatch(/accept-encoding/i);
    expect(gunzipSync(gzipped.rawPayload).toString()).toBe(style);

    for (const acceptEncoding of [undefined, 'identity']) {
      const plain = await get('/assets/index-Ab12Cd34.js', acceptEncoding);
      expect(plain.headers['content-encoding'], acceptEncoding).toBeUndefined();
      // A shared cache must not hand this plain answer to a browser that asked for brotli.
      expect(plain.headers.vary, acceptEncoding).toMatch(/accept-encoding/i);
      expect(plain.headers['cache-control']).toBe(IMMUTABLE);
      expect(plain.body).toBe(script);
    }
  });

  it('revalidates the app shell and other unhashed files, compressed too', async () => {
    for (const url of ['/', '/index.html']) {
      const response = await get(url, 'br, gzip');
      expect(response.headers['content-encoding'], url).toBe('br');
      expect(response.headers['content-type'], url).toMatch(/^text\/html/);
      expect(response.headers['cache-control'], url).toBe(REVALIDATE);
      expect(response.headers.vary, url).toMatch(/accept-encoding/i);
      // The policy is still there: compression does not bypass the security headers.
      expect(response.headers['content-security-policy'], url).toContain("script-src 'self'");
      expect(brotliDecompressSync(response.rawPayload).toString(), url).toBe(shell);
    }
    const icon = await get('/icon.svg', 'gzip');
    expect(icon.headers['content-encoding']).toBe('gzip');
    expect(icon.headers['content-type']).toMatch(/^image\/svg\+xml/);
    expect(icon.headers['cache-control']).toBe(REVALIDATE);
    const png = await get('/icon-192.png', 'br, gzip');
    expect(png.headers['content-encoding']).toBeUndefined();
    expect(png.rawPayload).toEqual(await readFile(path.join(web, 'icon-192.png')));
  });

  it('falls back to the file itself where no copy was worth writing', async () => {
    const response = await get('/assets/tiny-Ij90Kl12.js', 'br, gzip');
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-encoding']).toBeUndefined();
    expect(response.body).toBe('export{};');
  });

  it("names the shell's scripts in a Link header, so a browser fetches them before it has parsed the page", async () => {
    for (const url of ['/', '/index.html']) {
      const response = await get(url, 'br, gzip');
      expect(response.headers.link, url).toBe('<./assets/index-Ab12Cd34.js>; rel=modulepreload; crossorigin');
    }
    expect((await get('/assets/index-Ab12Cd34.js', 'br')).headers.link).toBeUndefined();
    expect(
      preloadLinks(
        '<script type="module" async src="./assets/early-A1.js"></script><link rel="modulepreload" crossorigin href="./assets/rt-B2.js"><link rel="stylesheet" crossorigin href="./assets/index-C3.css"><link rel="icon" href="./icon.svg">',
      ),
    ).toBe(
      '<./assets/early-A1.js>; rel=modulepreload, <./assets/rt-B2.js>; rel=modulepreload; crossorigin, <./assets/index-C3.css>; rel=preload; as=style; crossorigin',
    );
  });

  it('does not serve the compressed copies under their own names', async () => {
    for (const url of ['/assets/index-Ab12Cd34.js.br', '/assets/index-Ab12Cd34.js.gz', '/index.html.br']) {
      expect((await get(url, 'br, gzip')).statusCode, url).toBe(404);
    }
  });
});
