import type { Address, ContractConstructorArgs, PublicClient, WalletClient } from 'viem';
import { attendanceNftAbi, multisendAbi, testTokenAbi } from './abi.ts';
import { type ContractName, compileContracts } from './compile.ts';

// Only for typing each contract's constructor arguments; the deployment itself uses the compiled ABI.
const ABIS = { TestToken: testTokenAbi, Multisend: multisendAbi, AttendanceNFT: attendanceNftAbi };

/**
 * Deploy one of this folder's contracts from the wallet's account and wait for it to be mined. Returns its address;
 * throws when the deployment reverted.
 */
export async function deployContract<N extends ContractName>(
  wallet: WalletClient,
  publicClient: PublicClient,
  name: N,
  args: ContractConstructorArgs<(typeof ABIS)[N]>,
): Promise<Address> {
  if (!wallet.account) throw new Error(`Deploying ${name} needs a wallet client with an account`);
  const { abi, bytecode } = (await compileContracts())[name];
  const hash = await wallet.deployContract({
    abi,
    bytecode,
    args: args as readonly unknown[],
    account: wallet.account,
    chain: wallet.chain ?? null,
  });
  const receipt = await publicClient.waitForTransactionReceipt({ hash });
  if (receipt.status !== 'success' || !receipt.contractAddress) {
    throw new Error(`Deploying ${name} reverted (transaction ${hash}, block ${receipt.blockNumber})`);
  }
  return receipt.contractAddress;
}
