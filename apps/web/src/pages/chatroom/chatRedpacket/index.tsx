import { useTranslation } from 'react-i18next';
import { useNavigate, useSearchParams } from 'react-router-dom';
import { useRoom } from '@/api/chat.ts';
import { Frame } from '@/app/Frame.tsx';
import { canGoBack, previousPath } from '@/app/history.ts';
import { PageNotFound } from '@/app/PageState.tsx';
import { href, PATHS, pathnameOf } from '@/app/paths.ts';
import { LoadFailed, Loading } from '@/components/QueryState.tsx';
import { RequireLogin } from '@/components/RequireLogin.tsx';
import { SendForm } from '@/components/redpacket/SendForm.tsx';
import { isNotFound } from '@/lib/api-error.ts';

/**
 * A red packet into a chat room (`?roomId=`): for its members, or for the checked-in attendees of its activity.
 * Once sent, the packet is a message of the room, so the page goes back to the room to show it.
 */
export default function ChatRedPacketPage() {
  const { t } = useTranslation();
  const [params] = useSearchParams();
  const roomId = /^\d{1,15}$/.test(params.get('roomId') ?? '') ? params.get('roomId')! : '';
  return (
    <Frame title={t('redpacket.send.chatTitle')}>
      {roomId === '' ? (
        <PageNotFound title={t('chat.room.notFoundTitle')} body={t('chat.room.notFound')} />
      ) : (
        <RequireLogin>
          <RoomLoader roomId={roomId} />
        </RequireLogin>
      )}
    </Frame>
  );
}

function RoomLoader({ roomId }: { roomId: string }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const room = useRoom(roomId);
  if (room.isPending) return <Loading testId="chat-red-packet-loading" />;
  if (isNotFound(room.error, 'roomId') || (room.data && room.data.role === null)) {
    return <PageNotFound title={t('chat.room.notFoundTitle')} body={t('chat.room.notFound')} />;
  }
  if (room.isError) return <LoadFailed onRetry={() => void room.refetch()} message={room.error.message} />;
  const backToRoom = () => {
    // Came from the room: step back to it rather than stack a second copy of it.
    const previous = previousPath();
    if (canGoBack() && previous && pathnameOf(previous) === PATHS.chat) navigate(-1);
    else navigate(href(PATHS.chat, { id: roomId }), { replace: true });
  };
  return <SendForm kind="chat" room={room.data} onSent={backToRoom} />;
}
