import { CHAT_LIMITS, type ChatMessage, type ChatPin, type ChatReaction, chatApi } from '@polaris/contract';
import { type QueryClient, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  applyEdit,
  applyOwnReactions,
  applyReactionsFrame,
  type EditedFrame,
  type ReactionsFrame,
  toggledReactions,
  updateMessage,
} from '@/lib/chat-actions.ts';
import { addToHistory, flattenHistory, type History } from '@/lib/chat-messages.ts';
import { chatKeys, type MyRoom } from './chat.ts';
import { api } from './request.ts';

/** Reactions, edits and pins over HTTP, and their socket frames into the cache (docs/chat.md "Reactions, editing and pins"). */

const chatActionKeys = {
  pins: (roomId: string) => [...chatKeys.all, 'pins', roomId] as const,
  reactors: (roomId: string, seq: number) => [...chatKeys.all, 'reactors', roomId, seq] as const,
};

export type PinsFrame = { items: ChatPin[] };

/** A room's frame about a message or its pins, written into the cache (never followed by a refetch). */
export function receiveAction(
  client: QueryClient,
  roomId: string,
  frame: ReactionsFrame | EditedFrame | ({ type: 'pins' } & PinsFrame),
  selfUid: string | null,
) {
  const messages = chatKeys.messages(roomId);
  if (frame.type === 'reactions') {
    client.setQueryData<History>(messages, (h) =>
      updateMessage(h, frame.seq, (m) => applyReactionsFrame(m, frame, selfUid)),
    );
    void client.invalidateQueries({ queryKey: chatActionKeys.reactors(roomId, frame.seq) });
  } else if (frame.type === 'edited') {
    client.setQueryData<History>(messages, (h) => updateMessage(h, frame.seq, (m) => applyEdit(m, frame)));
    previewEdit(client, roomId, frame);
    client.setQueryData<PinsFrame>(chatActionKeys.pins(roomId), (pins) =>
      pins
        ? {
            items: pins.items.map((pin) =>
              pin.message.seq === frame.seq ? { ...pin, message: applyEdit(pin.message, frame) } : pin,
            ),
          }
        : pins,
    );
  } else {
    client.setQueryData<PinsFrame>(chatActionKeys.pins(roomId), { items: frame.items });
  }
}

/**
 * After a reconnect the socket replays the messages stored meanwhile, but not the reactions, edits, poll votes and
 * pins that changed older ones (docs/chat.md "Reactions, editing and pins"): the newest page of history comes again
 * and replaces the copies held of its messages (merged, never replacing the history: what the socket adds meanwhile
 * stays), and the pins are asked again. Two requests, whatever was missed. A copy whose reactions a frame moved past
 * the page's (a higher revision) keeps them.
 */
export async function refreshAfterResume(client: QueryClient, roomId: string) {
  void client.invalidateQueries({ queryKey: chatActionKeys.pins(roomId) });
  const page = await api.call(chatApi.messages, { roomId, limit: CHAT_LIMITS.historyPage });
  client.setQueryData<History>(chatKeys.messages(roomId), (history) => {
    const held = new Map(flattenHistory(history).map((message) => [message.seq, message]));
    const fresh = page.items.map((message) => {
      const mine = held.get(message.seq);
      return mine && (mine.reactionsRev ?? 0) > (message.reactionsRev ?? 0)
        ? { ...message, reactions: mine.reactions, reactionsRev: mine.reactionsRev }
        : message;
    });
    return addToHistory(history, fresh);
  });
}

/** My list of rooms shows a last message's text as edited (the list watches the `edited` frame of rooms in view). */
export function previewEdit(client: QueryClient, roomId: string, frame: EditedFrame) {
  client.setQueryData<{ items: MyRoom[] }>(chatKeys.mine(), (list) =>
    list?.items.some((item) => item.room.id === roomId && item.lastMessage?.seq === frame.seq)
      ? {
          items: list.items.map((item) =>
            item.room.id === roomId && item.lastMessage?.seq === frame.seq
              ? { ...item, lastMessage: applyEdit(item.lastMessage, frame) }
              : item,
          ),
        }
      : list,
  );
}

/** Gives or takes back a reaction: shown at once, the server's counts when it answers, rolled back if refused. */
export function useReact(roomId: string) {
  const client = useQueryClient();
  const key = chatKeys.messages(roomId);
  return useMutation({
    mutationFn: (input: { seq: number; emoji: ChatReaction['emoji']; on: boolean }) =>
      api.call(chatApi.messageReact, { roomId, ...input }),
    onMutate: async ({ seq, emoji, on }) => {
      const before = client.getQueryData<History>(key);
      client.setQueryData<History>(key, (h) =>
        updateMessage(h, seq, (m) => ({ ...m, reactions: toggledReactions(m.reactions ?? [], emoji, on) })),
      );
      return { before };
    },
    onError: (_error, _input, context) => {
      if (context?.before) client.setQueryData(key, context.before);
    },
    onSuccess: (answer, { seq }) => {
      client.setQueryData<History>(key, (h) =>
        updateMessage(h, seq, (m) => applyOwnReactions(m, answer.reactions, answer.rev)),
      );
    },
  });
}

/** Who reacted to a message (the sheet that lists them). */
export function useReactors(roomId: string, seq: number | null) {
  return useQuery({
    queryKey: chatActionKeys.reactors(roomId, seq ?? 0),
    enabled: seq !== null,
    queryFn: () => api.call(chatApi.messageReactors, { roomId, seq: seq! }),
  });
}

/** Edits an own text message; the answer's text goes into the history (the `edited` frame says the same). */
export function useEditMessage(roomId: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (input: { seq: number; text: string }) => api.call(chatApi.messageEdit, { roomId, ...input }),
    onSuccess: ({ message }: { message: ChatMessage }) => {
      if (!message.editedAt) return;
      const edit = { text: message.text, mentions: message.mentions, editedAt: message.editedAt };
      client.setQueryData<History>(chatKeys.messages(roomId), (h) =>
        updateMessage(h, message.seq, (m) => applyEdit(m, edit)),
      );
      previewEdit(client, roomId, { type: 'edited', roomId, seq: message.seq, ...edit });
    },
  });
}

export function usePins(roomId: string, enabled: boolean) {
  return useQuery({
    queryKey: chatActionKeys.pins(roomId),
    enabled: enabled && roomId !== '',
    queryFn: () => api.call(chatApi.roomPins, { roomId }),
  });
}

/** Pins or unpins (admins); the answer is the room's pins after. */
export function usePinMessage(roomId: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ seq, pinned }: { seq: number; pinned: boolean }) =>
      api.call(pinned ? chatApi.messagePin : chatApi.messageUnpin, { roomId, seq }),
    onSuccess: (answer) => client.setQueryData(chatActionKeys.pins(roomId), answer),
  });
}
