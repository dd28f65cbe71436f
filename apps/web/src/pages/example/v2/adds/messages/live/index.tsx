import { useTranslation } from 'react-i18next';
import type { MyRoom } from '@/api/chat.ts';
import { Frame } from '@/app/Frame.tsx';
import { href, PATHS } from '@/app/paths.ts';
import { RoomList, RoomsEmpty } from '@/components/chat/RoomList.tsx';
import { RequireLogin } from '@/components/RequireLogin.tsx';

const onAir = (entry: MyRoom) => entry.room.liveStageId !== null;
const toStage = (entry: MyRoom) => href(PATHS.live, { id: entry.room.liveStageId });

/** My rooms whose stage is on air now; a row opens the live video. */
export default function LiveMessagesPage() {
  const { t } = useTranslation();
  return (
    <Frame title={t('chat.live.title')} layout="frame">
      <RequireLogin>
        <RoomList
          filter={onAir}
          target={toStage}
          testId="live-room-list"
          empty={
            <RoomsEmpty testId="live-rooms-empty" title={t('chat.live.emptyTitle')} body={t('chat.live.emptyBody')} />
          }
        />
      </RequireLogin>
    </Frame>
  );
}
