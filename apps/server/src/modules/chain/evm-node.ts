import {
  type Address,
  createPublicClient,
  decodeEventLog,
  encodeFunctionData,
  erc20Abi,
  type Hex,
  http,
  type PublicClient,
  parseAbiItem,
} from 'viem';

/** What the chain module reads from and sends to an EVM node over JSON-RPC (viem, batched requests). */

const TRANSFER = parseAbiItem('event Transfer(address indexed from, address indexed to, uint256 value)');

export interface TokenTransfer {
  contract: string;
  from: string;
  to: string;
  value: bigint;
  txHash: string;
  logIndex: number;
  blockNumber: bigint;
  blockHash: string;
}

export interface NativeTransfer {
  from: string;
  to: string;
  value: bigint;
  txHash: string;
  /** -1 for the transaction's own value, -1 - n for the n-th call inside it (trace order). */
  index: number;
  blockNumber: bigint;
  blockHash: string;
}

interface TraceEntry {
  type: string;
  action: { from?: string; to?: string; value?: string; callType?: string };
  blockHash: string;
  blockNumber: number;
  transactionHash: string | null;
  transactionPosition?: number;
  traceAddress: number[];
  error?: string;
}

export interface Receipt {
  status: 'success' | 'reverted';
  blockNumber: bigint;
  blockHash: string;
  gasPaid: bigint;
}

export class EvmNode {
  readonly client: PublicClient;
  /** Whether the node answers `trace_block` (internal native transfers); learned on first use. */
  private traces: boolean | undefined;

  constructor(readonly url: string) {
    this.client = createPublicClient({ transport: http(url, { batch: { batchSize: 100 }, retryCount: 1 }) });
  }

  chainId(): Promise<number> {
    return this.client.getChainId();
  }

  head(): Promise<bigint> {
    return this.client.getBlockNumber({ cacheTime: 0 });
  }

  /** The node's hash at each height (undefined past its head), in one batch. */
  async blockHashes(numbers: bigint[]): Promise<Map<bigint, string | undefined>> {
    const blocks = await Promise.all(
      numbers.map((blockNumber) =>
        this.client.getBlock({ blockNumber }).then(
          (block) => block.hash as string,
          () => undefined,
        ),
      ),
    );
    return new Map(numbers.map((n, i) => [n, blocks[i]]));
  }

  /** Every ERC-20 `Transfer` of these contracts in the range (so transfers made inside other contracts count). */
  async tokenTransfers(contracts: string[], fromBlock: bigint, toBlock: bigint): Promise<TokenTransfer[]> {
    if (contracts.length === 0) return [];
    const logs = await this.client.getLogs({
      address: contracts as Address[],
      event: TRANSFER,
      fromBlock,
      toBlock,
    });
    return logs.flatMap((log) => {
      if (log.removed || log.blockHash === null || log.transactionHash === null || log.logIndex === null) return [];
      const { args } = decodeEventLog({ abi: [TRANSFER], data: log.data, topics: log.topics });
      return [
        {
          contract: log.address,
          from: args.from,
          to: args.to,
          value: args.value,
          txHash: log.transactionHash,
          logIndex: log.logIndex,
          blockNumber: log.blockNumber!,
          blockHash: log.blockHash,
        },
      ];
    });
  }

  /**
   * Native coin moved in one block: by `trace_block` where the node has it (a transaction's own value and every
   * call inside it that carries value, so coin sent through a contract is found), otherwise only transactions'
   * own value (what a contract forwards is then missed: docs/wallet.md says so).
   */
  async nativeTransfers(blockNumber: bigint): Promise<NativeTransfer[]> {
    if (this.traces !== false) {
      try {
        const traces = (await this.client.request({
          method: 'trace_block' as never,
          params: [`0x${blockNumber.toString(16)}`] as never,
        })) as TraceEntry[];
        this.traces = true;
        return nativeFromTraces(traces ?? []);
      } catch (error) {
        if (this.traces === true) throw error;
        this.traces = false;
      }
    }
    const block = await this.client.getBlock({ blockNumber, includeTransactions: true });
    const receipts = await Promise.all(
      block.transactions.filter((t) => t.value > 0n).map((t) => this.client.getTransactionReceipt({ hash: t.hash })),
    );
    const ok = new Set(receipts.filter((r) => r.status === 'success').map((r) => r.transactionHash));
    return block.transactions
      .filter((t) => t.value > 0n && t.to && ok.has(t.hash))
      .map((t) => ({
        from: t.from,
        to: t.to!,
        value: t.value,
        txHash: t.hash,
        index: -1,
        blockNumber,
        blockHash: block.hash!,
      }));
  }

