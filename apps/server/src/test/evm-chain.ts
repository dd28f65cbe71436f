import type { SQL } from 'drizzle-orm';
import type { Address, Hex } from 'viem';
import { privateKeyToAccount } from 'viem/accounts';
import { query } from '../db/client.ts';
import { testTokenAbi } from '../modules/chain/contracts/abi.ts';
import { deployContract } from '../modules/chain/contracts/deploy.ts';
import { type Anvil, startAnvil } from './anvil.ts';
import { createTestApp, type TestApp } from './app.ts';

/** The catalogue's id of the chain the tests run anvil as (Ethereum: ETH and USDT there). */
export const ETH_CHAIN = 3;
/** A hot wallet key of the tests' own (not one of anvil's dev accounts, which the faucet uses). */
export const HOT_KEY: Hex = '0x4c0883a69102937d6231471b5dbb6204fe5129617082792ae468d01a3f362318';
export const HOT_ADDRESS = privateKeyToAccount(HOT_KEY).address;

export interface EvmTestbed {
  anvil: Anvil;
  usdt: Address;
  multisend: Address;
  faucet: ReturnType<Anvil['walletClientFor']>;
  env: Record<string, string>;
  /** The faucet's transaction that gave the hot wallet its 1,000 ETH for gas. */
  hotFunding: Hex;
  /** Sends test USDT (6 decimals, base units) from the faucet. */
  sendUsdt(to: Address, units: bigint): Promise<Hex>;
  stop(): Promise<void>;
}

/** anvil with a test USDT and the multisend contract deployed, and the env that points a server at it. */
export async function startEvmTestbed(options: { confirmations?: number } = {}): Promise<EvmTestbed> {
  const anvil = await startAnvil();
  const faucet = anvil.walletClientFor(anvil.devKey(0));
  const usdt = await deployContract(faucet, anvil.publicClient, 'TestToken', ['Tether USD (test)', 'USDT', 6]);
  const multisend = await deployContract(faucet, anvil.publicClient, 'Multisend', []);
  await faucet.writeContract({
    address: usdt,
    abi: testTokenAbi,
    functionName: 'mint',
    args: [faucet.account.address, 10n ** 15n],
  });
  // A real transaction, as an operator funds the hot wallet (reconciliation can then record it).
  const hotFunding = await faucet.sendTransaction({ to: HOT_ADDRESS, value: 10n ** 21n });
  await anvil.publicClient.waitForTransactionReceipt({ hash: hotFunding });
  const env = {
    CHAIN_RPC_ETH: anvil.url,
    CHAIN_NETWORK_ID_ETH: String(anvil.chainId),
    CHAIN_CONFIRMATIONS_ETH: String(options.confirmations ?? 3),
    CHAIN_CONTRACT_USDT_ETH: usdt,
    CHAIN_DECIMALS_USDT_ETH: '6',
    CHAIN_START_BLOCK_ETH: '0',
    CHAIN_HOT_WALLET_KEY: HOT_KEY,
    CHAIN_BUMP_AFTER_MS: '600000',
  };
  return {
    anvil,
    usdt,
    multisend,
    faucet,
    env,
    hotFunding,
    async sendUsdt(to, units) {
      const hash = await faucet.writeContract({
        address: usdt,
        abi: testTokenAbi,
        functionName: 'transfer',
        args: [to, units],
      });
      await anvil.publicClient.waitForTransactionReceipt({ hash });
      return hash;
    },
    stop: () => anvil.stop(),
  };
}

/** A test app on the testbed's chain. */
export function evmTestApp(bed: EvmTestbed, env: Record<string, string> = {}): Promise<TestApp> {
  return createTestApp({ env: { ...bed.env, ...env } });
}

/** The user's ETH-chain deposit address for an asset, through the API. */
export async function depositAddress(t: TestApp, token: string, asset = 'USDT'): Promise<Address> {
  const found = await t.call<{ address: Address }>('GET', '/wallet/deposit/address', {
    token,
    query: { asset, chainId: String(ETH_CHAIN) },
  });
  if (found.status !== 200) throw new Error(`deposit address: ${found.msg}`);
  return found.attachment.address;
}

/** Rows of a statement on the test app's database. */
export async function rowsOf<T>(t: TestApp, statement: SQL): Promise<T[]> {
  return (await query<T>(t.database.db, statement)).rows;
}
