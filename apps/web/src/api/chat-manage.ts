import type { ChatMemberOutput, ChatMembersOutput, ChatSettingsInput } from '@polaris/contract';
import { chatApi } from '@polaris/contract';
import { type QueryClient, type QueryKey, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import { useSession } from '@/lib/session.ts';
import { api } from './request.ts';

/**
 * A chat room's management endpoints (docs/chat.md "Members and settings"): the room as its viewer sees it, its
 * members and moderation, settings, the invite link, announcements. Keys sit under `['chat', …]` beside the room
 * page's own (api/chat.ts), so a change made here refreshes what the room page shows and the other way round.
 */

export type ChatMember = z.output<typeof ChatMemberOutput>;
export type ChatSettings = Omit<z.input<typeof ChatSettingsInput>, 'roomId'>;
/**
 * The server's answer to `GET /chat/room/announcements`. Its schema is declared in the chat routes, not in the
 * contract, so this mirrors it until it moves there (STYLE 7).
 */
export interface Announcement {
  text: string;
  authorUid: string;
  createdAt: string;
}

export const chatManageKeys = {
  all: ['chat'] as const,
  room: (id: string) => ['chat', 'room', id] as const,
  /** Every search of one room's members: a moderation changes them all. */
  membersOf: (id: string) => ['chat', 'members', id] as const,
  members: (id: string, q: string) => ['chat', 'members', id, q] as const,
  announcements: (id: string) => ['chat', 'announcements', id] as const,
  activityRoom: (code: string) => ['chat', 'activityRoom', code] as const,
};

/**
 * An activity's room, for its ticket holders and hosts; others get "not found", which here only means "no room
 * to show", so it is silent. Polled every 15 s so a stage going live shows up on the activity page.
 */
export function useActivityRoom(activityCode: string) {
  return useQuery({
    queryKey: chatManageKeys.activityRoom(activityCode),
    enabled: useLoggedIn() && activityCode !== '',
    queryFn: () => api.call(chatApi.roomActivity, { activityId: activityCode }, { silent: true }),
    retry: false,
    refetchInterval: 15_000,
  });
}

/** The most members one answer holds (the server's limit): past it, search finds the others. */
export const MEMBERS_LIMIT = 200;

const useLoggedIn = () => useSession((state) => state.loginStatus);

export function useChatRoom(id: string) {
  return useQuery({
    queryKey: chatManageKeys.room(id),
    enabled: useLoggedIn() && id !== '',
    queryFn: () => api.call(chatApi.room, { roomId: id }, { silent: true }),
    retry: false,
  });
}

export function useMembers(id: string, q: string, enabled = true) {
  return useQuery({
    queryKey: chatManageKeys.members(id, q),
    enabled: useLoggedIn() && id !== '' && enabled,
    queryFn: () => api.call(chatApi.members, { roomId: id, q, limit: MEMBERS_LIMIT }, { silent: true }),
    select: (data) => data.items,
    placeholderData: (previous) => previous,
    retry: false,
  });
}

export function useAnnouncements(id: string, enabled = true) {
  return useQuery({
    queryKey: chatManageKeys.announcements(id),
    enabled: useLoggedIn() && id !== '' && enabled,
    queryFn: () => api.call(chatApi.roomAnnouncements, { roomId: id }, { silent: true }),
    select: (data) => data.items,
    retry: false,
  });
}

/** Name, avatar, description, join policy, slow mode: the answer is the room, put straight into its cache entry. */
export function useRoomSettings(id: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (settings: ChatSettings) => api.call(chatApi.roomSettings, { roomId: id, ...settings }),
    onSuccess: (room) => {
      client.setQueryData(chatManageKeys.room(id), room);
      // The room list and the room page show the name and avatar too.
      void client.invalidateQueries({
        queryKey: chatManageKeys.all,
        predicate: (query) => !isRoomKey(query.queryKey, id),
      });
    },
  });
}

