import { readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { generateMnemonic } from '@scure/bip39';
import { wordlist } from '@scure/bip39/wordlists/english.js';
import type { FastifyBaseLogger } from 'fastify';

/**
 * The master phrase deposit addresses derive from: WALLET_MNEMONIC in production. Without it, a phrase is made
 * once and kept in DATA_DIR/wallet-mnemonic.txt so local addresses stay stable across restarts.
 */
export async function walletMnemonic(
  config: { walletMnemonic?: string; dataDir: string },
  log: FastifyBaseLogger,
): Promise<string> {
  if (config.walletMnemonic) return config.walletMnemonic;
  const file = path.join(config.dataDir, 'wallet-mnemonic.txt');
  try {
    return (await readFile(file, 'utf8')).trim();
  } catch {
    const phrase = generateMnemonic(wordlist, 256);
    await writeFile(file, `${phrase}\n`, { mode: 0o600, flag: 'wx' }).catch(() => undefined);
    log.warn({ file }, 'WALLET_MNEMONIC is not set: generated a local wallet seed; set WALLET_MNEMONIC in production');
    return (await readFile(file, 'utf8')).trim();
  }
}
