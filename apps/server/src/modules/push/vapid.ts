import { readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { FastifyBaseLogger } from 'fastify';
import webpush from 'web-push';

export interface VapidKeys {
  /** Uncompressed P-256 point, base64url: what browsers subscribe with (`applicationServerKey`). */
  publicKey: string;
  privateKey: string;
}

/**
 * The VAPID key pair: VAPID_PUBLIC_KEY / VAPID_PRIVATE_KEY in production (required on a shared database:
 * `missingSharedKeys`). Without them, a pair is made once and kept in DATA_DIR/vapid-keys.json, like the other
 * local keys, so browsers' subscriptions survive a restart of a local install (a new key would orphan them all).
 */
export async function vapidKeys(
  config: { vapid: VapidKeys | undefined; dataDir: string },
  log: FastifyBaseLogger,
): Promise<VapidKeys> {
  if (config.vapid) return config.vapid;
  const file = path.join(config.dataDir, 'vapid-keys.json');
  try {
    return parse(await readFile(file, 'utf8'));
  } catch {
    const keys = webpush.generateVAPIDKeys();
    const text = `${JSON.stringify({ publicKey: keys.publicKey, privateKey: keys.privateKey })}\n`;
    // `wx`: a second process starting at the same moment keeps the first one's pair.
    await writeFile(file, text, { mode: 0o600, flag: 'wx' }).catch(() => undefined);
    log.warn(
      { file },
      'VAPID_PUBLIC_KEY / VAPID_PRIVATE_KEY are not set: generated a local pair; set them in production',
    );
    return parse(await readFile(file, 'utf8'));
  }
}

function parse(text: string): VapidKeys {
  const value = JSON.parse(text) as Partial<VapidKeys>;
  if (typeof value.publicKey !== 'string' || typeof value.privateKey !== 'string') {
    throw new Error('vapid-keys.json is not a key pair');
  }
  return { publicKey: value.publicKey, privateKey: value.privateKey };
}
