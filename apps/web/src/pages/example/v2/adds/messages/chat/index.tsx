import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate, useSearchParams } from 'react-router-dom';
import { type MyRoom, useOpenDirect } from '@/api/chat.ts';
import { Frame } from '@/app/Frame.tsx';
import { PageNotFound } from '@/app/PageState.tsx';
import { href, PATHS } from '@/app/paths.ts';
import { RoomList, RoomsEmpty } from '@/components/chat/RoomList.tsx';
import { Loading } from '@/components/QueryState.tsx';
import { RequireLogin } from '@/components/RequireLogin.tsx';

const isDirect = (entry: MyRoom) => entry.room.kind === 'direct';

/**
 * Direct conversations: my one-to-one rooms; with `?uid=` the conversation with that user, opened (created the
 * first time) and shown in the room page, which replaces this entry so back leads where the user came from.
 */
export default function DirectMessagesPage() {
  const { t } = useTranslation();
  const [params] = useSearchParams();
  const uid = /^\d{1,15}$/.test(params.get('uid') ?? '') ? params.get('uid')! : '';
  return (
    <Frame title={t('chat.direct.title')} layout="frame">
      <RequireLogin>
        {uid ? (
          <OpenDirect uid={uid} />
        ) : (
          <RoomList
            filter={isDirect}
            testId="direct-list"
            empty={
              <RoomsEmpty testId="direct-empty" title={t('chat.direct.emptyTitle')} body={t('chat.direct.emptyBody')} />
            }
          />
        )}
      </RequireLogin>
    </Frame>
  );
}

function OpenDirect({ uid }: { uid: string }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const open = useOpenDirect();
  const { mutate } = open;
  useEffect(() => {
    mutate(uid, { onSuccess: (room) => navigate(href(PATHS.chat, { id: room.id }), { replace: true }) });
  }, [mutate, uid, navigate]);
  if (open.isError) return <PageNotFound title={t('chat.direct.openFailed')} body={open.error.message} />;
  return <Loading testId="direct-opening" />;
}
