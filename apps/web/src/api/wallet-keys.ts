import type { RECORD_TYPES } from '@polaris/contract';

/**
 * The wallet's query keys, in their own tiny module so the boot code (logout, lost session) can drop every wallet
 * query without pulling the wallet hooks into the first screen. `api/wallet.ts` re-exports them.
 */
export const walletKeys = {
  all: ['wallet'] as const,
  chains: () => [...walletKeys.all, 'chains'] as const,
  assets: () => [...walletKeys.all, 'assets'] as const,
  asset: (asset: string) => [...walletKeys.all, 'asset', asset] as const,
  summary: (currency: string) => [...walletKeys.all, 'summary', currency] as const,
  depositAddress: (asset: string, chainId: number) => [...walletKeys.all, 'deposit', asset, chainId] as const,
  preview: (asset: string, to: string, chainId: number | undefined) =>
    [...walletKeys.all, 'preview', asset, to, chainId ?? null] as const,
  records: (asset: string, type?: (typeof RECORD_TYPES)[number], limit?: number) =>
    [...walletKeys.all, 'records', asset, type ?? 'all', limit ?? 20] as const,
  record: (asset: string, reference: string) => [...walletKeys.all, 'record', asset, reference] as const,
  tradeStatus: () => [...walletKeys.all, 'tradeStatus'] as const,
  payments: () => [...walletKeys.all, 'payments'] as const,
};
