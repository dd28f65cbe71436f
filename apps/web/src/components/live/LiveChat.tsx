import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';
import { useJoinRoom } from '@/api/chat.ts';
import { PATHS } from '@/app/paths.ts';
import { Button } from '@/components/Button.tsx';
import { RoomConversation } from '@/components/chat/RoomConversation.tsx';
import { useChatRoom } from '@/components/chat/useChatRoom.ts';
import { toastUnreported } from '@/components/form-errors.ts';
import { useSession } from '@/lib/session.ts';
import css from './live.module.css';

/**
 * The stage's room beside the video: its conversation, compact, for members; a way in for others (log in, or join a
 * public room); nothing when the stage has no room.
 */
export function LiveChat({ roomId }: { roomId: string }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const loggedIn = useSession((state) => state.loginStatus);
  if (!loggedIn) {
    return (
      <div className={css.chatInvite} data-testid="live-chat-login">
        <span className={css.muted}>{t('live.chatLogin')}</span>
        <Button variant="primary" size="small" onClick={() => navigate(PATHS.login)}>
          {t('live.login')}
        </Button>
      </div>
    );
  }
  return <MemberChat roomId={roomId} />;
}

function MemberChat({ roomId }: { roomId: string }) {
  const { t } = useTranslation();
  const chat = useChatRoom(roomId);
  const join = useJoinRoom();
  const room = chat.room.data;
  if (!room) return null;
  if (room.role === null) {
    return room.joinPolicy === 'public' ? (
      <div className={css.chatInvite} data-testid="live-chat-join">
        <span className={css.muted}>{t('live.joinRoomToChat', { name: room.name })}</span>
        <Button
          variant="primary"
          size="small"
          loading={join.isPending}
          onClick={() => join.mutate({ roomId }, { onError: (error) => toastUnreported(error) })}
          data-testid="live-chat-join-button"
        >
          {t('live.joinRoom')}
        </Button>
      </div>
    ) : null;
  }
  return (
    <section className={css.chat} data-testid="live-chat" aria-label={t('live.chat')}>
      <RoomConversation chat={chat} room={room} compact />
    </section>
  );
}
