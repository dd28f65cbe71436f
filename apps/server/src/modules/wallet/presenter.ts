import { formatAmount, type RecordSubject, type WalletAsset, type WalletRecord } from '@polaris/contract';
import type { RecordRow } from './records.store.ts';
import type { Catalog, CatalogAsset, CatalogNetwork, DepositRow, PaymentMethodRow } from './store.ts';

function presentNetwork(catalog: Catalog, network: CatalogNetwork) {
  const chain = catalog.chains.get(network.chainId)!;
  const decimals = catalog.assets.get(network.assetCode)!.decimals;
  return {
    chainId: chain.id,
    chain: chain.symbol,
    chainName: chain.name,
    family: chain.family,
    waiting: chain.waiting,
    contract: network.contract,
    depositEnabled: network.depositEnabled && !chain.waiting,
    withdrawEnabled: network.withdrawEnabled && !chain.waiting,
    withdrawFee: formatAmount(network.withdrawFee, decimals),
    withdrawMin: formatAmount(network.withdrawMin, decimals),
    withdrawMax: formatAmount(network.withdrawMax, decimals),
    confirmations: network.confirmations,
    redPacketEnabled: network.redPacketEnabled,
  };
}

/** One asset of the user: balances, whether it is on the home list, and its networks in chain order. */
export function presentAsset(
  catalog: Catalog,
  asset: CatalogAsset,
  balance: { available: bigint; frozen: bigint },
  visible: boolean,
): WalletAsset {
  return {
    code: asset.code,
    name: asset.name,
    decimals: asset.decimals,
    singleAddress: asset.singleAddress,
    available: formatAmount(balance.available, asset.decimals),
    frozen: formatAmount(balance.frozen, asset.decimals),
    visible,
    networks: catalog.networks
      .filter((n) => n.assetCode === asset.code)
      .map((n) => presentNetwork(catalog, n))
      .sort((a, b) => (catalog.chains.get(a.chainId)?.sort ?? 0) - (catalog.chains.get(b.chainId)?.sort ?? 0)),
  };
}

export function presentChains(catalog: Catalog) {
  return {
    items: [...catalog.chains.values()].map(({ id, symbol, name, waiting }) => ({ id, symbol, name, waiting })),
  };
}

/** A posting as a record line: its type from the entry's kind and sign, the chain side from its deposit or withdrawal. */
export function presentRecord(catalog: Catalog, asset: CatalogAsset, row: RecordRow): WalletRecord {
  const amount = BigInt(row.amount);
  const type: WalletRecord['type'] =
    row.kind === 'deposit'
      ? 'deposit'
      : row.kind === 'transfer'
        ? amount > 0n
          ? 'transfer_in'
          : 'transfer_out'
        : row.kind.startsWith('withdrawal')
          ? 'withdraw'
          : 'other';
  const chainId = row.d_chain ?? row.w_chain;
  let status: WalletRecord['status'] = 'completed';
  // A withdrawal held for the hot wallet or broadcast and not yet final is still processing to the user.
  if (row.kind === 'withdrawal')
    status =
      row.w_status === 'completed' || row.w_status === 'failed' || row.w_status === 'review'
        ? row.w_status
        : 'processing';
  // A ticket's price held (frozen) while the organizer decides is not spent yet: held until taken or released.
  if (row.still_held) status = 'held';
  const counterparty =
    row.kind === 'transfer'
      ? ((amount > 0n ? row.memo?.fromUid : row.memo?.toUid) ?? null)
      : (row.memo?.address ?? null);
  return {
    id: row.id,
    type,
    kind: row.kind,
    reference: row.entry_id,
    counterpartyName: row.cp_uid !== null ? row.cp_name : null,
    counterpartyUid: row.cp_uid,
    subject: subjectOf(row),
    note: row.kind === 'transfer' && row.memo?.note ? row.memo.note : null,
    amount: formatAmount(amount, asset.decimals),
    status,
    chain: chainId !== null ? (catalog.chains.get(Number(chainId))?.symbol ?? null) : null,
    txHash: row.d_tx ?? (row.kind === 'withdrawal' ? row.w_tx : null),
    confirmations: row.d_conf,
    requiredConfirmations: row.d_req,
    counterparty,
    fee: row.kind === 'withdrawal' && row.w_fee ? formatAmount(BigInt(row.w_fee), asset.decimals) : null,
    createdAt: new Date(row.created_at).toISOString(),
  };
}

/** What a record's entry refers to, as the detail links it: the activity of a ticket, the bounty, the red packet… */
function subjectOf(row: RecordRow): RecordSubject | null {
  if (row.purpose_type !== null) return { type: row.purpose_type, id: row.purpose_id!, title: row.purpose_title };
  if (row.ref_kind === 'vip') return { type: 'vip', id: '', title: null };
  if (row.ref_kind === 'invite') return { type: 'invite', id: '', title: null };
  if (row.ref_kind === 'creator') return { type: 'earnings', id: '', title: null };
  return null;
}

/** A deposit still confirming: it has no ledger entry yet, so it is shown from its own row. */
export function presentConfirmingDeposit(catalog: Catalog, asset: CatalogAsset, deposit: DepositRow): WalletRecord {
  return {
    id: `deposit-${deposit.id}`,
    type: 'deposit',
    kind: 'deposit',
    reference: null,
    counterpartyName: null,
    counterpartyUid: null,
    subject: null,
    note: null,
    amount: formatAmount(BigInt(deposit.amount), asset.decimals),
    status: 'confirming',
    chain: catalog.chains.get(deposit.chainId)?.symbol ?? null,
    txHash: deposit.txHash,
    confirmations: deposit.confirmations,
    requiredConfirmations: deposit.requiredConfirmations,
    counterparty: null,
    fee: null,
    createdAt: deposit.createdAt.toISOString(),
  };
}

export const presentPaymentMethod = (row: PaymentMethodRow) => ({
  id: row.id,
  type: row.type,
  holderName: row.holderName,
  account: row.account,
  bankName: row.bankName,
  bankBranch: row.bankBranch,
  createdAt: row.createdAt.toISOString(),
});
