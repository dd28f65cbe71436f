import { ed25519 } from '@noble/curves/ed25519.js';
import { secp256k1 } from '@noble/curves/secp256k1.js';
import { hmac } from '@noble/hashes/hmac.js';
import { sha512 } from '@noble/hashes/sha2.js';
import { base58 } from '@scure/base';
import { HDKey } from '@scure/bip32';
import { mnemonicToSeedSync, validateMnemonic } from '@scure/bip39';
import { wordlist } from '@scure/bip39/wordlists/english.js';
import { Address } from '@ton/core';
import { WalletContractV4 } from '@ton/ton';
import { bytesToHex, getAddress, isAddress } from 'viem';
import { privateKeyToAddress, publicKeyToAddress } from 'viem/accounts';

export type ChainFamily = 'evm' | 'solana' | 'ton' | 'btc';

export interface DerivedAddress {
  address: string;
  path: string;
}

/** SLIP-0010 for ed25519: hardened-only derivation, as Solana and TON wallets use. */
export function slip10Ed25519(seed: Uint8Array, path: number[]): Uint8Array {
  let digest = hmac(sha512, new TextEncoder().encode('ed25519 seed'), seed);
  for (const index of path) {
    const data = new Uint8Array(37);
    data.set(digest.slice(0, 32), 1);
    new DataView(data.buffer).setUint32(33, (index | 0x80000000) >>> 0);
    digest = hmac(sha512, digest.slice(32), data);
  }
  return digest.slice(0, 32);
}

/**
 * Deposit addresses derived deterministically from one BIP-39 master seed, so any address can be re-derived
 * (and its key recovered) from the seed and the path stored beside it. The derivation index is the user's row id.
 * - EVM chains: BIP-44 secp256k1, m/44'/60'/{chainId}'/0/{user}, a different address per chain.
 * - Solana: SLIP-0010 ed25519, m/44'/501'/{user}'/0', the path Phantom and Solflare use per account.
 * - TON: SLIP-0010 ed25519, m/44'/607'/{user}', the key's wallet v4R2 contract address on the basechain.
 *
 * A process that only hands out addresses (the API) needs no private key for EVM chains: built from the extended
 * public keys of m/44'/60'/{chainId}' (`WALLET_EVM_XPUBS`, printed by `npm run wallet:xpubs`), it derives the same
 * addresses, non-hardened, and can sign nothing. ed25519 derivation is hardened only, so Solana and TON addresses
 * need the seed (docs/wallet.md, "Keys").
 */
export class AddressDeriver {
  private readonly seed: Uint8Array | undefined;
  private readonly root: HDKey | undefined;
  private readonly evmAccounts = new Map<number, HDKey>();

  constructor(source: string | { evmXpubs: Record<number, string> }) {
    if (typeof source === 'string') {
      if (!validateMnemonic(source.trim(), wordlist)) throw new Error('WALLET_MNEMONIC is not a valid BIP-39 phrase');
      this.seed = mnemonicToSeedSync(source.trim());
      this.root = HDKey.fromMasterSeed(this.seed);
    } else {
      for (const [chainId, xpub] of Object.entries(source.evmXpubs)) {
        this.evmAccounts.set(Number(chainId), HDKey.fromExtendedKey(xpub));
      }
    }
  }

  /** The extended public key of an EVM chain's account, m/44'/60'/{chainId}' (what `WALLET_EVM_XPUBS` holds). */
  evmXpub(chainId: number): string {
    if (!this.root) throw new Error('an extended public key is made from the seed (WALLET_MNEMONIC)');
    return this.root.derive(`m/44'/60'/${chainId}'`).publicExtendedKey;
  }

  evm(chainId: number, index: number): DerivedAddress {
    const path = `m/44'/60'/${chainId}'/0/${index}`;
    if (this.root) {
      const key = this.root.derive(path).privateKey;
      if (!key) throw new Error('derivation produced no key');
      return { address: privateKeyToAddress(bytesToHex(key)), path };
    }
    const account = this.evmAccounts.get(chainId);
    if (!account) throw new Error(`WALLET_EVM_XPUBS has no key for chain ${chainId}`);
    const publicKey = account.deriveChild(0).deriveChild(index).publicKey;
    if (!publicKey) throw new Error('derivation produced no key');
    return { address: publicKeyToAddress(bytesToHex(secp256k1.Point.fromBytes(publicKey).toBytes(false))), path };
  }

  /** The private key of an EVM deposit address, for the process that sweeps (only with the seed). */
  evmKey(path: string): `0x${string}` {
    if (!this.root)
      throw new Error('deposit keys need the seed (WALLET_MNEMONIC): this process holds public keys only');
    const key = this.root.derive(path).privateKey;
    if (!key) throw new Error('derivation produced no key');
    return bytesToHex(key);
  }

  private requireSeed(chain: string): Uint8Array {
    if (!this.seed)
      throw new Error(
        `${chain} deposit addresses need the seed (WALLET_MNEMONIC): ed25519 derivation is hardened only`,
      );
    return this.seed;
  }

  solana(index: number): DerivedAddress {
    const key = slip10Ed25519(this.requireSeed('Solana'), [44, 501, index, 0]);
    return { address: base58.encode(ed25519.getPublicKey(key)), path: `m/44'/501'/${index}'/0'` };
  }

  ton(index: number): DerivedAddress {
    const key = slip10Ed25519(this.requireSeed('TON'), [44, 607, index]);
    const wallet = WalletContractV4.create({ workchain: 0, publicKey: Buffer.from(ed25519.getPublicKey(key)) });
    return { address: wallet.address.toString({ bounceable: false }), path: `m/44'/607'/${index}'` };
  }

  derive(family: ChainFamily, chainId: number, index: number): DerivedAddress {
    if (family === 'evm') return this.evm(chainId, index);
    if (family === 'solana') return this.solana(index);
    if (family === 'ton') return this.ton(index);
    throw new Error(`no derivation for ${family}`);
  }
}

/** Whether `address` is well-formed for the chain family; EVM mixed-case addresses must carry a valid checksum. */
export function isValidAddress(family: ChainFamily, address: string): boolean {
  if (family === 'evm') return isAddress(address, { strict: true });
  if (family === 'solana') {
    try {
      return /^[1-9A-HJ-NP-Za-km-z]{32,44}$/.test(address) && base58.decode(address).length === 32;
    } catch {
      return false;
    }
  }
  if (family === 'ton') {
    try {
      if (!Address.isFriendly(address) && !Address.isRaw(address)) return false;
      Address.parse(address);
      return true;
    } catch {
      return false;
    }
  }
  return false;
}

/** One spelling per address, so lookups match however the sender typed it. */
export function normalizeAddress(family: ChainFamily, address: string): string {
  if (family === 'evm') return getAddress(address);
  if (family === 'ton') return Address.parse(address).toString({ bounceable: false });
  return address;
}
