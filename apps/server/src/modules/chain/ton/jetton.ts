import { type Address, beginCell, type Cell, type Slice } from '@ton/core';

// The TEP-74 jetton messages this module reads or writes. Jetton balances live in one jetton wallet contract per
// (owner, jetton master); tokens move between jetton wallets, never through the owners' wallets themselves.

export const JETTON_OP = {
  /** Owner → its jetton wallet: send tokens. */
  transfer: 0x0f8a7ea5,
  /** Jetton wallet (or the master, when minting) → the receiver's jetton wallet, which credits itself. */
  internalTransfer: 0x178d4519,
  /** Receiver's jetton wallet → its owner, only when the sender attached a forward amount. */
  transferNotification: 0x7362d09c,
  /** Leftover gas returned to the response destination. */
  excesses: 0xd53276db,
} as const;

export interface InternalTransfer {
  queryId: bigint;
  amount: bigint;
  /** The sending owner (not its jetton wallet); none when the master mints. */
  from: Address | null;
}

export interface TransferNotification {
  queryId: bigint;
  amount: bigint;
  sender: Address | null;
}

/** The slice after a body's 32-bit op, when the body has that op; a body too short or different gives nothing. */
function afterOp(body: Cell, op: number): Slice | undefined {
  const slice = body.beginParse();
  if (slice.remainingBits < 32 || slice.loadUint(32) !== op) return undefined;
  return slice;
}

/**
 * internal_transfer#178d4519 query_id:uint64 amount:(VarUInteger 16) from:MsgAddress response_address:MsgAddress
 * forward_ton_amount:(VarUInteger 16) forward_payload:(Either Cell ^Cell). Only the fields a deposit needs are read,
 * so a jetton that appends its own fields (the governed USDT one does not) still parses.
 */
export function parseInternalTransfer(body: Cell): InternalTransfer | undefined {
  const slice = afterOp(body, JETTON_OP.internalTransfer);
  if (!slice) return undefined;
  try {
    return { queryId: slice.loadUintBig(64), amount: slice.loadCoins(), from: slice.loadMaybeAddress() };
  } catch {
    return undefined;
  }
}

/** transfer_notification#7362d09c query_id:uint64 amount:(VarUInteger 16) sender:MsgAddress forward_payload:(…). */
export function parseTransferNotification(body: Cell): TransferNotification | undefined {
  const slice = afterOp(body, JETTON_OP.transferNotification);
  if (!slice) return undefined;
  try {
    return { queryId: slice.loadUintBig(64), amount: slice.loadCoins(), sender: slice.loadMaybeAddress() };
  } catch {
    return undefined;
  }
}

export interface JettonTransfer {
  queryId: bigint;
  amount: bigint;
  /** The receiving owner; its jetton wallet is found (and deployed if need be) by ours. */
  destination: Address;
  /** Where the leftover gas goes: our own wallet, so it is not lost. */
  responseDestination: Address;
  /** TON sent on to the receiving owner with the transfer_notification; 0 sends no notification. */
  forwardTonAmount: bigint;
}

/**
 * transfer#0f8a7ea5 query_id:uint64 amount:(VarUInteger 16) destination:MsgAddress response_destination:MsgAddress
 * custom_payload:(Maybe ^Cell) forward_ton_amount:(VarUInteger 16) forward_payload:(Either Cell ^Cell), with no
 * custom payload and an empty inline forward payload.
 */
export function jettonTransferBody(transfer: JettonTransfer): Cell {
  return beginCell()
    .storeUint(JETTON_OP.transfer, 32)
    .storeUint(transfer.queryId, 64)
    .storeCoins(transfer.amount)
    .storeAddress(transfer.destination)
    .storeAddress(transfer.responseDestination)
    .storeBit(false)
    .storeCoins(transfer.forwardTonAmount)
    .storeBit(false)
    .endCell();
}
