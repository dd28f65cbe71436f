import type { AirdropDetail, Listing, ListingApply } from '@polaris/contract';
import { airdropApi, listingApi, UPLOADS } from '@polaris/contract';
import { useInfiniteQuery, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useSession } from '@/lib/session.ts';
import { api } from './request.ts';

/** Airdrops and token listing applications (docs/airdrops.md, docs/token-listing.md; contract airdrop.ts, listing.ts). */

export type { AirdropDetail, Listing };
export type AirdropFilter = 'current' | 'past';

const airdropKeys = {
  all: ['airdrop'] as const,
  list: (filter: AirdropFilter, loggedIn: boolean) => [...airdropKeys.all, 'list', filter, loggedIn] as const,
  detail: (id: string, loggedIn: boolean) => [...airdropKeys.all, 'detail', id, loggedIn] as const,
};
const listingKeys = { mine: ['listing', 'mine'] as const };

export function useAirdrops(filter: AirdropFilter) {
  const loggedIn = useSession((state) => state.loginStatus);
  return useInfiniteQuery({
    queryKey: airdropKeys.list(filter, loggedIn),
    initialPageParam: undefined as string | undefined,
    queryFn: ({ pageParam }) =>
      api.call(airdropApi.list, {
        filter,
        cursor: pageParam,
        limit: 20,
      }),
    getNextPageParam: (last) => last.nextCursor ?? undefined,
  });
}

export function useAirdrop(id: string) {
  const loggedIn = useSession((state) => state.loginStatus);
  return useQuery({
    queryKey: airdropKeys.detail(id, loggedIn),
    enabled: id !== '',
    queryFn: () => api.call(airdropApi.detail, { id }),
  });
}

export function useAirdropSignup() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => api.call(airdropApi.signup, { id }),
    onSettled: () => void queryClient.invalidateQueries({ queryKey: airdropKeys.all }),
  });
}

export function useMyListings() {
  return useInfiniteQuery({
    queryKey: listingKeys.mine,
    enabled: useSession((state) => state.loginStatus),
    initialPageParam: undefined as string | undefined,
    queryFn: ({ pageParam }) => api.call(listingApi.shelvesCoinMine, { cursor: pageParam, limit: 20 }),
    getNextPageParam: (last) => last.nextCursor ?? undefined,
  });
}

/** Multipart upload of a logo; the server's field errors (type, size) come back as an `invalid` ApiError. */
export function uploadLogo(file: File): Promise<{ id: string; sizes: { width: number; url: string }[] }> {
  const body = new FormData();
  body.append('file', file);
  return api.upload(UPLOADS.listingLogo, body);
}

export function useApplyListing() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: ListingApply) => api.call(listingApi.shelvesCoinApply, input),
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: listingKeys.mine }),
  });
}
