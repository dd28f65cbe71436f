import { CHAT_LIMITS, type ChatMessage, type ChatMyRoomOutput, type ChatRoom, chatApi } from '@polaris/contract';
import {
  infiniteQueryOptions,
  keepPreviousData,
  type QueryClient,
  useInfiniteQuery,
  useMutation,
  useQuery,
  useQueryClient,
} from '@tanstack/react-query';
import { addToHistory, type History, type HistoryPage, markDeleted } from '@/lib/chat-messages.ts';
import { useSession } from '@/lib/session.ts';
import { noticeKeys } from './notice-unread.ts';
import { api } from './request.ts';

/** Chat rooms and messages over HTTP (docs/chat.md); live delivery is the socket's (lib/chat-socket.ts). */

type Out<S extends { parse(input: unknown): unknown }> = ReturnType<S['parse']>;
export type MyRoom = Out<typeof ChatMyRoomOutput>;
export type { ChatMessage, ChatRoom };

export const chatKeys = {
  all: ['chat'] as const,
  mine: () => [...chatKeys.all, 'mine'] as const,
  search: (q: string) => [...chatKeys.all, 'search', q] as const,
  room: (id: string) => [...chatKeys.all, 'room', id] as const,
  city: (city: string) => [...chatKeys.all, 'city', city] as const,
  messages: (roomId: string) => [...chatKeys.all, 'messages', roomId] as const,
};

const useLoggedIn = () => useSession((state) => state.loginStatus);

export function useMyRooms() {
  return useQuery({
    queryKey: chatKeys.mine(),
    enabled: useLoggedIn(),
    queryFn: () => api.call(chatApi.roomsMine),
  });
}

/** Public rooms by name; an empty query lists public rooms to browse. */
export function useRoomSearch(q: string, enabled = true) {
  return useQuery({
    queryKey: chatKeys.search(q),
    enabled: useLoggedIn() && enabled,
    queryFn: () => api.call(chatApi.roomsSearch, { q, limit: 20 }),
    staleTime: 10_000,
    // The rows stay while the next query loads: typing on must not pull a row away under a finger (or a join).
    placeholderData: keepPreviousData,
  });
}

export function useRoom(id: string) {
  return useQuery({
    queryKey: chatKeys.room(id),
    enabled: useLoggedIn() && id !== '',
    queryFn: () => api.call(chatApi.room, { roomId: id }),
  });
}

/** A room just answered by the server: its own entry, and the list of mine refetched to include it. */
function keepRoom(client: QueryClient, room: ChatRoom) {
  client.setQueryData(chatKeys.room(room.id), room);
  void client.invalidateQueries({ queryKey: chatKeys.mine() });
}

export function useCreateRoom() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (input: { name: string; description: string; joinPolicy: 'public' | 'invite' }) =>
      api.call(chatApi.roomCreate, input),
    onSuccess: (room) => keepRoom(client, room),
  });
}

/**
 * Joins by id (a public room) or by an invite link's token. Joining by id shows the room as joined at once and
 * takes that back if the server says no.
 */
export function useJoinRoom() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (input: { roomId: string } | { inviteToken: string }) => api.call(chatApi.roomJoin, input),
    onMutate: async (input) => {
      if (!('roomId' in input)) return undefined;
      const key = chatKeys.room(input.roomId);
      await client.cancelQueries({ queryKey: key });
      const before = client.getQueryData<ChatRoom>(key);
      if (before && before.role === null) {
        client.setQueryData<ChatRoom>(key, { ...before, role: 'member', memberCount: before.memberCount + 1 });
      }
      return { key, before };
    },
    onError: (_error, _input, context) => {
      if (context?.before) client.setQueryData(context.key, context.before);
    },
    onSuccess: (room) => {
      keepRoom(client, room);
      void client.invalidateQueries({ queryKey: [...chatKeys.all, 'search'] });
    },
  });
}

/** Opens (or finds) the direct conversation with a user. */
export function useOpenDirect() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (uid: string) => api.call(chatApi.directOpen, { uid }),
    onSuccess: (room) => keepRoom(client, room),
  });
}

// Messages

/**
 * Where a room's history opens when it is loaded afresh: at a found message (a search hit), rather than at the
 * newest. Set by the room screen before its history loads; read by the first page's fetch.
 */
const historyAnchors = new Map<string, number>();
export function setHistoryAnchor(roomId: string, seq: number | undefined) {
  if (seq === undefined) historyAnchors.delete(roomId);
  else historyAnchors.set(roomId, seq);
}

/** A page of history to fetch: older than a seq (a number), or newer than one (paging down from a found message). */
type HistoryParam = number | { after: number } | undefined;

/**
 * History, newest page first, older pages as the user scrolls up. The socket keeps it current (it merges live
 * messages into the cache), so it is never refetched behind the user's back: a refetch could only lose what the
 * socket put there since. Opened at a found message, the first page is around it, and newer pages come as the
 * reader scrolls down until the newest is reached.
 */
