import { Address, beginCell } from '@ton/core';
import { describe, expect, it } from 'vitest';
import { JETTON_OP, parseInternalTransfer, parseTransferNotification } from './jetton.ts';

// What arrives at a jetton wallet is whatever any contract chose to send: the parsers refuse what is not the op.

const someone = Address.parse('EQCxE6mUtQJKFnGfaROTKOt1lZbDiiX1kCixRv7Nw2Id_sDs');

describe('jetton message parsing', () => {
  it('reads an internal_transfer, with a sender or none (a mint)', () => {
    const body = (from: Address | null) =>
      beginCell()
        .storeUint(JETTON_OP.internalTransfer, 32)
        .storeUint(9, 64)
        .storeCoins(1_500_000n)
        .storeAddress(from)
        .storeAddress(null)
        .storeCoins(0)
        .storeBit(false)
        .endCell();
    const sent = parseInternalTransfer(body(someone));
    expect(sent).toMatchObject({ queryId: 9n, amount: 1_500_000n });
    expect(sent?.from?.equals(someone)).toBe(true);
    expect(parseInternalTransfer(body(null))).toEqual({ queryId: 9n, amount: 1_500_000n, from: null });
  });

  it('refuses another op, an empty body and a body cut short', () => {
    const notification = beginCell()
      .storeUint(JETTON_OP.transferNotification, 32)
      .storeUint(1, 64)
      .storeCoins(5)
      .storeAddress(someone)
      .storeBit(false)
      .endCell();
    expect(parseInternalTransfer(notification)).toBeUndefined();
    const parsed = parseTransferNotification(notification);
    expect(parsed).toMatchObject({ queryId: 1n, amount: 5n });
    expect(parsed?.sender?.equals(someone)).toBe(true);
    expect(parseInternalTransfer(beginCell().endCell())).toBeUndefined();
    expect(
      parseInternalTransfer(beginCell().storeUint(JETTON_OP.internalTransfer, 32).storeUint(1, 16).endCell()),
    ).toBeUndefined();
  });
});
