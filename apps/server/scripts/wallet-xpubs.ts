// `npm run wallet:xpubs`: the EVM chains' extended public keys for WALLET_EVM_XPUBS, from WALLET_MNEMONIC (or the
// phrase the embedded setup generated into DATA_DIR). Run it where the seed is kept; the API nodes then hand out the
// same deposit addresses without holding the seed (docs/wallet.md, "Keys").
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { AddressDeriver } from '../src/modules/wallet/addresses.ts';

const EVM_CHAINS = [201, 311, 3, 314];

function phrase(): string {
  if (process.env.WALLET_MNEMONIC?.trim()) return process.env.WALLET_MNEMONIC;
  const file = path.join(path.resolve(process.env.DATA_DIR ?? 'data'), 'wallet-mnemonic.txt');
  try {
    return readFileSync(file, 'utf8');
  } catch {
    console.error(`Set WALLET_MNEMONIC (no ${file} either).`);
    process.exit(2);
  }
}

const deriver = new AddressDeriver(phrase());
console.log(`WALLET_EVM_XPUBS=${EVM_CHAINS.map((id) => `${id}:${deriver.evmXpub(id)}`).join(',')}`);
