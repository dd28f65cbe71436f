import {
  hashTradePassword,
  type VipMembership,
  type VipPeriod,
  type VipTier,
  type VipTierCode,
  vipApi,
} from '@polaris/contract';
import { useInfiniteQuery, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { sessionStore, useSession } from '@/lib/session.ts';
import { authKeys } from './auth.ts';
import { api } from './request.ts';
import { walletKeys } from './wallet-keys.ts';

/** Membership: the tiers, my purchases, buying and renewing (docs/membership.md; contract vip.ts). */

export type { VipMembership, VipTier };

export const vipKeys = {
  all: ['vip'] as const,
  tiers: () => [...vipKeys.all, 'tiers'] as const,
  tier: (code: VipTierCode) => [...vipKeys.all, 'tier', code] as const,
  orders: () => [...vipKeys.all, 'orders'] as const,
};

export function useVipTiers() {
  return useQuery({
    queryKey: vipKeys.tiers(),
    queryFn: () => api.call(vipApi.vipinfoQueryList),
    staleTime: 5 * 60_000,
  });
}

/** What upgrading to this tier costs me now (the server prorates; null when it is not an upgrade). */
export function useUpgradePrice(code: VipTierCode, enabled: boolean) {
  return useQuery({
    queryKey: vipKeys.tier(code),
    enabled,
    queryFn: () => api.call(vipApi.vipinfoQuery, { tier: code }),
  });
}

export function useVipOrders() {
  return useInfiniteQuery({
    queryKey: vipKeys.orders(),
    enabled: useSession((state) => state.loginStatus),
    initialPageParam: undefined as string | undefined,
    queryFn: ({ pageParam }) => api.call(vipApi.uservipQueryList, { cursor: pageParam, limit: 20 }),
    getNextPageParam: (last) => last.nextCursor ?? undefined,
  });
}

export type VipPurchaseRequest =
  | {
      action: 'buy';
      tier: VipTierCode;
      period: VipPeriod;
      /** An upgrade's quoted price: the server charges exactly it, or nothing. */
      price?: string;
      tradePassword: string;
      idempotencyKey: string;
    }
  | {
      action: 'renew';
      tier: VipTierCode;
      period: VipPeriod;
      endsAt: string;
      tradePassword: string;
      idempotencyKey: string;
    };

/** Buy, upgrade or renew; the new membership goes straight into the stored user info (its badge, SPEC §4). */
export function useVipPurchase() {
  const queryClient = useQueryClient();
  const uid = useSession((state) => state.userInfo?.uid ?? '');
  return useMutation({
    mutationFn: ({ action, tradePassword, ...input }: VipPurchaseRequest) =>
      api.call(action === 'buy' ? vipApi.uservipBuyVip : vipApi.uservipRenew, {
        ...input,
        tradePassword: hashTradePassword(tradePassword, uid),
      }),
    onSuccess: ({ vip }) => {
      const info = sessionStore.getState().userInfo;
      if (info) sessionStore.getState().setUserInfo({ ...info, vip });
    },
    onSettled: () => {
      void queryClient.invalidateQueries({ queryKey: vipKeys.all });
      void queryClient.invalidateQueries({ queryKey: walletKeys.all });
      void queryClient.invalidateQueries({ queryKey: authKeys.userInfo() });
    },
  });
}
