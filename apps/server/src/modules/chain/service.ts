import { hostname } from 'node:os';
import type { FastifyBaseLogger } from 'fastify';
import { privateKeyToAccount } from 'viem/accounts';
import type { Database } from '../../db/client.ts';
import type { CustodyService } from '../wallet/custody.service.ts';
import type { Catalog } from '../wallet/service.ts';
import type { ChainConfig } from './config.ts';
import { type EvmChain, resolveEvmChain } from './evm-chain.ts';
import { EvmNode } from './evm-node.ts';
import { type FundingLine, FundingRefused, recordFunding } from './funding.service.ts';
import { type ReconcileLine, reconcileChain } from './reconcile.service.ts';
import { DepositScanner } from './scanner.ts';
import { WithdrawalSender } from './sender.ts';

/** One EVM chain a node answers for: its node, its scanner, and (where this process signs) its sender. */
export interface EvmRuntime {
  chain: EvmChain;
  node: EvmNode;
  scanner: DepositScanner;
  sender: WithdrawalSender | undefined;
}

/** The chain's own coin in the ledger, by chain symbol: what its gas is paid in. */
const GAS_ASSET: Record<string, string> = { ETH: 'ETH', BSC: 'BNB', AVAX: 'AVAX', POLYGON: 'POL' };

/**
 * Real chains (docs/wallet.md, "Chains"): for each `CHAIN_RPC_<CHAIN>`, checks at start that the node is the chain it
 * claims to be, then scans deposits and sends withdrawals there. Chains without one stay with the local simulator.
 */
export class ChainService {
  private constructor(
    readonly runtimes: EvmRuntime[],
    readonly pollMs: number,
    /** The hot wallet's address (from its key, or `CHAIN_HOT_WALLET_ADDRESS` where this process holds none). */
    readonly hotAddress: string | undefined,
    private readonly deps: { db: Database; custody: CustodyService; now: () => Date },
  ) {}

  static async start(deps: {
    db: Database;
    config: ChainConfig;
    catalog: Catalog;
    custody: CustodyService;
    now: () => Date;
    log: FastifyBaseLogger;
  }): Promise<ChainService> {
    const { config, log } = deps;
    const owner = `${hostname()}:${process.pid}:${Math.random().toString(36).slice(2, 8)}`;
    const account = config.hotWalletKey && config.signer ? privateKeyToAccount(config.hotWalletKey) : undefined;
    const runtimes: EvmRuntime[] = [];
    for (const settings of config.evm) {
      const chain = resolveEvmChain(deps.catalog, settings);
      const node = new EvmNode(settings.rpcUrl);
      const answered = await node.chainId().catch((error: unknown) => {
        throw new Error(
          `CHAIN_RPC_${settings.symbol}: the node at ${settings.rpcUrl} does not answer (${String(error)})`,
        );
      });
      if (answered !== chain.networkId) {
        throw new Error(
          `CHAIN_RPC_${settings.symbol}: the node is chain ${answered}, not ${chain.networkId} (set CHAIN_NETWORK_ID_${settings.symbol} for a local node)`,
        );
      }
      const sender = account
        ? new WithdrawalSender({
            db: deps.db,
            node,
            chain,
            custody: deps.custody,
            account,
            now: deps.now,
            bumpAfterMs: config.bumpAfterMs,
            maxFeeWei: config.maxFeeWei,
            gasAsset:
              GAS_ASSET[settings.symbol] && deps.catalog.assets.has(GAS_ASSET[settings.symbol]!)
                ? GAS_ASSET[settings.symbol]
                : undefined,
            failpoint: config.failpoint,
            log,
          })
        : undefined;
      const scanner = new DepositScanner({
        db: deps.db,
        node,
        chain,
        custody: deps.custody,
        now: deps.now,
        owner,
        startBlock: settings.startBlock,
        ownAddresses: () => (account ? [account.address] : []),
        log,
      });
      runtimes.push({ chain, node, scanner, sender });
      log.info(
        { chain: chain.symbol, networkId: chain.networkId, sends: Boolean(sender), tokens: [...chain.tokens.keys()] },
        'chain on a node',
      );
    }
    const hotAddress = config.hotWalletKey ? privateKeyToAccount(config.hotWalletKey).address : config.hotWalletAddress;
    return new ChainService(runtimes, config.pollMs, hotAddress, deps);
  }

  /** Catalogue ids of the chains a node answers for. */
  get chainIds(): number[] {
    return this.runtimes.map((r) => r.chain.id);
  }

  runtime(chainId: number): EvmRuntime | undefined {
    return this.runtimes.find((r) => r.chain.id === chainId);
  }

  /** One scanner run on every chain (a chain whose lease another process holds is skipped). */
  async scanAll(): Promise<void> {
    for (const runtime of this.runtimes) await runtime.scanner.runOnce();
  }

  /** Sign what waits, broadcast what is signed, settle or replace what was sent, on every chain this process signs. */
  async sendAll(): Promise<void> {
    for (const { sender } of this.runtimes) {
      if (!sender) continue;
      await sender.signDue();
      await sender.broadcastDue();
      await sender.followDue();
    }
  }

  /** Operator: cancel a withdrawal on whichever chain holds its transaction; undefined when there is none to cancel. */
  async cancelWithdrawal(id: number) {
    for (const { sender } of this.runtimes) {
      const cancel = await sender?.cancel(id);
      if (cancel) return cancel;
    }
    return undefined;
  }

  /** What each chain holds against our records (`npm run chain:reconcile`). */
  async reconcile(): Promise<ReconcileLine[]> {
    const lines: ReconcileLine[] = [];
    for (const runtime of this.runtimes) lines.push(...(await reconcileChain(this.deps, runtime, this.hotAddress)));
    return lines;
  }

  /** Records an operator's transaction to or from the hot wallet (`npm run chain:fund`). */
  async fund(chainSymbol: string, txHash: string): Promise<FundingLine[]> {
    const runtime = this.runtimes.find((r) => r.chain.symbol.toUpperCase() === chainSymbol.toUpperCase());
    if (!runtime)
      throw new FundingRefused(`${chainSymbol} does not run on a node here (CHAIN_RPC_${chainSymbol.toUpperCase()})`);
    if (!this.hotAddress)
      throw new FundingRefused('this process does not know the hot wallet (CHAIN_HOT_WALLET_ADDRESS)');
    return recordFunding(this.deps, runtime, this.hotAddress, txHash);
  }

  async stop(): Promise<void> {
    for (const runtime of this.runtimes) await runtime.scanner.release().catch(() => undefined);
  }
}
