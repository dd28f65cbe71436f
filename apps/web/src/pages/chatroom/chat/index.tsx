import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router-dom';
import { Frame } from '@/app/Frame.tsx';
import { PageNotFound } from '@/app/PageState.tsx';
import { ChatRoomView } from '@/components/chat/ChatRoomView.tsx';
import { RequireLogin } from '@/components/RequireLogin.tsx';

/** A chat room (`?id=<roomId>`, opened at a message with `&seq=<n>`): the conversation for members, a Join screen for others of a public room. */
export default function ChatPage() {
  const { t } = useTranslation();
  const [params] = useSearchParams();
  const id = /^\d{1,15}$/.test(params.get('id') ?? '') ? params.get('id')! : '';
  // A message to open the history at (a search hit), `&seq=<n>`.
  const seq = /^\d{1,15}$/.test(params.get('seq') ?? '') ? Number(params.get('seq')) : undefined;
  if (id === '') {
    return (
      <Frame title={t('community.title')}>
        <PageNotFound title={t('chat.room.notFoundTitle')} body={t('chat.room.notFound')} />
      </Frame>
    );
  }
  // Keyed by room, so moving from one room to another starts from that room's own state. A guest's wall sits in
  // the community frame, as the room view brings its own.
  return (
    <RequireLogin around={(wall) => <Frame title={t('community.title')}>{wall}</Frame>}>
      <ChatRoomView key={id} roomId={id} focusSeq={seq} />
    </RequireLogin>
  );
}
