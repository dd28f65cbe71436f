/**
 * The native shells' copy of the built web app (docs/native-apps.md "Where the API is").
 *
 * A shell serves its pages from `capacitor://localhost` (iOS) or `https://localhost` (Android), where no API answers.
 * This copy of `dist` names the API's origin in a `<meta name="polaris-api-origin">` that the app reads at start
 * (src/lib/api-origin.ts), and carries its own Content-Security-Policy, since no server sends one to a shell.
 * The same build serves the web and the shells: only index.html differs, so a release builds once.
 *
 * Usage: POLARIS_API_ORIGIN=https://app.example.com npx tsx scripts/native-copy.ts [from=dist] [to=dist-native]
 * (`npm run build:native` in apps/web, after `npm run build`). The copy is also what a hot update ships, zipped.
 */
import { cp, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';

export const API_ORIGIN_META = 'polaris-api-origin';

/** An http(s) origin with nothing after the host; anything else is refused before a broken app is shipped. */
export function parseApiOrigin(value: string | undefined): string {
  if (!value) throw new Error('POLARIS_API_ORIGIN is required: the address of the server the app talks to');
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    throw new Error(`POLARIS_API_ORIGIN is not a URL: ${value}`);
  }
  if ((url.protocol !== 'https:' && url.protocol !== 'http:') || url.origin !== value.replace(/\/$/, '')) {
    throw new Error(`POLARIS_API_ORIGIN must be an origin such as https://app.example.com, not ${value}`);
  }
  return url.origin;
}

/**
 * The shell's policy, the server's (apps/server/src/platform/security-headers.ts) with the API on another origin:
 * calls and the chat socket go to our origin and the API's only; scripts only from the bundle. Images may come from
 * any https host, because the map tiles' and game icons' hosts are server settings a bundle cannot know; an image
 * cannot run script. Frames likewise: the web-view page itself allows only the server's allow-list.
 * frame-ancestors cannot be set from a meta element, and a shell is framed by nobody.
 */
export function nativeContentSecurityPolicy(apiOrigin: string): string {
  const api = new URL(apiOrigin);
  const socket = `${api.protocol === 'https:' ? 'wss:' : 'ws:'}//${api.host}`;
  // A plain-http API is a LAN or development server; its images and frames are plain http too.
  const remote = api.protocol === 'https:' ? ['https:'] : ['https:', api.origin];
  const directives: [string, string[]][] = [
    ['default-src', ["'self'"]],
    ['script-src', ["'self'"]],
    ['script-src-attr', ["'none'"]],
    ['style-src', ["'self'", "'unsafe-inline'"]],
    ['img-src', ["'self'", 'data:', 'blob:', ...remote]],
    ['font-src', ["'self'", 'data:']],
    ['connect-src', ["'self'", api.origin, socket]],
    ['media-src', ["'self'", 'blob:']],
    ['object-src', ["'none'"]],
    ['base-uri', ["'self'"]],
    ['form-action', ["'self'"]],
    ['frame-src', ["'self'", ...remote]],
  ];
  return directives.map(([name, values]) => `${name} ${values.join(' ')}`).join('; ');
}

const escapeAttribute = (value: string) => value.replaceAll('&', '&amp;').replaceAll('"', '&quot;');

/** index.html with the API origin and the policy, first in <head> so the policy covers everything after it. */
export function nativeIndexHtml(html: string, apiOrigin: string): string {
  const charset = /<meta charset="[^"]*"\s*\/?>/i;
  if (!charset.test(html)) throw new Error('index.html has no <meta charset>: is this the built app?');
  const tags = [
    `<meta http-equiv="Content-Security-Policy" content="${escapeAttribute(nativeContentSecurityPolicy(apiOrigin))}" />`,
    `<meta name="${API_ORIGIN_META}" content="${escapeAttribute(apiOrigin)}" />`,
  ];
  return html.replace(charset, (tag) => [tag, ...tags].join('\n    '));
}

/** Copies `from` to `to` (replacing it) without the precompressed twins, which only the web server uses. */
export async function makeNativeCopy({ from, to, apiOrigin }: { from: string; to: string; apiOrigin: string }) {
  const origin = parseApiOrigin(apiOrigin);
  const html = await readFile(path.join(from, 'index.html'), 'utf8');
  await rm(to, { recursive: true, force: true });
  await cp(from, to, { recursive: true, filter: (source) => !/\.(br|gz)$/.test(source) });
  await writeFile(path.join(to, 'index.html'), nativeIndexHtml(html, origin));
  return (await readdir(to, { recursive: true })).length;
}

if (process.argv[1] && import.meta.filename === path.resolve(process.argv[1])) {
  const root = path.resolve(import.meta.dirname, '..');
  const [from = path.join(root, 'dist'), to = path.join(root, 'dist-native')] = process.argv.slice(2);
  const apiOrigin = parseApiOrigin(process.env.POLARIS_API_ORIGIN);
  const files = await makeNativeCopy({ from, to, apiOrigin });
  console.log(`native copy: ${files} entries in ${path.relative(process.cwd(), to)}, API at ${apiOrigin}`);
}
