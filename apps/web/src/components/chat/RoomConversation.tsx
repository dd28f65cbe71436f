import type { ChatMessage, ChatRoom } from '@polaris/contract';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useBlockedUids } from '@/api/chat-guard.ts';
import { BlockedPeerBar } from '@/components/chat-guard/BlockedPeerBar.tsx';
import { ImpersonationWarning } from '@/components/chat-guard/ImpersonationWarning.tsx';
import { LoadFailed, Loading } from '@/components/QueryState.tsx';
import { SkipLink } from '@/components/SkipLink.tsx';
import { COMPOSER_INPUT_ID, Composer } from './Composer.tsx';
import { displayName } from './format.ts';
import { MessageList } from './MessageList.tsx';
import { PinnedBar } from './PinnedBar.tsx';
import type { ChatRoomState } from './useChatRoom.ts';
import { useMessageActions } from './useMessageActions.ts';

/**
 * A member's view of a room: the conversation and the composer, with the reply being written. The room page
 * shows it full height; a live page can show it `compact` beside the video.
 */
export function RoomConversation({ chat, room, compact }: { chat: ChatRoomState; room: ChatRoom; compact?: boolean }) {
  const { t } = useTranslation();
  const [replyTo, setReplyTo] = useState<ChatMessage | null>(null);
  const replyName = useMemo(() => (replyTo ? displayName(t, replyTo.senderName, replyTo.senderUid) : ''), [replyTo, t]);
  const { history } = chat;
  const blocked = useBlockedUids();
  // A direct room with someone the reader blocked takes no messages from them until they unblock (the server says so too).
  const blockedPeer = room.kind === 'direct' && room.peer !== null && blocked.has(room.peer.uid);
  const canWrite = room.can.send && !room.closedAt && !blockedPeer;
  const acts = useMessageActions(room);
  return (
    <>
      <ImpersonationWarning room={room} />
      {!compact && (
        <PinnedBar
          pins={acts.pins}
          selfUid={chat.selfUid}
          onShow={(seq) =>
            document
              .querySelector(`[data-testid="chat-message"][data-seq="${seq}"]`)
              ?.scrollIntoView({ block: 'center', behavior: 'smooth' })
          }
        />
      )}
      {canWrite && <SkipLink target={COMPOSER_INPUT_ID}>{t('chat.room.skipToComposer')}</SkipLink>}
      {history.isPending ? (
        <div style={{ flex: 1 }}>
          <Loading testId="chat-loading" />
        </div>
      ) : history.isError && !history.data ? (
        <div style={{ flex: 1 }}>
          <LoadFailed onRetry={() => void history.refetch()} message={history.error.message} />
        </div>
      ) : (
        <MessageList
          messages={chat.messages}
          pending={chat.pending}
          selfUid={chat.selfUid}
          canModerate={room.can.moderate}
          canReply={canWrite}
          hasOlder={chat.hasOlder}
          loadingOlder={chat.loadingOlder}
          olderFailed={chat.olderFailed}
          onLoadOlder={chat.loadOlder}
          focusSeq={chat.focusSeq}
          hasNewer={chat.hasNewer}
          loadingNewer={chat.loadingNewer}
          onLoadNewer={chat.loadNewer}
          onSeen={chat.seen}
          onReply={(message) => {
            acts.cancelEdit();
            setReplyTo(message);
          }}
          onDelete={chat.remove}
          onRetry={chat.retry}
          onDiscard={chat.discard}
          compact={compact}
          actions={{
            ...acts.actions,
            onEdit: (message) => {
              setReplyTo(null);
              acts.actions.onEdit?.(message);
            },
          }}
        />
      )}
      {blockedPeer ? (
        <BlockedPeerBar room={room} />
      ) : (
        <Composer
          room={room}
          selfUid={chat.selfUid}
          replyTo={replyTo}
          replyName={replyName}
          onCancelReply={() => setReplyTo(null)}
          onSend={chat.send}
          onTyping={chat.typed}
          compact={compact}
          editing={acts.editing}
          onCancelEdit={acts.cancelEdit}
          onEdit={acts.saveEdit}
        />
      )}
    </>
  );
}
