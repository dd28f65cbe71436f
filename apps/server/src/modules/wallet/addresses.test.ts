import { ed25519 } from '@noble/curves/ed25519.js';
import { base58 } from '@scure/base';
import { privateKeyToAddress } from 'viem/accounts';
import { describe, expect, it } from 'vitest';
import { AddressDeriver, isValidAddress, normalizeAddress, slip10Ed25519 } from './addresses.ts';

// The well-known development phrase (Hardhat/Anvil); its first account is public knowledge.
const PHRASE = 'test test test test test test test test test test test junk';

describe('deposit address derivation', () => {
  const deriver = new AddressDeriver(PHRASE);

  it('derives the standard BIP-44 Ethereum account for chain slot 0', () => {
    expect(deriver.evm(0, 0).address).toBe('0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266');
    expect(deriver.evm(0, 1).address).toBe('0x70997970C51812dc3A010C7d01b50e0d17dc79C8');
  });

  it('gives each user and each EVM chain its own address, the same every time', () => {
    const a = deriver.evm(201, 7).address;
    expect(deriver.evm(201, 7).address).toBe(a);
    expect(deriver.evm(3, 7).address).not.toBe(a);
    expect(deriver.evm(201, 8).address).not.toBe(a);
    expect(isValidAddress('evm', a)).toBe(true);
  });

  it("derives the same EVM addresses from the chains' extended public keys alone, and no key or ed25519 address", () => {
    const publicOnly = new AddressDeriver({ evmXpubs: { 201: deriver.evmXpub(201), 3: deriver.evmXpub(3) } });
    for (const user of [1, 2, 77, 100_000]) {
      expect(publicOnly.evm(201, user)).toEqual(deriver.evm(201, user));
      expect(publicOnly.evm(3, user)).toEqual(deriver.evm(3, user));
    }
    expect(() => publicOnly.evm(314, 1)).toThrow(/no key for chain 314/);
    expect(() => publicOnly.evmKey(deriver.evm(3, 1).path)).toThrow(/need the seed/);
    expect(() => publicOnly.solana(1)).toThrow(/need the seed/);
    expect(privateKeyToAddress(deriver.evmKey(deriver.evm(0, 0).path))).toBe(
      '0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266',
    );
  });

  it('follows the SLIP-0010 ed25519 test vector', () => {
    // SLIP-0010 test vector 1, chain m/0H.
    const seed = Uint8Array.from(Buffer.from('000102030405060708090a0b0c0d0e0f', 'hex'));
    const key = slip10Ed25519(seed, [0]);
    expect(Buffer.from(key).toString('hex')).toBe('68e0fe46dfb67e368c75379acec591dad19df3cde26e63b93a8e704f1dade7a3');
  });

  it('derives Solana addresses as base58 ed25519 public keys', () => {
    const { address, path } = deriver.solana(5);
    expect(path).toBe("m/44'/501'/5'/0'");
    expect(base58.decode(address)).toHaveLength(32);
    expect(isValidAddress('solana', address)).toBe(true);
    expect(deriver.solana(6).address).not.toBe(address);
  });

  it('derives TON wallet addresses', () => {
    const { address } = deriver.ton(5);
    expect(isValidAddress('ton', address)).toBe(true);
    expect(deriver.ton(5).address).toBe(address);
    expect(deriver.ton(6).address).not.toBe(address);
  });

  it('refuses a phrase that is not BIP-39', () => {
    expect(() => new AddressDeriver('not a real phrase at all')).toThrow(/BIP-39/);
  });
});

describe('address checks', () => {
  it('accepts well-formed addresses and refuses malformed ones per chain family', () => {
    expect(isValidAddress('evm', '0x70997970c51812dc3a010c7d01b50e0d17dc79c8')).toBe(true);
    expect(isValidAddress('evm', '0x70997970C51812dc3A010C7d01b50e0d17dc79c9')).toBe(false); // bad checksum
    expect(isValidAddress('evm', '0x1234')).toBe(false);
    expect(isValidAddress('solana', base58.encode(ed25519.getPublicKey(new Uint8Array(32).fill(1))))).toBe(true);
    expect(isValidAddress('solana', '0x70997970c51812dc3a010c7d01b50e0d17dc79c8')).toBe(false);
    expect(isValidAddress('ton', 'EQCxE6mUtQJKFnGfaROTKOt1lZbDiiX1kCixRv7Nw2Id_sDs')).toBe(true);
    expect(isValidAddress('ton', 'EQCxE6mUtQJKFnGfaROTKOt1lZbDiiX1kCixRv7Nw2Id_sDt')).toBe(false);
    expect(isValidAddress('btc', 'bc1qar0srrr7xfkvy5l643lydnw9re59gtzzwf5mdq')).toBe(false); // chain is waiting
  });

  it('normalises EVM addresses to their checksum spelling', () => {
    expect(normalizeAddress('evm', '0x70997970c51812dc3a010c7d01b50e0d17dc79c8')).toBe(
      '0x70997970C51812dc3A010C7d01b50e0d17dc79C8',
    );
  });
});
