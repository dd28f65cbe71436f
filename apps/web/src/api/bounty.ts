import {
  type BOUNTY_CATEGORIES,
  type BOUNTY_SUBMISSION_STATES,
  type Bounty,
  type BountyCreate,
  type BountyMineOutput,
  type BountySubmissionOutput,
  bountyApi,
  hashTradePassword,
} from '@polaris/contract';
import { keepPreviousData, useInfiniteQuery, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { sessionStore, useSession } from '@/lib/session.ts';
import { api } from './request.ts';
import { walletKeys } from './wallet-keys.ts';

/** Task bounties (packages/contract/src/bounty.ts): browse, detail, create, submit, review, mine. */

type Out<S extends { parse(input: unknown): unknown }> = ReturnType<S['parse']>;

export type { Bounty };
export type BountyCategory = (typeof BOUNTY_CATEGORIES)[number];
export type BountySubmission = Out<typeof BountySubmissionOutput>;
export type SubmissionState = (typeof BOUNTY_SUBMISSION_STATES)[number];
export type MineRole = 'created' | 'submitted';
export type MineItem = Out<typeof BountyMineOutput>['items'][number];

export interface BountyFilter {
  q?: string;
  category?: BountyCategory;
  state?: 'open' | 'all';
  activityId?: string;
  roomId?: string;
}

export const bountyKeys = {
  all: ['bounty'] as const,
  list: (filter: BountyFilter) => [...bountyKeys.all, 'list', filter] as const,
  detail: (id: string) => [...bountyKeys.all, 'detail', id] as const,
  submissions: (id: string, state?: SubmissionState) => [...bountyKeys.all, 'submissions', id, state ?? 'all'] as const,
  mine: (role: MineRole) => [...bountyKeys.all, 'mine', role] as const,
};

const useLoggedIn = () => useSession((state) => state.loginStatus);

export function useBountyList(filter: BountyFilter, limit = 20, enabled = true) {
  return useInfiniteQuery({
    queryKey: [...bountyKeys.list(filter), limit],
    enabled,
    initialPageParam: undefined as string | undefined,
    queryFn: ({ pageParam }) =>
      api.call(bountyApi.list, { ...filter, q: filter.q || undefined, cursor: pageParam, limit }),
    getNextPageParam: (last) => last.nextCursor ?? undefined,
    placeholderData: keepPreviousData,
  });
}

export function useBounty(id: string) {
  return useQuery({
    // The answer depends on who asks (can, mySubmission, isCreator), so the login state is in the key.
    queryKey: [...bountyKeys.detail(id), useLoggedIn()],
    enabled: id !== '',
    queryFn: () => api.call(bountyApi.detail, { id }),
  });
}

export function useBountySubmissions(id: string, state?: SubmissionState) {
  return useInfiniteQuery({
    queryKey: bountyKeys.submissions(id, state),
    enabled: useLoggedIn() && id !== '',
    initialPageParam: undefined as string | undefined,
    queryFn: ({ pageParam }) => api.call(bountyApi.submissions, { id, state, cursor: pageParam, limit: 20 }),
    getNextPageParam: (last) => last.nextCursor ?? undefined,
  });
}

export function useMyBounties(role: MineRole) {
  return useInfiniteQuery({
    queryKey: bountyKeys.mine(role),
    enabled: useLoggedIn(),
    initialPageParam: undefined as string | undefined,
    queryFn: ({ pageParam }) => api.call(bountyApi.mine, { role, cursor: pageParam, limit: 20 }),
    getNextPageParam: (last) => last.nextCursor ?? undefined,
  });
}

/** What the form sends; the trade password is typed by the user and hashed with the uid here. */
export type CreateBountyRequest = Omit<BountyCreate, 'tradePassword'> & { password: string };

export function useCreateBounty() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ password, ...input }: CreateBountyRequest) => {
      const uid = sessionStore.getState().userInfo?.uid ?? '';
      return api.call(bountyApi.create, { ...input, tradePassword: hashTradePassword(password, uid) });
    },
    onSuccess: (bounty) => queryClient.setQueryData([...bountyKeys.detail(bounty.id), true], bounty),
    onSettled: () => {
      void queryClient.invalidateQueries({ queryKey: bountyKeys.all });
      void queryClient.invalidateQueries({ queryKey: walletKeys.all });
    },
  });
}

export function useSubmitBounty() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: { id: string; text: string; link?: string; imageId?: string }) =>
      api.call(bountyApi.submit, input),
    onSettled: () => queryClient.invalidateQueries({ queryKey: bountyKeys.all }),
  });
}

export function useReviewSubmission() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: { submissionId: string; decision: 'approve' | 'reject'; reason?: string }) =>
      api.call(bountyApi.review, input),
    onSettled: () => {
      void queryClient.invalidateQueries({ queryKey: bountyKeys.all });
      void queryClient.invalidateQueries({ queryKey: walletKeys.all });
    },
  });
}
