import type { EvmChain } from './evm-chain.ts';
import type { EvmNode } from './evm-node.ts';
import type { HotColdKeeper } from './hot-cold.ts';
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
  /** The hot wallet's target and ceiling, where any are set (hot-cold.ts); it moves surplus only where this process signs. */
  keeper?: HotColdKeeper | undefined;
  /** Where the hot wallet's surplus goes (`CHAIN_COLD_ADDRESS_<CHAIN>`): custody too, for reconciliation and reserves. */
  coldAddress?: string | undefined;
}
