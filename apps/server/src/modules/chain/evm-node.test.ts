import { describe, expect, it } from 'vitest';
import { nativeFromTraces } from './evm-node.ts';

// trace_block's answer (Parity/OpenEthereum format, as anvil, Erigon and Nethermind give it): value-carrying calls of
// successful transactions are native transfers; a reverted call undoes its whole subtree, a failed transaction all.

const call = (tx: string, traceAddress: number[], value: bigint, to: string, extra: Record<string, unknown> = {}) => ({
  type: 'call',
  action: { from: '0xsender', to, value: `0x${value.toString(16)}`, callType: 'call' },
  blockHash: '0xblock',
  blockNumber: 7,
  transactionHash: tx,
  traceAddress,
  ...extra,
});

describe('native transfers from traces', () => {
  it('numbers each transfer by its place in the transaction: -1 its own value, -1 - n the n-th call inside', () => {
    const found = nativeFromTraces([
      call('0xa', [], 5n, '0xcontract'),
      call('0xa', [0], 2n, '0xalice'),
      call('0xa', [1], 3n, '0xbob'),
    ]);
    expect(found.map((t) => [t.to, t.value, t.index])).toEqual([
      ['0xcontract', 5n, -1],
      ['0xalice', 2n, -2],
      ['0xbob', 3n, -3],
    ]);
  });

  it('leaves out a reverted call and everything under it, and all of a failed transaction', () => {
    const found = nativeFromTraces([
      call('0xa', [], 0n, '0xcontract'),
      call('0xa', [0], 2n, '0xalice', { error: 'Reverted' }),
      call('0xa', [0, 0], 1n, '0xcarol'),
      call('0xa', [1], 3n, '0xbob'),
      call('0xb', [], 9n, '0xdave', { error: 'out of gas' }),
    ]);
    expect(found.map((t) => t.to)).toEqual(['0xbob']);
  });

  it('ignores delegate calls and calls without value', () => {
    const found = nativeFromTraces([
      call('0xa', [], 0n, '0xproxy'),
      {
        ...call('0xa', [0], 4n, '0ximpl'),
        action: { from: '0xproxy', to: '0ximpl', value: '0x4', callType: 'delegatecall' },
      },
    ]);
    expect(found).toEqual([]);
  });
});
