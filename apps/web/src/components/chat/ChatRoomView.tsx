import type { ChatRoom } from '@polaris/contract';
import { QuestionCircleOutline } from 'antd-mobile-icons';
import { type ReactNode, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useJoinRoom } from '@/api/chat.ts';
import { Button } from '@/components/Button.tsx';
import { EmptyState } from '@/components/EmptyState.tsx';
import { toastUnreported } from '@/components/form-errors.ts';
import { LoadFailed, Loading } from '@/components/QueryState.tsx';
import { isNotFound } from '@/lib/api-error.ts';
import { displayName, roomTitle } from './format.ts';
import { MessageSearchSheet } from './MessageSearchSheet.tsx';
import { RoomAvatar } from './RoomAvatar.tsx';
import { ConnectionBanner, RoomBanners } from './RoomBanners.tsx';
import { RoomConversation } from './RoomConversation.tsx';
import { RoomHeader } from './RoomHeader.tsx';
import css from './room.module.css';
import { useChatRoom } from './useChatRoom.ts';
import { useSocketErrors } from './useChatSocket.ts';

/**
 * A room, full screen: its bar, what is pinned or on air, the conversation and the composer. Someone who is not
 * a member of a public room sees what it is and a Join button, not its messages.
 */
export function ChatRoomView({ roomId, focusSeq }: { roomId: string; focusSeq?: number }) {
  const { t } = useTranslation();
  const chat = useChatRoom(roomId, focusSeq);
  const [searching, setSearching] = useState(false);
  useSocketErrors();
  const room = chat.room.data;
  const typing = useMemo(() => {
    if (chat.typingUids.length === 0) return null;
    if (chat.typingUids.length > 1) return t('chat.room.typingMany');
    const uid = chat.typingUids[0]!;
    const name = chat.messages.findLast((message) => message.senderUid === uid)?.senderName;
    return t('chat.room.typing', { name: displayName(t, name, uid) });
  }, [chat.typingUids, chat.messages, t]);

  let body: ReactNode;
  if (chat.room.isPending) {
    body = (
      <div className={css.state}>
        <Loading testId="room-loading" />
      </div>
    );
  } else if (isNotFound(chat.room.error, 'roomId')) {
    body = (
      <div className={css.state}>
        <EmptyState
          testId="room-not-found"
          icon={<QuestionCircleOutline />}
          title={t('chat.room.notFoundTitle')}
          body={t('chat.room.notFound')}
        />
      </div>
    );
  } else if (!room) {
    body = (
      <div className={css.state}>
        <LoadFailed onRetry={() => void chat.room.refetch()} message={chat.room.error?.message} />
      </div>
    );
  } else if (room.role === null) {
    body = <JoinRoomScreen room={room} />;
  } else {
    body = (
      <>
        <RoomBanners room={room} />
        <ConnectionBanner />
        <RoomConversation chat={chat} room={room} />
      </>
    );
  }
  return (
    <div className={css.screen}>
      <RoomHeader room={room} typing={typing} onSearch={() => setSearching(true)} />
      <main id="main" className={css.body}>
        {body}
      </main>
      {room?.role != null && (
        <MessageSearchSheet roomId={roomId} open={searching} onClose={() => setSearching(false)} />
      )}
    </div>
  );
}

/** A public room seen from outside: what it is, how many are in it, and the way in (`can.join`); its messages only after. */
function JoinRoomScreen({ room }: { room: ChatRoom }) {
  const { t } = useTranslation();
  const join = useJoinRoom();
  return (
    <section className={css.join} data-testid="room-join-screen" aria-labelledby="room-join-name">
      <RoomAvatar seed={room.id} name={room.name} avatar={room.avatar} live={room.liveStageId !== null} size="large" />
      <h2 className={css.joinName} id="room-join-name">
        {roomTitle(t, room)}
      </h2>
      <p className={css.joinMeta}>{t('chat.members', { count: room.memberCount })}</p>
      {room.description && <p className={css.joinBody}>{room.description}</p>}
      {room.can.join && (
        <>
          <p className={css.joinBody}>{t('chat.room.joinBody')}</p>
          <Button
            variant="primary"
            size="large"
            style={{ minWidth: 160 }}
            loading={join.isPending}
            onClick={() => join.mutate({ roomId: room.id }, { onError: (error) => toastUnreported(error) })}
            data-testid="room-join"
          >
            {t('chat.join')}
          </Button>
        </>
      )}
    </section>
  );
}
