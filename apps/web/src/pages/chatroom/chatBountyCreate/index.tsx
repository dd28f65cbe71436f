import { Toast } from 'antd-mobile';
import { useTranslation } from 'react-i18next';
import { useNavigate, useSearchParams } from 'react-router-dom';
import { useRoom } from '@/api/chat.ts';
import { Frame } from '@/app/Frame.tsx';
import { canGoBack } from '@/app/history.ts';
import { PageNotFound } from '@/app/PageState.tsx';
import { href, PATHS } from '@/app/paths.ts';
import styles from '@/components/bounty/bounty.module.css';
import { BountyForm } from '@/components/bounty/create/BountyForm.tsx';
import { useBountyForm } from '@/components/bounty/create/useBountyForm.ts';
import { LoadFailed, Loading } from '@/components/QueryState.tsx';
import { RequireLogin } from '@/components/RequireLogin.tsx';

/**
 * /pages/chatroom/chatBountyCreate/index?roomId= — a bounty posted into a chat room as a message, for the room's
 * members; once created, back to the room, where its card now is.
 */
export default function ChatBountyCreatePage() {
  const { t } = useTranslation();
  const [params] = useSearchParams();
  const roomId = params.get('roomId') ?? '';
  const valid = /^\d{1,15}$/.test(roomId);
  return (
    <Frame title={t('bounty.create.chatTitle')}>
      <RequireLogin>{valid ? <RoomBounty roomId={roomId} /> : <PageNotFound />}</RequireLogin>
    </Frame>
  );
}

function RoomBounty({ roomId }: { roomId: string }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const room = useRoom(roomId);
  const form = useBountyForm({
    roomId,
    onCreated: () => {
      Toast.show({ content: t('bounty.create.posted') });
      // Back to the room this page was opened from; a link straight here opens the room instead.
      if (canGoBack()) navigate(-1);
      else navigate(href(PATHS.chat, { id: roomId }), { replace: true });
    },
  });
  if (room.isPending) return <Loading testId="chat-bounty-loading" />;
  if (room.isError) return <LoadFailed onRetry={() => void room.refetch()} message={room.error.message} />;
  return (
    <BountyForm
      form={form}
      notice={
        <p className={styles.notice} data-testid="chat-bounty-room">
          {t('bounty.create.forRoom', { room: room.data.name })}
        </p>
      }
    />
  );
}
