import type { ChatHeldMessage, ChatMessage, ChatRoom } from '@polaris/contract';
import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import {
  chatKeys,
  markRead,
  receiveMessages,
  removeMessage,
  setHistoryAnchor,
  useDeleteMessage,
  useRoom,
  useRoomMessages,
} from '@/api/chat.ts';
import { receiveAction, refreshAfterResume } from '@/api/chat-actions.ts';
import { receiveHeld, useMyHeld } from '@/api/chat-guard.ts';
import { receivePollResults } from '@/api/chat-polls.ts';
import { chatSocket } from '@/app/chat-connection.ts';
import { flattenHistory, type History, holdsSeq, newestSeq, reachesNewest } from '@/lib/chat-messages.ts';
import type { OutgoingBody, OutgoingMessage } from '@/lib/chat-outbox.ts';
import { useSession } from '@/lib/session.ts';
import { useOutbox, useSocketStatus } from './useChatSocket.ts';

const TYPING_SHOWN_MS = 5000;
const READ_DELAY_MS = 400;
const REMOVED: readonly (ChatMessage['event'] & string)[] = ['left', 'kicked', 'banned'];

/**
 * One room as a screen uses it: the room, its history (HTTP, page by page) kept current by the socket (watched
 * from the newest seq held, so nothing is missed or doubled), the user's unsent messages, who is typing, and the
 * read position (moved when the newest message is on screen).
 */