const roomMessagesOptions = (roomId: string) =>
  infiniteQueryOptions({
    queryKey: chatKeys.messages(roomId),
    initialPageParam: undefined as HistoryParam,
    queryFn: async ({ pageParam }): Promise<HistoryPage> => {
      const limit = CHAT_LIMITS.historyPage;
      const anchor = pageParam === undefined ? historyAnchors.get(roomId) : undefined;
      if (anchor !== undefined || typeof pageParam === 'object') {
        const page = await api.call(chatApi.messages, {
          roomId,
          ...(anchor !== undefined ? { aroundSeq: anchor } : { afterSeq: (pageParam as { after: number }).after }),
          limit,
        });
        const oldest = page.items[page.items.length - 1]?.seq ?? 0;
        // Around a message: half a page after it came back full, there may be more; after one: a full page.
        const newerCount = anchor !== undefined ? page.items.filter((m) => m.seq > anchor).length : page.items.length;
        const newerFull = anchor !== undefined ? newerCount === Math.floor(limit / 2) : newerCount === limit;
        return { items: page.items, more: anchor !== undefined && oldest > 1, newer: newerFull };
      }
      const page = await api.call(chatApi.messages, {
        roomId,
        beforeSeq: pageParam,
        limit,
      });
      const oldest = page.items[page.items.length - 1]?.seq ?? 0;
      return { items: page.items, more: page.items.length === limit && oldest > 1 };
    },
    getNextPageParam: (last: HistoryPage): HistoryParam =>
      last.more ? last.items[last.items.length - 1]?.seq : undefined,
    getPreviousPageParam: (first: HistoryPage): HistoryParam =>
      first.newer && first.items[0] ? { after: first.items[0].seq } : undefined,
    staleTime: Number.POSITIVE_INFINITY,
    refetchOnWindowFocus: false,
    refetchOnReconnect: false,
    gcTime: 10 * 60_000,
  });

export function useRoomMessages(roomId: string, enabled: boolean) {
  return useInfiniteQuery({ ...roomMessagesOptions(roomId), enabled: enabled && roomId !== '' });
}

/** Messages that arrived on the socket, into the room's history and the preview of it in my list. */
export function receiveMessages(client: QueryClient, roomId: string, messages: ChatMessage[], selfUid: string | null) {
  if (messages.length === 0) return;
  client.setQueryData<History>(chatKeys.messages(roomId), (history) => addToHistory(history, messages));
  previewMessages(client, roomId, messages, selfUid);
}

/**
 * My list as the socket changes it: the newest message as the preview, the room to the top, unread up by each
 * message of someone else's the list had not counted yet.
 */
export function previewMessages(client: QueryClient, roomId: string, messages: ChatMessage[], selfUid: string | null) {
  client.setQueryData<{ items: MyRoom[] }>(chatKeys.mine(), (list) => {
    const entry = list?.items.find((item) => item.room.id === roomId);
    if (!list || !entry) return list;
    const fresh = messages.filter((message) => message.seq > entry.room.lastSeq);
    if (fresh.length === 0) return list;
    const newest = fresh.reduce((a, b) => (b.seq > a.seq ? b : a));
    const unread = entry.unread + fresh.filter((message) => message.senderUid !== selfUid).length;
    const updated: MyRoom = {
      ...entry,
      room: { ...entry.room, lastSeq: newest.seq },
      lastMessage: newest,
      lastAt: newest.createdAt,
      unread: newest.senderUid === selfUid ? 0 : unread,
    };
    return { items: [updated, ...list.items.filter((item) => item !== entry)] };
  });
}

export function removeMessage(client: QueryClient, roomId: string, seq: number) {
  client.setQueryData<History>(chatKeys.messages(roomId), (history) => markDeleted(history, seq));
  client.setQueryData<{ items: MyRoom[] }>(chatKeys.mine(), (list) =>
    list
      ? {
          items: list.items.map((item) =>
            item.room.id === roomId && item.lastMessage?.seq === seq
              ? { ...item, lastMessage: { ...item.lastMessage, deleted: true, text: '', imageId: null } }
              : item,
          ),
        }
      : list,
  );
}

/** Deletes at once on screen, and puts the message back if the server refuses. */
export function useDeleteMessage(roomId: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (seq: number) => api.call(chatApi.messageDelete, { roomId, seq }),
    onMutate: async (seq) => {
      const before = client.getQueryData<History>(chatKeys.messages(roomId));
      removeMessage(client, roomId, seq);
      return { before };
    },
    onError: (_error, _seq, context) => {
      if (context?.before) client.setQueryData(chatKeys.messages(roomId), context.before);
    },
  });
}

/** Moves my read position; the list's unread badge follows at once. Failures are not worth telling anyone. */
export function markRead(client: QueryClient, roomId: string, seq: number) {
  client.setQueryData<{ items: MyRoom[] }>(chatKeys.mine(), (list) =>
    list
      ? {
          items: list.items.map((item) =>
            item.room.id === roomId
              ? { ...item, unread: Math.max(0, Math.min(item.unread, item.room.lastSeq - seq)) }
              : item,
          ),
        }
      : list,
  );
  // The Community tab's count of unread messages is the server's (api/notice.ts): ask for it again once moved.
  return api
    .post<Record<string, never>>('/chat/read', { roomId, seq }, { silent: true })
    .then(() => client.invalidateQueries({ queryKey: noticeKeys.unread() }))
    .catch(() => undefined);
}
