import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';

export const CHROMIUM = process.env.CHROMIUM_PATH || '/usr/bin/chromium';

/**
 * The browser journeys use Debian's Chromium; nothing downloads a browser of its own. When it is missing and
 * we are root, install it (with CJK fonts, so Chinese screenshots are legible); otherwise say what to do.
 */
export function ensureChromium() {
  if (existsSync(CHROMIUM)) return;
  const isRoot = typeof process.getuid === 'function' && process.getuid() === 0;
  if (!isRoot) {
    console.error(
      `\nChromium was not found at ${CHROMIUM}.\nInstall Debian's Chromium (sudo apt-get install chromium fonts-noto-cjk) or set CHROMIUM_PATH, then run npm test again.\n`,
    );
    process.exit(1);
  }
  console.log(`Chromium was not found at ${CHROMIUM}: installing Debian's chromium with apt-get (once).`);
  const env = { ...process.env, DEBIAN_FRONTEND: 'noninteractive' };
  for (const args of [['update'], ['install', '-y', '--no-install-recommends', 'chromium', 'fonts-noto-cjk']]) {
    const result = spawnSync('apt-get', args, { stdio: 'inherit', env });
    if (result.status !== 0) {
      console.error(`apt-get ${args.join(' ')} failed; install chromium by hand and run npm test again.`);
      process.exit(1);
    }
  }
  if (!existsSync(CHROMIUM)) {
    console.error(`apt-get finished but ${CHROMIUM} is still missing.`);
    process.exit(1);
  }
}
