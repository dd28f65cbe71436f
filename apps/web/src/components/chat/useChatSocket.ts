import { TOAST_DURATION_MS } from '@polaris/contract';
import { Toast } from 'antd-mobile';
import { useEffect, useState, useSyncExternalStore } from 'react';
import { useTranslation } from 'react-i18next';
import { chatSocket } from '@/app/chat-connection.ts';
import type { OutgoingMessage } from '@/lib/chat-outbox.ts';
import type { SocketStatus } from '@/lib/chat-socket.ts';

/** React's view of the app's chat socket (lib/chat-connection.ts). */

const subscribe = (listener: () => void) => chatSocket().onChange(listener);

export function useSocketStatus(): SocketStatus {
  return useSyncExternalStore(subscribe, () => chatSocket().status);
}

/** The user's messages to the room that the server has not stored yet, oldest first. */
export function useOutbox(roomId: string): readonly OutgoingMessage[] {
  return useSyncExternalStore(subscribe, () => chatSocket().outbox.forRoom(roomId));
}

/**
 * Whether to say the socket is down: not at once (the first connection, a reconnect after a blip), only once it
 * has been down for a moment.
 */
export function useConnectionProblem(delayMs = 1500): SocketStatus | null {
  const status = useSocketStatus();
  const down = status === 'waiting' || status === 'connecting';
  const [shown, setShown] = useState(false);
  useEffect(() => {
    if (!down) {
      setShown(false);
      return;
    }
    const timer = setTimeout(() => setShown(true), delayMs);
    return () => clearTimeout(timer);
  }, [down, delayMs]);
  return shown && down ? status : null;
}

/** Error frames that belong to no message (the server's words, already in the user's language), as toasts. */
export function useSocketErrors() {
  const { t } = useTranslation();
  useEffect(
    () =>
      chatSocket().onError((message) =>
        Toast.show({ content: t('chat.socketError', { message }), duration: TOAST_DURATION_MS }),
      ),
    [t],
  );
}
