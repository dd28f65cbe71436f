import { activityApi, activitySeriesApi, type PromoCreateInput } from '@polaris/contract';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import { useSession } from '@/lib/session.ts';
import { hostKeys } from './activity-manage.ts';
import { api } from './request.ts';

/** Promo codes (docs/activities.md "Promo codes"): the organizer's list, create and disable; a guest's check. */

export type PromoWrite = z.input<typeof PromoCreateInput>;

const promoKeys = { list: (activityId: string) => [...hostKeys.all, 'promo', activityId] as const };

export function usePromoCodes(activityId: string) {
  return useQuery({
    queryKey: promoKeys.list(activityId),
    enabled: useSession((state) => state.loginStatus) && activityId !== '',
    queryFn: () => api.call(activityApi.promoList, { activityId }),
  });
}

export function useCreatePromo(activityId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: Omit<PromoWrite, 'activityId'>) => api.call(activityApi.promoCreate, { ...input, activityId }),
    onSettled: () => void queryClient.invalidateQueries({ queryKey: promoKeys.list(activityId) }),
  });
}

/**
 * A code on this date and every later one of its series (the series' organizer): each date gets its own, and the
 * dates made later get it too. The list shown is this date's.
 */
export function useCreateSeriesPromo(activityId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: Omit<PromoWrite, 'activityId'>) =>
      api.call(activitySeriesApi.promoCreate, { ...input, activityId }),
    onSettled: () => void queryClient.invalidateQueries({ queryKey: hostKeys.all }),
  });
}

export function useDisablePromo(activityId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (promoId: string) => api.call(activityApi.promoDisable, { activityId, promoId }),
    onSettled: () => void queryClient.invalidateQueries({ queryKey: promoKeys.list(activityId) }),
  });
}

/** The guest's check before paying; a wrong code is a field error on `code`, shown under the field. */
export function useCheckPromo() {
  return useMutation({
    mutationFn: (input: { activityId: string; code: string }) => api.call(activityApi.promoCheck, input),
  });
}
