/** Keys every node must share when several run on one database: each would otherwise generate its own. */
const SHARED_KEYS = [
  'TOTP_KEY',
  'CAPTCHA_HMAC_KEY',
  // Browsers subscribe with the public key and push services check every node's signature against it.
  'VAPID_PUBLIC_KEY',
  'VAPID_PRIVATE_KEY',
] as const;

/**
 * On PostgreSQL (`DATABASE_URL`) the server may be one node of several, so the keys that must be equal on every
 * node are required rather than generated into this node's DATA_DIR: two nodes with their own mnemonic would
 * give one user two deposit addresses, and a TOTP secret sealed on one could not be opened on another. They are
 * not kept in the database either: the TOTP key seals secrets that live there. Answers the error to stop with.
 */
export function missingSharedKeys(env: NodeJS.ProcessEnv = process.env): string | null {
  if (!env.DATABASE_URL?.trim()) return null;
  const missing: string[] = SHARED_KEYS.filter((name) => !env[name]?.trim());
  // Deposit addresses: the seed, or (a node that only hands them out) the EVM chains' extended public keys.
  if (!env.WALLET_MNEMONIC?.trim() && !env.WALLET_EVM_XPUBS?.trim())
    missing.unshift('WALLET_MNEMONIC (or WALLET_EVM_XPUBS)');
  if (missing.length === 0) return null;
  return (
    `DATABASE_URL is set, so every node must share its keys: set ${missing.join(', ')} ` +
    '(the same values on every node; see the README, "Configuration")'
  );
}
