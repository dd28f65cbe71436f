import type { ChatRoom } from '@polaris/contract';
import { EnvironmentOutline, RightOutline, SoundOutline, VideoOutline } from 'antd-mobile-icons';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { href, PATHS } from '@/app/paths.ts';
import { cityLabel } from '@/lib/city-name.ts';
import css from './room.module.css';
import { useConnectionProblem } from './useChatSocket.ts';

/** What sits between the room's bar and its conversation: on air, the pinned announcement, the city's activities. */
export function RoomBanners({ room }: { room: ChatRoom }) {
  const { t } = useTranslation();
  return (
    <>
      {room.liveStageId !== null && (
        <Link
          className={`${css.banner} ${css.live}`}
          to={href(PATHS.live, { id: room.liveStageId })}
          data-testid="room-live"
        >
          <VideoOutline className={css.bannerIcon} aria-hidden />
          <span className={css.bannerText}>{t('chat.watchLive')}</span>
          <RightOutline aria-hidden />
        </Link>
      )}
      {room.announcement && (
        <Link className={css.banner} to={href(PATHS.chatAnnouncement, { id: room.id })} data-testid="room-announcement">
          <SoundOutline className={css.bannerIcon} aria-hidden />
          <span className={css.bannerText}>
            <span className={css.bannerLabel}>{t('chat.room.announcement')}</span>
            {room.announcement}
          </span>
          <RightOutline aria-hidden />
        </Link>
      )}
      {room.kind === 'city' && room.city && (
        <Link className={css.banner} to={href(PATHS.cityActivities, { id: room.id })} data-testid="room-city">
          <EnvironmentOutline className={css.bannerIcon} aria-hidden />
          <span className={css.bannerText}>
            {t('chat.room.cityActivities', { city: cityLabel(room.city, room.cityNames) })}
          </span>
          <RightOutline aria-hidden />
        </Link>
      )}
    </>
  );
}

/** Said only once the socket has been down for a moment; what is sent meanwhile waits in the outbox. */
export function ConnectionBanner() {
  const { t } = useTranslation();
  const problem = useConnectionProblem();
  if (!problem) return null;
  return (
    <div className={`${css.banner} ${css.offline}`} role="status" data-testid="room-offline">
      {t(problem === 'waiting' ? 'chat.room.offline' : 'chat.room.connecting')}
    </div>
  );
}
