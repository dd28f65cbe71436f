import { hostname } from 'node:os';
import { parseAmount } from '@polaris/contract';
import type { FastifyBaseLogger } from 'fastify';
import type { LocalAccount } from 'viem';
import { privateKeyToAccount } from 'viem/accounts';
import type { Database } from '../../db/client.ts';
import type { NftChainPort } from '../activity/nft-chain.port.ts';
import type { CustodyService } from '../wallet/custody.service.ts';
import type { Catalog } from '../wallet/service.ts';
import type { ChainConfig, EvmChainConfig } from './config.ts';
import { type CustodyBalance, custodyBalances } from './custody-balances.ts';
import { type EvmChain, evmAssetOf, resolveEvmChain, toChainUnits } from './evm-chain.ts';
import { EvmNode } from './evm-node.ts';
import { type FundingLine, FundingRefused, recordFunding } from './funding.service.ts';
import { type HotColdDeps, HotColdKeeper, type HotLevel } from './hot-cold.ts';
import { NftDeployRefused, nftChainOn, signNftDeployment } from './nft.service.ts';
import { type ReconcileLine, reconcileChain } from './reconcile.service.ts';
import type { EvmRuntime } from './runtime.ts';
import { DepositScanner } from './scanner.ts';
import { WithdrawalSender } from './sender.ts';
import { DepositSweeper } from './sweeper.ts';

