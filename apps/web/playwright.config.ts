import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { defineConfig } from '@playwright/test';
import { findJanus } from '../server/scripts/janus-config.ts';
import { passCertificateEnv, writePassCertificates } from '../server/src/test/pass-certificates.ts';
import { CURRENT_RELEASE, releaseFileOf } from './e2e/release.ts';

const repoRoot = path.resolve(import.meta.dirname, '../..');
const port = Number(process.env.E2E_PORT ?? 8181);
// Set once in the runner process; workers inherit the environment, so every spec reads the same outbox.
process.env.E2E_DATA_DIR ??= mkdtempSync(path.join(tmpdir(), 'polaris-e2e-'));
process.env.E2E_BASE_URL = `http://127.0.0.1:${port}`;

// Where Janus is installed, the live journeys (live, live-room) run a second time against a server whose media go
// to a Janus VideoRoom (JANUS_URL), on its own port and data; without Janus that project is not there at all.
const janus = findJanus() !== null;
const janusServerPort = port + 1;
const janusApiPort = port + 2;
// A local OpenID provider for the Google sign-in journey (apps/server/scripts/local-oidc-provider.ts).
const oidcPort = port + 3;
// The native shells' copy of the app, served from an origin of its own (e2e/native-copy.spec.ts).
process.env.E2E_SHELL_ORIGIN = `http://127.0.0.1:${port + 4}`;
process.env.E2E_JANUS_DATA_DIR ??= mkdtempSync(path.join(tmpdir(), 'polaris-e2e-janus-'));
// Apple Wallet passes signed by a pass certificate of the run's own (e2e/wallet-pass.spec.ts): made once, in the
// runner; the server is given its APPLE_PASS_* environment, the journey reads the root beside it.
const passMadeBefore = process.env.E2E_PASS_DIR !== undefined;
process.env.E2E_PASS_DIR ??= mkdtempSync(path.join(tmpdir(), 'polaris-e2e-pass-'));
const applePass = passMadeBefore
  ? passCertificateEnv(process.env.E2E_PASS_DIR)
  : writePassCertificates(process.env.E2E_PASS_DIR);

function server(serverPort: number, dataDir: string, env: Record<string, string> = {}) {
  // The release /client/lastest answers: this build's own, so no journey sees an update prompt unless it asks.
  writeFileSync(releaseFileOf(dataDir), JSON.stringify(CURRENT_RELEASE));
  return {
    command: 'npx tsx apps/server/src/main.ts',
    cwd: repoRoot,
    url: `http://127.0.0.1:${serverPort}/rest/polarisex/health`,
    reuseExistingServer: false,
    // A loaded machine (CI next to other work) has needed close to a minute to start it.
    timeout: 180_000,
    env: {
      PORT: String(serverPort),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      LOG_LEVEL: 'warn',
      BLOCKED_COUNTRIES: 'XX',
      // The browser reaches the server over loopback, so here it plays the edge proxy that sets cf-ipcountry.
      TRUST_PROXY: 'loopback',
      // Every journey signs people up from one address within a minute or two; a person never would.
      RATE_LIMIT_MULTIPLIER: '20',
      PUBLIC_URL: `http://127.0.0.1:${serverPort}`,
      // The browser and the embedded SFU meet on loopback, which the SFU does not offer unless told.
      LIVE_HOST_ADDRESSES: '127.0.0.1',
      GOOGLE_OIDC_ISSUER: `http://127.0.0.1:${oidcPort}`,
      GOOGLE_OIDC_CLIENT_ID: 'local-google',
      GOOGLE_OIDC_CLIENT_SECRET: 'local-google-secret',
      CLIENT_RELEASE_FILE: releaseFileOf(dataDir),
      // The captcha widget really solves its proof of work in Chromium; a small one keeps journeys quick.
      CAPTCHA_COMPLEXITY: '2000',
      ...env,
    },
  };
}

export default defineConfig({
  testDir: './e2e',
  // E2E_OUTPUT_DIR lets two runs side by side (each on its own E2E_PORT) keep their artifacts apart: a run empties
  // its output folder when it starts.
  outputDir: process.env.E2E_OUTPUT_DIR ?? path.join(repoRoot, 'test-results/e2e-artifacts'),
  fullyParallel: false,
  // One spec file at a time. Two workers ran the 70 journeys in 9.9 min on a quiet machine (one: about 21), but on
  // CI, beside the PostgreSQL pass, two failed on time (a live stage's first frame in 2.1 s against its 2 s goal).
  // The accessibility sweep in a lane of its own beside the journeys (12.1 min instead of about 13.5) starved the
  // PostgreSQL pass's 10,000-message flood test past its minute: the machine has two cores.
  workers: 1,
  retries: 0,
  timeout: 60_000,
  expect: { timeout: 10_000 },
  reporter: [['list'], ['json']],
  use: {
    baseURL: process.env.E2E_BASE_URL,
    // An action waits at most this long, so a journey stuck on a missing button fails there, naming the button and
    // the line, instead of running into the test's minute with no word of where it stood (CI keeps only the log).
    actionTimeout: 20_000,
    viewport: { width: 390, height: 844 },
    // The app's first language follows the browser's (zh-TW: the SPEC's default, zh-Hant, which the journeys
    // expect of a fresh visitor); first-language.spec.ts tries others.
    locale: 'zh-TW',
    deviceScaleFactor: 2,
    isMobile: true,
    hasTouch: true,
    screenshot: 'only-on-failure',
    trace: 'off',
    launchOptions: {
      executablePath: process.env.CHROMIUM_PATH || '/usr/bin/chromium',
      args: [
        '--no-sandbox',
        '--disable-gpu',
        '--disable-dev-shm-usage',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
        '--no-first-run',
        '--use-fake-device-for-media-stream',
        '--use-fake-ui-for-media-stream',
      ],
    },
  },
  // The accessibility sweep (a11y.spec.ts) is a project of its own, listed last so that it runs last: it scans
  // with two pages at once, which pays most once CI's PostgreSQL pass beside the journeys has ended.
  projects: [
    { name: 'embedded', testIgnore: /a11y\.spec\.ts/ },
    ...(janus
      ? [
          {
            name: 'janus',
            testMatch: /live(-room)?\.spec\.ts/,
            use: { baseURL: `http://127.0.0.1:${janusServerPort}` },
            metadata: { dataDir: process.env.E2E_JANUS_DATA_DIR },
          },
        ]
      : []),
    { name: 'a11y', testMatch: /a11y\.spec\.ts/ },
  ],
  webServer: [
    {
      command: `npx tsx apps/server/scripts/local-oidc-provider.ts --port ${oidcPort} --app http://127.0.0.1:${port}`,
      cwd: repoRoot,
      url: `http://127.0.0.1:${oidcPort}/.well-known/openid-configuration`,
      reuseExistingServer: false,
      timeout: 30_000,
    },
    server(port, process.env.E2E_DATA_DIR, {
      CORS_ORIGINS: `capacitor://localhost,https://localhost,${process.env.E2E_SHELL_ORIGIN}`,
      ...applePass,
    }),
    ...(janus
      ? [
          {
            command: `npx tsx apps/server/scripts/janus-config.ts --run --port ${janusApiPort}`,
            cwd: repoRoot,
            url: `http://127.0.0.1:${janusApiPort}/janus/info`,
            reuseExistingServer: false,
            timeout: 30_000,
          },
          server(janusServerPort, process.env.E2E_JANUS_DATA_DIR, {
            JANUS_URL: `http://127.0.0.1:${janusApiPort}/janus`,
          }),
        ]
      : []),
  ],
});
