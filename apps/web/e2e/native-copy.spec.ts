import { createReadStream } from 'node:fs';
import { mkdtemp, rm, stat } from 'node:fs/promises';
import { createServer, type Server } from 'node:http';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { expect } from '@playwright/test';
import { API_BASE } from '@polaris/contract';
import { makeNativeCopy } from '../scripts/native-copy.ts';
import { registerThroughScreens, signedCallFromPage, stepper, test, uniqueEmail } from './support.ts';

// The copy of the app a native shell bundles (scripts/native-copy.ts), served from an origin of its own as a shell
// serves it from capacitor://localhost: a person signs up (the captcha's challenge and the mailed code), sees the
// demo games' icons, chats over the WebSocket and makes a signed call, all against the API on the e2e server's
// origin, under the copy's own Content-Security-Policy (any violation fails the journey). Nothing may be asked of
// the shell's own origin under /rest, where a shell has no server.

const apiOrigin = process.env.E2E_BASE_URL!;
const shellOrigin = process.env.E2E_SHELL_ORIGIN!;
const TYPES: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript',
  '.css': 'text/css',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.json': 'application/json',
  '.webmanifest': 'application/manifest+json',
  '.woff2': 'font/woff2',
};

let folder: string;
let shell: Server;

test.beforeAll(async () => {
  folder = await mkdtemp(path.join(tmpdir(), 'polaris-native-copy-'));
  await makeNativeCopy({ from: path.join(import.meta.dirname, '../dist'), to: folder, apiOrigin });
  // A plain file server, like the shells' own: no API, no security headers.
  shell = createServer(async (request, response) => {
    const pathname = decodeURIComponent(new URL(request.url ?? '/', shellOrigin).pathname);
    const file = path.join(folder, pathname === '/' ? 'index.html' : pathname);
    const found = file.startsWith(folder) && (await stat(file).catch(() => null))?.isFile();
    if (!found) {
      response.writeHead(404).end();
      return;
    }
    response.writeHead(200, { 'content-type': TYPES[path.extname(file)] ?? 'application/octet-stream' });
    createReadStream(file).pipe(response);
  });
  await new Promise<void>((resolve) => shell.listen(Number(new URL(shellOrigin).port), '127.0.0.1', resolve));
});

test.afterAll(async () => {
  await new Promise((resolve) => shell.close(resolve));
  await rm(folder, { recursive: true, force: true });
});

test('the native shells’ copy signs up, shows images, chats and signs calls against the API elsewhere', async ({
  page,
}, info) => {
  test.setTimeout(90_000);
  const shot = stepper(page, info);
  const misdirected: string[] = [];
  page.on('request', (request) => {
    if (request.url().startsWith(`${shellOrigin}${API_BASE}`)) misdirected.push(request.url());
  });
  await page.addInitScript(() => {
    const store = JSON.parse(localStorage.getItem('polarisex:store') ?? '{}');
    localStorage.setItem(
      'polarisex:store',
      JSON.stringify({ ...store, settings: { ...store.settings, language: 'en' } }),
    );
  });

  // Sign-up: the captcha's challenge and both calls cross to the API.
  const email = uniqueEmail('shell');
  await registerThroughScreens(page, email, shellOrigin);

  // The demo games' icons are paths on the API server; the copy loads them from there.
  await page.goto(`${shellOrigin}/#/pages/daogame/index`);
  await expect(page.getByTestId('daogame-featured')).toBeVisible();
  const icon = page.locator(`img[src^="${apiOrigin}${API_BASE}/daogame/icons/"]`).first();
  await expect(icon).toBeVisible();
  await expect
    .poll(() => icon.evaluate((image: HTMLImageElement) => image.complete && image.naturalWidth))
    .toBeGreaterThan(0);
  await shot('native-copy-daogame');

  // A room of one's own: the message goes over the WebSocket to the API and comes back confirmed.
  await page.goto(`${shellOrigin}/#/pages/chatroom/index`);
  await page.getByTestId('room-new').click();
  await page.getByTestId('room-name-input').fill(`Shell room ${Date.now().toString(36)}`);
  await page.getByTestId('room-create-submit').click();
  await expect(page).toHaveURL(/chatroom\/chat\/index\?id=\d+/);
  await page.getByTestId('composer-input').fill('Hello from the shell');
  await page.getByTestId('composer-send').click();
  await expect(page.getByTestId('chat-message').filter({ hasText: 'Hello from the shell' })).toBeVisible();
  await expect(page.getByTestId('chat-pending')).toHaveCount(0);
  await shot('native-copy-chat');

  // A signed call with the key the copy stored on its own origin, through the preflight.
  expect(await signedCallFromPage(page, `${apiOrigin}${API_BASE}`)).toMatchObject({ status: 200, exportable: false });
  expect(misdirected).toEqual([]);
});
