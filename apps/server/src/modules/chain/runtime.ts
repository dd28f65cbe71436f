import type { EvmChain } from './evm-chain.ts';
import type { EvmNode } from './evm-node.ts';
import type { DepositScanner } from './scanner.ts';
import type { WithdrawalSender } from './sender.ts';
import type { DepositSweeper } from './sweeper.ts';

/** One EVM chain a node answers for: its node, its scanner, and (where this process signs) its sender and sweeper. */
export interface EvmRuntime {
  chain: EvmChain;
  node: EvmNode;
  scanner: DepositScanner;
  sender: WithdrawalSender | undefined;
  /** Where this process signs and holds the seed. */
  sweeper: DepositSweeper | undefined;
}
