import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useEffect, useRef, useState } from 'react';
import { chatKeys, type MyRoom, previewMessages, removeMessage } from '@/api/chat.ts';
import { previewEdit } from '@/api/chat-actions.ts';
import { chatSocket } from '@/app/chat-connection.ts';
import { useSession } from '@/lib/session.ts';

/**
 * Keeps the rows on screen current: each room in view is watched from now on, its preview, time, unread count
 * and place in the list following every message. A room that moved on while it was not watched (its newest seq
 * on the server is past the list's) has the list fetched again rather than its backlog replayed.
 */
export function useRoomListLive(roomIds: readonly string[]) {
  const client = useQueryClient();
  const selfUid = useSession((state) => state.userInfo?.uid ?? null);
  const key = roomIds.join(',');

  useEffect(() => {
    if (key === '') return undefined;
    const socket = chatSocket();
    let refetch: ReturnType<typeof setTimeout> | null = null;
    const stale = () => {
      if (refetch) return;
      refetch = setTimeout(() => void client.invalidateQueries({ queryKey: chatKeys.mine() }), 300);
    };
    const stops = key.split(',').map((roomId) =>
      socket.watch(roomId, {
        message: (message) => previewMessages(client, roomId, [message], selfUid),
        deleted: (seq) => removeMessage(client, roomId, seq),
        action: (frame) => {
          if (frame.type === 'edited') previewEdit(client, roomId, frame);
        },
        subscribed: (lastSeq) => {
          const list = client.getQueryData<{ items: MyRoom[] }>(chatKeys.mine());
          const entry = list?.items.find((item) => item.room.id === roomId);
          if (entry && lastSeq > entry.room.lastSeq) stale();
        },
        refused: stale,
      }),
    );
    return () => {
      if (refetch) clearTimeout(refetch);
      for (const stop of stops) stop();
    };
  }, [client, key, selfUid]);
}

/**
 * Which rows are on screen, by their `data-room-id`: rows register through `observe`. Where the browser has no
 * IntersectionObserver every row counts as seen.
 */
export function useRowsInView() {
  const [ids, setIds] = useState<string[]>([]);
  const observer = useRef<IntersectionObserver | null>(null);
  const seen = useRef(new Set<string>());

  useEffect(() => () => observer.current?.disconnect(), []);

  const observe = useCallback((element: HTMLElement | null) => {
    const id = element?.dataset.roomId;
    if (!element || !id) return;
    if (typeof IntersectionObserver === 'undefined') {
      if (!seen.current.has(id)) {
        seen.current.add(id);
        setIds([...seen.current].sort());
      }
      return;
    }
    observer.current ??= new IntersectionObserver((entries) => {
      let changed = false;
      for (const entry of entries) {
        const roomId = (entry.target as HTMLElement).dataset.roomId;
        if (!roomId) continue;
        if (entry.isIntersecting && !seen.current.has(roomId)) {
          seen.current.add(roomId);
          changed = true;
        } else if (!entry.isIntersecting && seen.current.delete(roomId)) changed = true;
      }
      if (changed) setIds([...seen.current].sort());
    });
    observer.current.observe(element);
  }, []);

  return { ids, observe };
}
