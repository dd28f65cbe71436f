import { createCipheriv, createDecipheriv, randomBytes } from 'node:crypto';
import { readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { FastifyBaseLogger } from 'fastify';

/**
 * Seals small secrets at rest (TOTP secrets) with AES-256-GCM, so a copy of the database alone does not reveal
 * them. Sealed text is `v1.<iv>.<tag>.<ciphertext>` in base64url.
 */
export class SecretBox {
  private readonly key: Buffer;

  constructor(hexKey: string) {
    this.key = Buffer.from(hexKey, 'hex');
    if (this.key.length !== 32) throw new Error('SecretBox needs a 32-byte key');
  }

  seal(plain: string): string {
    const iv = randomBytes(12);
    const cipher = createCipheriv('aes-256-gcm', this.key, iv);
    const data = Buffer.concat([cipher.update(plain, 'utf8'), cipher.final()]);
    return ['v1', iv, cipher.getAuthTag(), data]
      .map((part) => (typeof part === 'string' ? part : part.toString('base64url')))
      .join('.');
  }

  open(sealed: string): string {
    const [version, iv, tag, data] = sealed.split('.');
    if (version !== 'v1' || !iv || !tag || data === undefined) throw new Error('not a sealed value');
    const decipher = createDecipheriv('aes-256-gcm', this.key, Buffer.from(iv, 'base64url'));
    decipher.setAuthTag(Buffer.from(tag, 'base64url'));
    return Buffer.concat([decipher.update(Buffer.from(data, 'base64url')), decipher.final()]).toString('utf8');
  }
}

/**
 * The key: TOTP_KEY in production. Without it, a key is made once and kept in DATA_DIR/totp-key.txt (like the
 * local wallet seed), so sealed secrets survive restarts of a local install.
 */
export async function secretBoxKey(config: { totpKey?: string; dataDir: string }, log: FastifyBaseLogger) {
  if (config.totpKey) return config.totpKey;
  const file = path.join(config.dataDir, 'totp-key.txt');
  try {
    return (await readFile(file, 'utf8')).trim();
  } catch {
    await writeFile(file, `${randomBytes(32).toString('hex')}\n`, { mode: 0o600, flag: 'wx' }).catch(() => undefined);
    log.warn({ file }, 'TOTP_KEY is not set: generated a local key; set TOTP_KEY in production');
    return (await readFile(file, 'utf8')).trim();
  }
}
