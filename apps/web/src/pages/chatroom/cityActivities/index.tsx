import type { ChatRoom } from '@polaris/contract';
import { PullToRefresh } from 'antd-mobile';
import { CalendarOutline, EnvironmentOutline } from 'antd-mobile-icons';
import { useTranslation } from 'react-i18next';
import { activityKeys, useCityCalendarFeed } from '@/api/activity.ts';
import { ActivityList } from '@/components/activity/ActivityList.tsx';
import styles from '@/components/chat-manage/chat-manage.module.css';
import { RoomAvatar } from '@/components/chat-manage/RoomAvatar.tsx';
import { RoomShell } from '@/components/chat-manage/RoomShell.tsx';
import { EmptyState } from '@/components/EmptyState.tsx';
import { Refreshable } from '@/components/Refreshable.tsx';
import ui from '@/components/ui.module.css';
import { cityLabel } from '@/lib/city-name.ts';

/**
 * /pages/chatroom/cityActivities/index?id= — a city room's city, its upcoming public activities (the discovery
 * list's own city filter, which matches the city regardless of case), as the activity home shows them.
 */
export default function CityActivitiesPage() {
  const { t } = useTranslation();
  return <RoomShell title={t('chatManage.cityActivitiesTitle')}>{(room) => <CityActivities room={room} />}</RoomShell>;
}

function CityActivities({ room }: { room: ChatRoom }) {
  const { t } = useTranslation();
  const city = room.kind === 'city' ? room.city : null;
  const name = cityLabel(city, room.cityNames);
  if (!city) {
    return (
      <EmptyState
        testId="city-not-city"
        icon={<EnvironmentOutline />}
        title={t('chatManage.city.notCityTitle')}
        body={t('chatManage.city.notCityBody')}
      />
    );
  }
  return (
    <div className={styles.page} style={{ gap: 12 }}>
      <div className={ui.list}>
        <div className={ui.row} data-testid="city-room">
          <RoomAvatar name={name} avatar={room.avatar} size={40} />
          <span className={ui.rowMain}>
            <span className={ui.rowTitle} style={{ display: 'block' }}>
              {name}
            </span>
            <span className={ui.rowSub} style={{ display: 'block' }} data-testid="city-intro">
              {t('chatManage.city.intro', { city: name })}
            </span>
          </span>
        </div>
      </div>
      <CitySubscribe city={city} name={name} />
      <Refreshable pull={PullToRefresh} refresh={[activityKeys.all]}>
        <ActivityList
          filter={{ city }}
          empty={
            <EmptyState
              testId="city-empty"
              icon={<CalendarOutline />}
              title={t('chatManage.city.emptyTitle', { city: name })}
              body={t('chatManage.city.emptyBody')}
            />
          }
        />
      </Refreshable>
    </div>
  );
}

/** The city's public calendar, for a calendar app (`webcal:`); nothing while its address is on the way. */
function CitySubscribe({ city, name }: { city: string; name: string }) {
  const { t } = useTranslation();
  const feed = useCityCalendarFeed(city);
  if (!feed.data) return null;
  return (
    <div className={ui.list}>
      <a href={feed.data.webcalUrl} className={ui.row} data-testid="city-calendar-subscribe">
        <CalendarOutline aria-hidden style={{ fontSize: 22 }} />
        <span className={ui.rowMain}>
          <span className={ui.rowTitle} style={{ display: 'block' }}>
            {t('chatManage.city.subscribe', { city: name })}
          </span>
          <span className={ui.rowSub} style={{ display: 'block' }}>
            {t('chatManage.city.subscribeHint', { city: name })}
          </span>
        </span>
      </a>
    </div>
  );
}
