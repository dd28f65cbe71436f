import { useTranslation } from 'react-i18next';
import type { MyRoom } from '@/api/chat.ts';
import { Frame } from '@/app/Frame.tsx';
import { RoomList, RoomsEmpty } from '@/components/chat/RoomList.tsx';
import { RequireLogin } from '@/components/RequireLogin.tsx';

const isGroup = (entry: MyRoom) => entry.room.kind !== 'direct';

/** My group rooms (community, city and activity rooms): the community tab's list without direct conversations. */
export default function GroupMessagesPage() {
  const { t } = useTranslation();
  return (
    <Frame title={t('chat.groups.title')} layout="frame">
      <RequireLogin>
        <RoomList
          filter={isGroup}
          testId="group-list"
          empty={
            <RoomsEmpty testId="group-empty" title={t('chat.groups.emptyTitle')} body={t('chat.groups.emptyBody')} />
          }
        />
      </RequireLogin>
    </Frame>
  );
}
