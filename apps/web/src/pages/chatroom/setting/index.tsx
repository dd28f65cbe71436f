import type { ChatRoom } from '@polaris/contract';
import {
  CalendarOutline,
  CheckShieldOutline,
  ClockCircleOutline,
  EnvironmentOutline,
  MessageOutline,
  PlayOutline,
  SoundOutline,
  TeamOutline,
  VideoOutline,
} from 'antd-mobile-icons';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';
import { useHeldQueue } from '@/api/chat-guard.ts';
import { type AppPath, href, PATHS, type Query } from '@/app/paths.ts';
import { RoomRulesCard } from '@/components/chat-guard/RoomRulesCard.tsx';
import styles from '@/components/chat-manage/chat-manage.module.css';
import { LeaveRoom } from '@/components/chat-manage/LeaveRoom.tsx';
import { RoomCard } from '@/components/chat-manage/RoomCard.tsx';
import { RoomSettings } from '@/components/chat-manage/RoomSettings.tsx';
import { RoomShell } from '@/components/chat-manage/RoomShell.tsx';
import { shareToken } from '@/components/chat-manage/rules.ts';
import { ShareCard } from '@/components/chat-manage/ShareCard.tsx';
import { ListRow } from '@/components/ListRow.tsx';
import { RoomMute } from '@/components/notices/RoomMute.tsx';
import ui from '@/components/ui.module.css';
import { cityLabel } from '@/lib/city-name.ts';

/** /pages/chatroom/setting/index?id= — a room's info: its card, where to go from it, settings, invite link, leave. */
export default function ChatSettingPage() {
  const { t } = useTranslation();
  return <RoomShell title={t('chatManage.settingTitle')}>{(room) => <RoomSetting room={room} />}</RoomShell>;
}

function RoomSetting({ room }: { room: ChatRoom }) {
  const token = shareToken(room);
  return (
    <div className={styles.page}>
      <RoomCard room={room} />
      <RoomLinks room={room} />
      {room.role !== null && <RoomMute roomId={room.id} />}
      {room.can.editSettings && <RoomSettings room={room} />}
      {room.can.editSettings && room.kind !== 'direct' && <RoomRulesCard room={room} />}
      {token && <ShareCard room={room} token={token} canReset={room.can.editSettings} />}
      <LeaveRoom room={room} />
    </div>
  );
}

function RoomLinks({ room }: { room: ChatRoom }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const go = (path: AppPath, query: Query) => () => navigate(href(path, query));
  const member = room.role !== null;
  // A conversation of two has no member list or announcements worth a row.
  const group = room.kind !== 'direct';
  return (
    <nav className={ui.list} aria-label={t('chatManage.settingTitle')}>
      {!member && (
        <ListRow
          icon={<MessageOutline />}
          title={t('chatManage.openRoom')}
          onClick={go(PATHS.chat, { id: room.id })}
          testId="room-link-open"
        />
      )}
      {member && group && (
        <ListRow
          icon={<TeamOutline />}
          title={t('chatManage.viewMembers')}
          value={room.memberCount}
          iconColor="#2346d8"
          onClick={go(PATHS.chatMembers, { id: room.id })}
          testId="room-link-members"
        />
      )}
      {group && (member || room.announcement) && (
        <ListRow
          icon={<SoundOutline />}
          title={t('chatManage.announcements')}
          value={room.announcement ?? undefined}
          iconColor="#f08c00"
          onClick={go(PATHS.chatAnnouncement, { id: room.id })}
          testId="room-link-announcements"
        />
      )}
      {room.kind === 'activity' && room.activityId && (
        <ListRow
          icon={<CalendarOutline />}
          title={t('chatManage.activityLink')}
          iconColor="#12a150"
          onClick={go(PATHS.activityDetails, { id: room.activityId })}
          testId="room-link-activity"
        />
      )}
      {room.kind === 'city' && room.city && (
        <ListRow
          icon={<EnvironmentOutline />}
          title={t('chatManage.cityLink', { city: cityLabel(room.city, room.cityNames) })}
          iconColor="#12a150"
          onClick={go(PATHS.cityActivities, { id: room.id })}
          testId="room-link-city"
        />
      )}
      {room.liveStageId && (
        <ListRow
          icon={<PlayOutline />}
          title={t('chatManage.live.onAir')}
          value={t('chatManage.live.watch')}
          iconColor="#e5484d"
          onClick={go(PATHS.live, { id: room.liveStageId })}
          testId="room-link-on-air"
        />
      )}
      {group && room.can.moderate && (
        <ListRow
          icon={<CheckShieldOutline />}
          title={t('chatGuard.queueLink')}
          iconColor="#e5484d"
          onClick={go(PATHS.chatReports, { id: room.id })}
          testId="room-link-reports"
        />
      )}
      {group && room.can.moderate && <HeldLink room={room} onClick={go(PATHS.chatHeld, { id: room.id })} />}
      {room.can.goLive && (
        <ListRow
          icon={<VideoOutline />}
          title={t('chatManage.live.go')}
          iconColor="#e5484d"
          onClick={go(PATHS.liveSetting, { roomId: room.id })}
          testId="room-link-go-live"
        />
      )}
    </nav>
  );
}

/** The admins' way to the held messages, with how many wait. */
function HeldLink({ room, onClick }: { room: ChatRoom; onClick(): void }) {
  const { t } = useTranslation();
  const held = useHeldQueue(room.id, true);
  const count = held.data?.length ?? 0;
  return (
    <ListRow
      icon={<ClockCircleOutline />}
      title={t('chatGuard.held.link')}
      value={count > 0 ? t('chatGuard.held.count', { count }) : undefined}
      iconColor="#f08c00"
      onClick={onClick}
      testId="room-link-held"
    />
  );
}