const isRoomKey = (key: QueryKey, id: string) => key[1] === 'room' && key[2] === id;

export function useResetInvite(id: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: () => api.call(chatApi.roomInviteReset, { roomId: id }),
    onSuccess: (room) => client.setQueryData(chatManageKeys.room(id), room),
  });
}

/** Leaving: the owner is refused with 409 (a quiet status, so the caller shows it). */
export function useLeaveRoom(id: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: () => api.call(chatApi.roomLeave, { roomId: id }),
    onSuccess: () => {
      for (const queryKey of [
        chatManageKeys.room(id),
        chatManageKeys.membersOf(id),
        chatManageKeys.announcements(id),
      ]) {
        client.removeQueries({ queryKey });
      }
      void client.invalidateQueries({ queryKey: chatManageKeys.all });
    },
  });
}

export function useAnnounce(id: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (text: string) => api.call(chatApi.roomAnnounce, { roomId: id, text }),
    onSuccess: () => {
      void client.invalidateQueries({ queryKey: chatManageKeys.announcements(id) });
      void client.invalidateQueries({ queryKey: chatManageKeys.room(id) });
    },
  });
}

export type MemberChange =
  | { action: 'mute'; uid: string; minutes: number }
  | { action: 'unmute' | 'kick' | 'ban'; uid: string }
  | { action: 'role'; uid: string; role: 'admin' | 'member' };

function send(id: string, change: MemberChange) {
  switch (change.action) {
    case 'mute':
      return api.call(chatApi.memberMute, { roomId: id, uid: change.uid, minutes: change.minutes });
    case 'role':
      return api.call(chatApi.memberRole, { roomId: id, uid: change.uid, role: change.role });
    case 'unmute':
      return api.call(chatApi.memberUnmute, { roomId: id, uid: change.uid });
    case 'kick':
      return api.call(chatApi.memberKick, { roomId: id, uid: change.uid });
    case 'ban':
      return api.call(chatApi.memberBan, { roomId: id, uid: change.uid });
  }
}

/** What the change does to one member in a cached list; null when they leave it. */
function applied(member: ChatMember, change: MemberChange, now: number): ChatMember | null {
  if (member.uid !== change.uid) return member;
  switch (change.action) {
    case 'mute':
      return { ...member, mutedUntil: new Date(now + change.minutes * 60_000).toISOString() };
    case 'unmute':
      return { ...member, mutedUntil: null };
    case 'role':
      return { ...member, role: change.role };
    default:
      return null;
  }
}

type MembersData = z.output<typeof ChatMembersOutput>;

function applyToLists(client: QueryClient, id: string, change: MemberChange) {
  const now = Date.now();
  client.setQueriesData<MembersData>({ queryKey: chatManageKeys.membersOf(id) }, (data) =>
    data
      ? {
          items: data.items.flatMap((member) => {
            const next = applied(member, change, now);
            return next ? [next] : [];
          }),
        }
      : data,
  );
}

/**
 * Mute, unmute, kick, ban, admin or not: shown at once in every cached search of the room's members, put back if
 * the server refuses, and fetched again either way (the server's mute end and the member count are the truth).
 */
export function useMemberChange(id: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (change: MemberChange) => send(id, change),
    onMutate: async (change) => {
      await client.cancelQueries({ queryKey: chatManageKeys.membersOf(id) });
      const before = client.getQueriesData<MembersData>({ queryKey: chatManageKeys.membersOf(id) });
      applyToLists(client, id, change);
      return { before };
    },
    onError: (_error, _change, context) => {
      for (const [queryKey, data] of context?.before ?? []) client.setQueryData(queryKey, data);
    },
    onSettled: () => {
      void client.invalidateQueries({ queryKey: chatManageKeys.membersOf(id) });
      void client.invalidateQueries({ queryKey: chatManageKeys.room(id) });
    },
  });
}