export function useChatRoom(roomId: string, focusSeq?: number) {
  const client = useQueryClient();
  const selfUid = useSession((state) => state.userInfo?.uid ?? null);
  const room = useRoom(roomId);
  const member = room.data?.role !== null && room.data?.role !== undefined;
  // Opened at a found message, history loads around it (docs/chat.md "Search"); before the query's first fetch.
  setHistoryAnchor(roomId, focusSeq);
  const history = useRoomMessages(roomId, member);
  // What the cache holds may not be the place asked for: a window elsewhere, or not the newest when none is asked.
  useEffect(() => {
    const held = client.getQueryData<History>(chatKeys.messages(roomId));
    if (!held) return;
    const right = focusSeq === undefined ? reachesNewest(held) : holdsSeq(held, focusSeq);
    if (!right) void client.resetQueries({ queryKey: chatKeys.messages(roomId), exact: true });
  }, [client, roomId, focusSeq]);
  // Live messages join once the newest is held: a window around an old message has a gap above it.
  const loaded = history.data !== undefined && reachesNewest(history.data);
  const outgoing = useOutbox(roomId);
  const myHeld = useMyHeld(roomId, member);
  // My messages held for an admin show after those on their way, as waiting (or refused), never as sent.
  const pending = useMemo(
    () => (myHeld.data?.length ? [...outgoing, ...myHeld.data.map(heldAsOutgoing)] : outgoing),
    [outgoing, myHeld.data],
  );
  const status = useSocketStatus();
  const deletion = useDeleteMessage(roomId);
  const [typing, setTyping] = useState<Record<string, number>>({});

  useEffect(() => {
    if (!member || !loaded) return undefined;
    const socket = chatSocket();
    // Frames arrive one by one; a catch-up after a reconnect is many, merged into the cache in one go.
    let batch: ChatMessage[] = [];
    const flush = () => {
      const messages = batch;
      batch = [];
      receiveMessages(client, roomId, messages, selfUid);
      for (const message of messages) reactToSystem(message);
    };
    const reactToSystem = (message: ChatMessage) => {
      if (message.kind !== 'system') return;
      const delta = message.event === 'joined' ? 1 : REMOVED.includes(message.event ?? 'joined') ? -1 : 0;
      if (delta !== 0) {
        client.setQueryData<ChatRoom>(chatKeys.room(roomId), (data) =>
          data ? { ...data, memberCount: Math.max(0, data.memberCount + delta) } : data,
        );
      }
      const aboutMe = message.targetUid !== null && message.targetUid === selfUid;
      // The room's own fields changed (announcement, name, closed), or my standing in it did.
      if (aboutMe || ['announcement', 'renamed', 'closed'].includes(message.event ?? '')) {
        void client.invalidateQueries({ queryKey: chatKeys.room(roomId) });
        if (aboutMe) void client.invalidateQueries({ queryKey: chatKeys.mine() });
      }
    };
    const afterSeq = newestSeq(client.getQueryData<History>(chatKeys.messages(roomId))) ?? 0;
    // The first subscription starts from history just fetched; each later one is a resume after a reconnect.
    let subscriptions = 0;
    return socket.watch(
      roomId,
      {
        message: (message) => {
          if (batch.length === 0) queueMicrotask(flush);
          batch.push(message);
          const sender = message.senderUid;
          if (sender) setTyping(({ [sender]: _gone, ...rest }) => rest);
        },
        deleted: (seq) => removeMessage(client, roomId, seq),
        action: (frame) => receiveAction(client, roomId, frame, selfUid),
        poll: (results) => receivePollResults(client, roomId, results),
        held: (held) => receiveHeld(client, held),
        typing: (uid) => setTyping((current) => ({ ...current, [uid]: Date.now() + TYPING_SHOWN_MS })),
        refused: () => void client.invalidateQueries({ queryKey: chatKeys.room(roomId) }),
        subscribed: () => {
          subscriptions += 1;
          if (subscriptions > 1) void refreshAfterResume(client, roomId).catch(() => {});
        },
      },
      afterSeq,
    );
  }, [client, roomId, member, loaded, selfUid]);

  useEffect(() => {
    const ids = Object.keys(typing);
    if (ids.length === 0) return undefined;
    const timer = setTimeout(
      () =>
        setTyping((current) => Object.fromEntries(Object.entries(current).filter(([, until]) => until > Date.now()))),
      Math.max(50, Math.min(...Object.values(typing)) - Date.now()),
    );
    return () => clearTimeout(timer);
  }, [typing]);

  const messages = useMemo(() => flattenHistory(history.data), [history.data]);

  const readSent = useRef(0);
  const readTimer = useRef<ReturnType<typeof setTimeout> | null>(null);
  // Leaving the room sends a read still waiting: a glance at the newest message and back must clear its badge.
  useEffect(
    () => () => {
      if (!readTimer.current) return;
      clearTimeout(readTimer.current);
      readTimer.current = null;
      void markRead(client, roomId, readSent.current);
    },
    [client, roomId],
  );
  /** The newest message is on screen: move the read position there (once, shortly after, while the page is seen). */
  const seen = useCallback(
    (seq: number) => {
      if (seq <= readSent.current || document.visibilityState === 'hidden') return;
      readSent.current = seq;
      if (readTimer.current) clearTimeout(readTimer.current);
      readTimer.current = setTimeout(() => {
        readTimer.current = null;
        void markRead(client, roomId, seq);
      }, READ_DELAY_MS);
    },
    [client, roomId],
  );

  const { fetchNextPage, fetchPreviousPage } = history;
  // Scroll events come faster than renders: a second call must join the page on its way, not restart it.
  const loadOlder = useCallback(() => void fetchNextPage({ cancelRefetch: false }), [fetchNextPage]);
  const loadNewer = useCallback(() => void fetchPreviousPage({ cancelRefetch: false }), [fetchPreviousPage]);

  const socket = chatSocket();
  return {
    room,
    history,
    messages,
    pending,
    status,
    selfUid,
    /** Names of the people typing now (as known from their messages), or their uids. */
    typingUids: Object.keys(typing),
    hasOlder: history.hasNextPage,
    loadingOlder: history.isFetchingNextPage,
    olderFailed: history.isFetchNextPageError,
    loadOlder,
    /** Opened around a found message: newer messages remain below, loaded as the reader scrolls down. */
    hasNewer: history.hasPreviousPage,
    loadingNewer: history.isFetchingPreviousPage,
    loadNewer,
    focusSeq,
    send: (body: OutgoingBody) => socket.send(roomId, body),
    retry: (clientId: string) => socket.retry(clientId),
    discard: (clientId: string) => socket.discard(clientId),
    remove: (seq: number) => deletion.mutate(seq),
    typed: () => socket.typing(roomId),
    seen,
  };
}

export type ChatRoomState = ReturnType<typeof useChatRoom>;

/** A held message of mine as the conversation's pending rows show it. */
export function heldAsOutgoing(held: ChatHeldMessage): OutgoingMessage {
  return {
    clientId: `held-${held.id}`,
    roomId: held.roomId,
    text: held.text,
    imageId: held.imageId ?? undefined,
    replyTo: held.replyTo ?? undefined,
    status: held.status === 'rejected' ? 'rejected' : 'held',
    createdAt: held.createdAt,
  };
}
