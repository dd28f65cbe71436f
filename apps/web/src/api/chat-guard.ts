import {
  type ChatBlockedPerson,
  type ChatHeldMessage,
  type ChatReportReason,
  type ChatRoomRules,
  chatGuardApi,
} from '@polaris/contract';
import type { QueryClient } from '@tanstack/react-query';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useMemo } from 'react';
import { useSession } from '@/lib/session.ts';
import { api } from './request.ts';

/**
 * Blocks and reports (docs/chat.md "Blocks, reports and automatic moderation"). The block list is one query: the
 * settings page lists it, and the conversations fold messages of the people in it, so a block or an unblock writes
 * the server's answer (the new list) straight into it.
 */

export const chatGuardKeys = {
  blocks: ['chat', 'blocks'] as const,
  reports: (roomId: string) => ['chat', 'reports', roomId] as const,
  /** A room's held messages: the admins' queue, and under it (`mine`) the user's own that wait or were refused. */
  held: (roomId: string) => ['chat', 'held', roomId] as const,
  myHeld: (roomId: string) => ['chat', 'held', roomId, 'mine'] as const,
};

const useLoggedIn = () => useSession((state) => state.loginStatus);

export function useBlocks() {
  return useQuery({
    queryKey: chatGuardKeys.blocks,
    enabled: useLoggedIn(),
    queryFn: () => api.call(chatGuardApi.blocks, undefined, { silent: true }),
    select: (data) => data.items,
    staleTime: 60_000,
  });
}

const NONE: ReadonlySet<string> = new Set();

/** The uids the user blocked (empty until known): what the conversations fold. */
export function useBlockedUids(): ReadonlySet<string> {
  const { data } = useBlocks();
  return useMemo(() => (data ? new Set(data.map((person) => person.uid)) : NONE), [data]);
}

/**
 * Block or unblock a person. Shown at once (an unblock removes the row, a block folds their messages) and put back
 * if the server refuses; the answer is the list as it is now.
 */
export function useBlockChange() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ uid, block }: { uid: string; block: boolean; name?: string | null }) =>
      api.call(block ? chatGuardApi.block : chatGuardApi.unblock, { uid }),
    onMutate: async ({ uid, block, name }) => {
      await client.cancelQueries({ queryKey: chatGuardKeys.blocks });
      const before = client.getQueryData<{ items: ChatBlockedPerson[] }>(chatGuardKeys.blocks);
      const items = (before?.items ?? []).filter((person) => person.uid !== uid);
      const added = { uid, name: name ?? null, avatar: null, blockedAt: new Date().toISOString() };
      client.setQueryData(chatGuardKeys.blocks, { items: block ? [added, ...items] : items });
      return { before };
    },
    onError: (_error, _input, context) => {
      if (context?.before) client.setQueryData(chatGuardKeys.blocks, context.before);
      else client.removeQueries({ queryKey: chatGuardKeys.blocks });
    },
    onSuccess: (answer) => client.setQueryData(chatGuardKeys.blocks, answer),
  });
}

export interface ReportTarget {
  roomId: string;
  seq?: number;
  uid?: string;
}

export function useReport() {
  return useMutation({
    mutationFn: (input: ReportTarget & { reason: ChatReportReason; note: string }) =>
      api.call(chatGuardApi.report, input),
  });
}

/** A room's open reports, for its admins. */
export function useRoomReports(roomId: string, enabled: boolean) {
  return useQuery({
    queryKey: chatGuardKeys.reports(roomId),
    enabled: useLoggedIn() && roomId !== '' && enabled,
    queryFn: () => api.call(chatGuardApi.roomReports, { roomId }, { silent: true }),
    select: (data) => data.items,
    retry: false,
  });
}

export type ReportAction = 'delete' | 'mute' | 'ban' | 'dismiss';

/**
 * An admin's decision on a report. Every open report of the same target closes with it on the server, so the
 * queue is asked again afterwards (the room's members change with a mute or ban too).
 */
export function useReportAction(roomId: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ id, action }: { id: string; action: ReportAction }) =>
      api.call(chatGuardApi.roomReportAct, { roomId, id, action, minutes: 60 }),
    onSettled: () => {
      void client.invalidateQueries({ queryKey: chatGuardKeys.reports(roomId) });
      void client.invalidateQueries({ queryKey: ['chat', 'members', roomId] });
    },
  });
}

const roomRulesKey = (roomId: string) => ['chat', 'rules', roomId] as const;

/** A room's automatic moderation, for its admins. */
export function useRoomRules(roomId: string, enabled: boolean) {
  return useQuery({
    queryKey: roomRulesKey(roomId),
    enabled: useLoggedIn() && roomId !== '' && enabled,
    queryFn: () => api.call(chatGuardApi.roomRules, { roomId }, { silent: true }),
    retry: false,
  });
}

/** Saves the rules; the answer (the words as the server keeps them) is the cache entry. */
export function useSaveRoomRules(roomId: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (rules: ChatRoomRules) => api.call(chatGuardApi.roomRulesSet, { roomId, ...rules }),
    onSuccess: (answer) => client.setQueryData(roomRulesKey(roomId), answer),
  });
}

/** A room's messages held for approval (a first-time poster's link), for its admins: the queue and its count. */
export function useHeldQueue(roomId: string, enabled: boolean) {
  return useQuery({
    queryKey: chatGuardKeys.held(roomId),
    enabled: useLoggedIn() && roomId !== '' && enabled,
    queryFn: () => api.call(chatGuardApi.roomHeld, { roomId }, { silent: true }),
    select: (data) => data.items,
    retry: false,
  });
}

export type HeldAction = 'approve' | 'reject';

/**
 * An admin approves or rejects a held message. The answer leaves the queue at once; a 409 (another admin decided
 * first) asks for the queue again, as does every settled decision, since others may have acted meanwhile.
 */
export function useHeldAction(roomId: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ id, action }: { id: string; action: HeldAction }) =>
      api.call(chatGuardApi.roomHeldAct, { roomId, id, action }),
    onSuccess: (answer) =>
      client.setQueryData<{ items: ChatHeldMessage[] }>(chatGuardKeys.held(roomId), (data) =>
        data ? { items: data.items.filter((item) => item.id !== answer.id) } : data,
      ),
    onSettled: () => void client.invalidateQueries({ queryKey: chatGuardKeys.held(roomId), exact: true }),
  });
}

/** The user's own messages of a room that wait for an admin or were refused (shown at the end of the conversation). */
export function useMyHeld(roomId: string, enabled: boolean) {
  return useQuery({
    queryKey: chatGuardKeys.myHeld(roomId),
    enabled: useLoggedIn() && roomId !== '' && enabled,
    queryFn: () => api.call(chatGuardApi.myHeld, { roomId }, { silent: true }),
    select: (data) => data.items,
    retry: false,
  });
}

/** A send the server held (the socket's `held` frame): shown at once as waiting, before any refetch. */
export function receiveHeld(client: QueryClient, held: ChatHeldMessage) {
  client.setQueryData<{ items: ChatHeldMessage[] }>(chatGuardKeys.myHeld(held.roomId), (data) => {
    const items = data?.items ?? [];
    return items.some((item) => item.id === held.id) ? data : { items: [...items, held] };
  });
}
