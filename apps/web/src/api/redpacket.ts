import {
  activityApi,
  hashTradePassword,
  type RED_PACKET_AUDIENCES,
  type RED_PACKET_KINDS,
  type RED_PACKET_SPLITS,
  type RedPacket,
  type RedPacketClaimResultOutput,
  type RedPacketMineOutput,
  type RedPacketMyInfoOutput,
  redpacketApi,
  type ValidityUnit,
} from '@polaris/contract';
import { useInfiniteQuery, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useSession } from '@/lib/session.ts';
import { api } from './request.ts';
import { walletKeys } from './wallet-keys.ts';

/** Red packets: send, open, who got what, and my own (docs/redpacket-screens.md; contract redpacket.ts). */

type Out<S extends { parse(input: unknown): unknown }> = ReturnType<S['parse']>;

export type { RedPacket };
export type RedPacketKind = (typeof RED_PACKET_KINDS)[number];
type RedPacketSplit = (typeof RED_PACKET_SPLITS)[number];
export type RedPacketAudience = (typeof RED_PACKET_AUDIENCES)[number];
export type RedPacketClaimResult = Out<typeof RedPacketClaimResultOutput>;
type MyRedPacketsPage = Out<typeof RedPacketMineOutput>;
export type MyRedPacket = MyRedPacketsPage['items'][number];
export type RedPacketInfo = Out<typeof RedPacketMyInfoOutput>;
export type MineRole = 'sent' | 'received';

export const redPacketKeys = {
  all: ['redpacket'] as const,
  info: () => [...redPacketKeys.all, 'info'] as const,
  mine: (role: MineRole) => [...redPacketKeys.all, 'mine', role] as const,
  detail: (code: string) => [...redPacketKeys.all, 'detail', code] as const,
  claims: (code: string) => [...redPacketKeys.all, 'claims', code] as const,
  hostedActivities: () => [...redPacketKeys.all, 'hosted-activities'] as const,
};

const useLoggedIn = () => useSession((state) => state.loginStatus);

/** What I sent and received, per asset, and what is still held for my open packets. */
export function useRedPacketInfo() {
  return useQuery({
    queryKey: redPacketKeys.info(),
    enabled: useLoggedIn(),
    queryFn: () => api.call(redpacketApi.openRedpacketMyInfo),
  });
}

export function useMyRedPackets(role: MineRole) {
  return useInfiniteQuery({
    queryKey: redPacketKeys.mine(role),
    enabled: useLoggedIn(),
    initialPageParam: undefined as string | undefined,
    queryFn: ({ pageParam }) => api.call(redpacketApi.mine, { role, cursor: pageParam, limit: 20 }),
    getNextPageParam: (last) => last.nextCursor ?? undefined,
  });
}

/**
 * One packet as the caller sees it (a guest too: whether it needs a password, who sent it). The login state is
 * in the key, so logging in fetches the caller's own view (`mine`, `isSender`).
 */
export function useRedPacket(code: string) {
  const loggedIn = useLoggedIn();
  return useQuery({
    queryKey: [...redPacketKeys.detail(code), loggedIn],
    enabled: code !== '',
    queryFn: () => api.call(redpacketApi.detail, { redpacketCode: code }),
    retry: false,
  });
}

export function useRedPacketClaims(code: string, enabled = true) {
  return useInfiniteQuery({
    queryKey: redPacketKeys.claims(code),
    enabled: enabled && code !== '',
    initialPageParam: undefined as string | undefined,
    queryFn: ({ pageParam }) => api.call(redpacketApi.claims, { redpacketCode: code, cursor: pageParam, limit: 20 }),
    getNextPageParam: (last) => last.nextCursor ?? undefined,
  });
}

export interface SendRedPacketRequest {
  kind: RedPacketKind;
  split: RedPacketSplit;
  asset: string;
  /** The whole packet (for a fixed split: each share times the count). */
  amount: string;
  count: number;
  validity: number;
  validityUnit: ValidityUnit;
  password?: string;
  greeting: string;
  audience?: RedPacketAudience;
  roomId?: string;
  activityId?: string;
  /** Typed by the user; hashed here with the uid before it leaves the device. */
  tradePassword: string;
  idempotencyKey: string;
}

export function useSendRedPacket() {
  const queryClient = useQueryClient();
  const uid = useSession((state) => state.userInfo?.uid ?? '');
  return useMutation({
    mutationFn: ({ tradePassword, ...input }: SendRedPacketRequest) =>
      api.call(redpacketApi.send, { ...input, tradePassword: hashTradePassword(tradePassword, uid) }),
    onSuccess: (packet) => {
      queryClient.setQueryData([...redPacketKeys.detail(packet.code), true], packet);
    },
    onSettled: () => {
      void queryClient.invalidateQueries({ queryKey: redPacketKeys.all });
      void queryClient.invalidateQueries({ queryKey: walletKeys.all });
    },
  });
}

export function useClaimRedPacket() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ code, password, captcha }: { code: string; password?: string; captcha?: string }) =>
      api.call(redpacketApi.claim, { redpacketCode: code, password, captcha }),
    onSuccess: (result) => {
      // The packet as it stands after my claim: the envelope and the receive page show it without asking again.
      queryClient.setQueryData([...redPacketKeys.detail(result.packet.code), true], result.packet);
    },
    onSettled: (_result, _error, input) => {
      void queryClient.invalidateQueries({ queryKey: redPacketKeys.claims(input.code) });
      void queryClient.invalidateQueries({ queryKey: redPacketKeys.info() });
      void queryClient.invalidateQueries({ queryKey: [...redPacketKeys.all, 'mine'] });
      void queryClient.invalidateQueries({ queryKey: walletKeys.all });
    },
  });
}

/**
 * The activities I host, to choose whose checked-in attendees a packet is for. Activity's own endpoint
 * (`/activity/mine`), asked from here because only the red packet form lists hosted activities this way.
 */
export function useHostedActivities(enabled: boolean) {
  return useQuery({
    queryKey: redPacketKeys.hostedActivities(),
    enabled: useLoggedIn() && enabled,
    queryFn: () => api.call(activityApi.mine, { role: 'hosted', when: 'all', limit: 50 }),
    staleTime: 60_000,
  });
}