  async receipt(hash: string): Promise<Receipt | undefined> {
    try {
      const r = await this.client.getTransactionReceipt({ hash: hash as Hex });
      return {
        status: r.status,
        blockNumber: r.blockNumber,
        blockHash: r.blockHash,
        gasPaid: r.gasUsed * r.effectiveGasPrice,
      };
    } catch (error) {
      if ((error as { name?: string }).name === 'TransactionReceiptNotFoundError') return undefined;
      throw error;
    }
  }

  nonce(address: string, blockTag: 'latest' | 'pending'): Promise<number> {
    return this.client.getTransactionCount({ address: address as Address, blockTag });
  }

  /** The fees to offer now: the next block's base fee doubled plus the node's suggested tip (EIP-1559). */
  async fees(): Promise<{ maxFeePerGas: bigint; maxPriorityFeePerGas: bigint }> {
    const [block, tip] = await Promise.all([
      this.client.getBlock({ blockTag: 'latest' }),
      this.client.estimateMaxPriorityFeePerGas().catch(() => 1_000_000_000n),
    ]);
    const base = block.baseFeePerGas ?? 0n;
    return { maxFeePerGas: base * 2n + tip, maxPriorityFeePerGas: tip };
  }

  /** Broadcasts a signed transaction; one the node already has (or has mined) counts as sent. */
  async send(raw: string): Promise<'sent' | 'known'> {
    try {
      await this.client.sendRawTransaction({ serializedTransaction: raw as Hex });
      return 'sent';
    } catch (error) {
      const text = String((error as { details?: string }).details ?? (error as Error).message).toLowerCase();
      if (text.includes('already known') || text.includes('nonce too low') || text.includes('already imported')) {
        return 'known';
      }
      throw error;
    }
  }

  /** The coin an address holds, at the head or at `blockNumber` (proof of reserves reads every address at one block). */
  balance(address: string, blockNumber?: bigint): Promise<bigint> {
    return this.client.getBalance({ address: address as Address, blockNumber });
  }

  tokenBalance(contract: string, address: string, blockNumber?: bigint): Promise<bigint> {
    return this.client.readContract({
      address: contract as Address,
      abi: erc20Abi,
      functionName: 'balanceOf',
      args: [address as Address],
      blockNumber,
    });
  }
}

/** The call data of an ERC-20 transfer. */
export function transferData(to: string, value: bigint): Hex {
  return encodeFunctionData({ abi: erc20Abi, functionName: 'transfer', args: [to as Address, value] });
}

/** Value-carrying calls of successful transactions, in trace order per transaction. */
export function nativeFromTraces(traces: TraceEntry[]): NativeTransfer[] {
  const failed = new Set<string>();
  for (const trace of traces) {
    // A failed top-level call undoes everything inside it; a failed inner call undoes its own subtree.
    if (trace.error && trace.transactionHash && trace.traceAddress.length === 0) failed.add(trace.transactionHash);
  }
  const positions = new Map<string, number>();
  const found: NativeTransfer[] = [];
  const revertedPrefixes: { tx: string; path: number[] }[] = [];
  for (const trace of traces) {
    if (!trace.transactionHash || trace.type !== 'call') continue;
    const tx = trace.transactionHash;
    const position = positions.get(tx) ?? 0;
    positions.set(tx, position + 1);
    if (trace.error) revertedPrefixes.push({ tx, path: trace.traceAddress });
    if (failed.has(tx)) continue;
    const underRevert = revertedPrefixes.some(
      (r) =>
        r.tx === tx &&
        r.path.length <= trace.traceAddress.length &&
        r.path.every((p, i) => trace.traceAddress[i] === p),
    );
    if (underRevert) continue;
    const value = BigInt(trace.action.value ?? '0x0');
    if (value === 0n || !trace.action.to || trace.action.callType === 'delegatecall') continue;
    found.push({
      from: trace.action.from ?? '',
      to: trace.action.to,
      value,
      txHash: tx,
      index: -1 - position,
      blockNumber: BigInt(trace.blockNumber),
      blockHash: trace.blockHash,
    });
  }
  return found;
}
