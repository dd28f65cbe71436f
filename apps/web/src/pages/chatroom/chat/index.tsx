import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router-dom';
import { Frame } from '@/app/Frame.tsx';
import { PageNotFound } from '@/app/PageState.tsx';
import { ChatLogin } from '@/components/chat/ChatLogin.tsx';
import { ChatRoomView } from '@/components/chat/ChatRoomView.tsx';
import { useSession } from '@/lib/session.ts';

/** A chat room (`?id=<roomId>`): the conversation for members, a Join screen for others of a public room. */
export default function ChatPage() {
  const { t } = useTranslation();
  const [params] = useSearchParams();
  const loggedIn = useSession((state) => state.loginStatus);
  const id = /^\d{1,15}$/.test(params.get('id') ?? '') ? params.get('id')! : '';
  if (id === '') {
    return (
      <Frame title={t('community.title')}>
        <PageNotFound title={t('chat.room.notFoundTitle')} body={t('chat.room.notFound')} />
      </Frame>
    );
  }
  if (!loggedIn) {
    return (
      <Frame title={t('community.title')}>
        <ChatLogin>{null}</ChatLogin>
      </Frame>
    );
  }
  // Keyed by room, so moving from one room to another starts from that room's own state.
  return <ChatRoomView key={id} roomId={id} />;
}
