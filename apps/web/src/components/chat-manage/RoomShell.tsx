import type { ChatRoom } from '@polaris/contract';
import { TeamOutline } from 'antd-mobile-icons';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate, useSearchParams } from 'react-router-dom';
import { useChatRoom } from '@/api/chat-manage.ts';
import { Frame } from '@/app/Frame.tsx';
import { PageNotFound } from '@/app/PageState.tsx';
import { href, PATHS } from '@/app/paths.ts';
import { Button } from '@/components/Button.tsx';
import { EmptyState } from '@/components/EmptyState.tsx';
import { QueryView } from '@/components/QueryState.tsx';
import { RequireLogin } from '@/components/RequireLogin.tsx';

const ROOM_ID = /^\d{1,15}$/;

/** The `?id=` of the page, when it has the shape of a room id; '' otherwise. */
function useRoomId(): string {
  const [params] = useSearchParams();
  const id = params.get('id') ?? '';
  return ROOM_ID.test(id) ? id : '';
}

/**
 * A management page of one room (`?id=`): the nav bar, then the login check, the room as the viewer sees it
 * (its role and `can` decide what the page offers), and its not-found and failure states.
 */
export function RoomShell({ title, children }: { title: string; children(room: ChatRoom): ReactNode }) {
  const { t } = useTranslation();
  const id = useRoomId();
  return (
    <Frame title={title}>
      {id === '' ? (
        <PageNotFound title={title} body={t('chatManage.badId')} />
      ) : (
        <RequireLogin>
          <RoomLoader id={id} title={title}>
            {children}
          </RoomLoader>
        </RequireLogin>
      )}
    </Frame>
  );
}

function RoomLoader({ id, title, children }: { id: string; title: string; children(room: ChatRoom): ReactNode }) {
  const { t } = useTranslation();
  const room = useChatRoom(id);
  return (
    <QueryView
      query={room}
      notFound={{ field: 'roomId', view: <PageNotFound title={title} body={t('chatManage.notFound')} /> }}
      loadingTestId="room-loading"
    >
      {children}
    </QueryView>
  );
}

/** What a visitor who is not in the room sees where members-only content would be. */
export function NotMember({ room }: { room: ChatRoom }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  return (
    <EmptyState
      icon={<TeamOutline />}
      title={t('chatManage.notMemberTitle')}
      body={t('chatManage.notMemberBody')}
      testId="room-not-member"
      action={
        <Button variant="primary" onClick={() => navigate(href(PATHS.chat, { id: room.id }))} data-testid="room-open">
          {t('chatManage.openRoom')}
        </Button>
      }
    />
  );
}
