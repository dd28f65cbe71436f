/**
 * Where deposit addresses come from, from the environment (docs/wallet.md, "Keys"). Parsed once by config.ts.
 * - `WALLET_MNEMONIC`: the BIP-39 seed every deposit address derives from (generated into DATA_DIR without it).
 * - `WALLET_EVM_XPUBS`: `201:xpub…,311:xpub…,3:xpub…,314:xpub…`, each EVM chain's m/44'/60'/{chainId}' (printed by
 *   `npm run wallet:xpubs`): a process with these and no seed hands out the same EVM addresses and can sign nothing.
 */
export interface WalletKeysConfig {
  walletMnemonic: string | undefined;
  /** Per EVM chain id, the extended public key deposit addresses derive from where this process holds no seed. */
  walletEvmXpubs: Record<string, string> | undefined;
}

const XPUBS = /^\d+:xpub[1-9A-HJ-NP-Za-km-z]{100,112}(,\d+:xpub[1-9A-HJ-NP-Za-km-z]{100,112})*$/;

export function walletKeysConfig(env: NodeJS.ProcessEnv): WalletKeysConfig {
  const mnemonic = env.WALLET_MNEMONIC?.trim();
  const xpubs = env.WALLET_EVM_XPUBS?.trim();
  if (xpubs && !XPUBS.test(xpubs)) {
    throw new Error('Invalid environment:\n  WALLET_EVM_XPUBS: chainId:xpub pairs, comma-separated');
  }
  return {
    walletMnemonic: mnemonic || undefined,
    walletEvmXpubs: xpubs
      ? Object.fromEntries(xpubs.split(',').map((pair) => pair.split(':') as [string, string]))
      : undefined,
  };
}