export type { CustodyBalance, EvmRuntime };

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
    /** Attendance NFTs on CHAIN_NFT's chain (nft.service.ts, the activity module's port); undefined without CHAIN_NFT. */
    readonly nft: NftChainPort | undefined = undefined,
  ) {}

  static async start(deps: {
    db: Database;
    config: ChainConfig;
    catalog: Catalog;
    /**
     * Sweeping: a deposit address's signing account, derived from the seed at the path it was handed out with
     * (undefined where the path does not derive that address). Given only to a process that holds the seed.
     */
    depositKeys?: (address: string, path: string) => LocalAccount | undefined;
    /** USD prices by asset code (the market's tickers): what a token sweep is worth against its gas. */
    usdPrices?: () => Promise<Map<string, string>>;
    custody: CustodyService;
    now: () => Date;
    log: FastifyBaseLogger;
  }): Promise<ChainService> {
    const { config, log } = deps;
    const owner = `${hostname()}:${process.pid}:${Math.random().toString(36).slice(2, 8)}`;
    const account = config.hotWalletKey && config.signer ? privateKeyToAccount(config.hotWalletKey) : undefined;
    const hotAddress = config.hotWalletKey ? privateKeyToAccount(config.hotWalletKey).address : config.hotWalletAddress;
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
      const gasAsset =
        GAS_ASSET[settings.symbol] && deps.catalog.assets.has(GAS_ASSET[settings.symbol]!)
          ? GAS_ASSET[settings.symbol]
          : undefined;
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
            gasAsset,
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
        // Also where this process does not sign: the hot wallet's gas top-ups to deposit addresses are no deposits.
        ownAddresses: () => (hotAddress ? [hotAddress] : []),
        log,
      });
      let sweeper: DepositSweeper | undefined;
      if (sender && deps.depositKeys) {
        const tokenFloors = new Map(
          deps.catalog.networks
            .filter((n) => n.chainId === chain.id)
            .flatMap((n) => {
              const token = [...chain.tokens.values()].find((t) => t.assetCode === n.assetCode);
              return token ? [[n.assetCode, toChainUnits(token, n.withdrawMin)] as const] : [];
            }),
        );
        sweeper = new DepositSweeper({
          db: deps.db,
          node,
          chain,
          custody: deps.custody,
          sender,
          depositKeys: deps.depositKeys,
          sweepRatio: config.sweepRatio,
          tokenFloors,
          usdPrices: deps.usdPrices ?? (async () => new Map()),
          gasAsset,
          now: deps.now,
          log,
        });
        sender.settleWith('sweep', sweeper.settle);
        const sweeping = sweeper;
        sender.signAlsoFor((address) => sweeping.accountFor(address));
      }
      const limits = hotLimitsOf(chain, settings);
      const keeper =
        hotAddress && limits.size > 0
          ? new HotColdKeeper({
              db: deps.db,
              node,
              chain,
              custody: deps.custody,
              hotAddress,
              sender,
              coldAddress: settings.coldAddress,
              limits,
              now: deps.now,
              log,
            })
          : undefined;
      if (keeper && sender) sender.settleWith('cold', keeper.settle);
      runtimes.push({ chain, node, scanner, sender, sweeper, keeper, coldAddress: settings.coldAddress });
      log.info(
        { chain: chain.symbol, networkId: chain.networkId, sends: Boolean(sender), tokens: [...chain.tokens.keys()] },
        'chain on a node',
      );
    }
    const chainName = (id: number) => deps.catalog.chains.get(id)?.name ?? String(id);
    const nft = config.nft ? nftChainOn(runtimes, config.nft, chainName, hotAddress) : undefined;
    return new ChainService(runtimes, config.pollMs, hotAddress, deps, nft);
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
    for (const runtime of this.runtimes) {
      const { sender } = runtime;
      if (!sender) continue;
      await sender.signDue();
      await sender.broadcastDue();
      await sender.followDue();
      await runtime.sweeper?.runOnce();
      // After the sender's run: what it signed is owed before surplus is reckoned.
      await runtime.keeper?.runOnce();
    }
  }

  /** Where the hot wallet stands against its target and ceiling, per chain and asset with limits (`npm run chain:hot`). */
  async hotLevels(): Promise<HotLevel[]> {
    const levels: HotLevel[] = [];
    for (const runtime of this.runtimes) levels.push(...((await runtime.keeper?.levels()) ?? []));
    return levels;
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

  /** What every custody address on every chain with a node holds, each chain read at its head (proof of reserves). */
  async custodyBalances(): Promise<CustodyBalance[]> {
    const lines: CustodyBalance[] = [];
    for (const runtime of this.runtimes) lines.push(...(await custodyBalances(this.deps, runtime, this.hotAddress)));
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

  /** Signs the attendance NFT contract's deployment from the hot wallet (`npm run chain:nft-deploy`, nft.service.ts). */
  async deployNft(chainSymbol: string, input: { name: string; symbol: string; baseUri: string }) {
    const runtime = this.runtimes.find((r) => r.chain.symbol.toUpperCase() === chainSymbol.toUpperCase());
    if (!runtime)
      throw new NftDeployRefused(`${chainSymbol} does not run on a node here (CHAIN_RPC_${chainSymbol.toUpperCase()})`);
    return signNftDeployment(this.deps.db, runtime, input);
  }

  async stop(): Promise<void> {
    for (const runtime of this.runtimes) await runtime.scanner.release().catch(() => undefined);
  }
}

/** A chain's `CHAIN_HOT_TARGET_` / `CHAIN_HOT_CEILING_` settings in the ledger's base units of each asset there. */
function hotLimitsOf(chain: EvmChain, settings: EvmChainConfig): HotColdDeps['limits'] {
  const limits: HotColdDeps['limits'] = new Map();
  for (const [code, limit] of Object.entries(settings.hotLimits)) {
    const asset = evmAssetOf(chain, code);
    const name = `CHAIN_HOT_TARGET_${code}_${settings.symbol}`;
    if (!asset) throw new Error(`${name}: ${code} is not an asset on ${settings.symbol}`);
    const units = (text: string, variable: string) => {
      const parsed = parseAmount(text, asset.decimals);
      if ('units' in parsed) return parsed.units;
      if (parsed.problem === 'notPositive') return 0n;
      throw new Error(`${variable}: ${text} is not an amount of ${code} (${asset.decimals} decimals at most)`);
    };
    limits.set(code, {
      asset,
      target: units(limit.target, name),
      ceiling:
        limit.ceiling === undefined ? undefined : units(limit.ceiling, `CHAIN_HOT_CEILING_${code}_${settings.symbol}`),
    });
  }
  return limits;
}
