import type { ChatMessage, ChatRoom } from '@polaris/contract';
import { useMemo, useState } from 'react';
import { useEditMessage, usePinMessage, usePins, useReact } from '@/api/chat-actions.ts';
import { toastUnreported } from '@/components/form-errors.ts';
import type { MessageListProps } from './MessageList.tsx';

/**
 * What a room's conversation offers on its messages (docs/chat.md "Reactions, editing and pins"): reactions and
 * edits for those who may write (`can.send`), pins for its admins (`can.moderate`), the message being edited, and
 * the room's pins for the bar above.
 */
export function useMessageActions(room: ChatRoom) {
  const react = useReact(room.id);
  const edit = useEditMessage(room.id);
  const pin = usePinMessage(room.id);
  const pins = usePins(room.id, room.role !== null);
  const [editing, setEditing] = useState<ChatMessage | null>(null);
  const canWrite = room.can.send && !room.closedAt;
  const pinned = useMemo(() => new Set((pins.data?.items ?? []).map((item) => item.message.seq)), [pins.data]);
  const actions: NonNullable<MessageListProps['actions']> = {
    canReact: canWrite,
    canPin: room.can.moderate,
    pinned,
    onReact: (seq, emoji, on) => react.mutate({ seq, emoji, on }, { onError: (error) => toastUnreported(error) }),
    onEdit: setEditing,
    onPin: (seq, yes) => pin.mutate({ seq, pinned: yes }, { onError: (error) => toastUnreported(error) }),
  };
  return {
    actions,
    pins: pins.data?.items ?? [],
    editing,
    cancelEdit: () => setEditing(null),
    saveEdit: (seq: number, text: string) => edit.mutate({ seq, text }, { onError: (error) => toastUnreported(error) }),
  };
}
