import type { Activity } from '@polaris/contract';
import { Tag } from 'antd-mobile';
import { ClockCircleOutline, EnvironmentOutline, GlobalOutline, TeamOutline } from 'antd-mobile-icons';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { href, PATHS } from '@/app/paths.ts';
import { Avatar } from '@/components/Avatar.tsx';
import ui from '@/components/activity/activity.module.css';
import { formatRange } from '@/components/activity/time.ts';
import { CoverImage } from '@/components/CoverImage.tsx';
import { cityLabel } from '@/lib/city-name.ts';
import { useSettings } from '@/lib/settings.ts';
import styles from './details.module.css';
import { isFull } from './useSignUpFlow.ts';

/** The cover spans the page: the screen's width, up to the app's column (--px-max-width, 430 px). */
const DETAIL_COVER_SLOT = '(min-width: 430px) 430px, 100vw';

/**
 * What the activity is: cover, title, tags (category, cancelled, draft, phase, approval), the time range in the
 * activity's own zone, the online link or the venue (opening the place), organizer and co-hosts, seats and waitlist.
 */
export function ActivityInfo({ activity }: { activity: Activity }) {
  const { t } = useTranslation();
  const language = useSettings((state) => state.language);
  const full = isFull(activity);
  return (
    <>
      {activity.cover ? (
        <CoverImage image={activity.cover} slot={DETAIL_COVER_SLOT} className={styles.cover} priority />
      ) : (
        <div className={styles.cover} aria-hidden />
      )}
      <h1 className={styles.title} data-testid="details-title">
        {activity.title}
      </h1>
      <div className={styles.tags}>
        <Tag color="primary" fill="outline">
          {t(`activity.category.${activity.category}`)}
        </Tag>
        {activity.status === 'cancelled' && (
          <Tag color="danger" data-testid="details-cancelled">
            {t('activity.statusCancelled')}
          </Tag>
        )}
        {activity.status === 'draft' && <Tag color="warning">{t('activity.statusDraft')}</Tag>}
        {activity.status === 'published' && activity.phase !== 'upcoming' && (
          <Tag color="default">{t(`activity.phase.${activity.phase}`)}</Tag>
        )}
        {activity.requireApproval && <Tag color="warning">{t('activity.approvalTag')}</Tag>}
      </div>
      <div className={ui.panel}>
        <p className={styles.line} data-testid="details-time">
          <ClockCircleOutline aria-hidden />
          <span>{formatRange(activity.startsAt, activity.endsAt, activity.timezone, language)}</span>
        </p>
        {activity.online ? (
          <p className={styles.line} data-testid="details-online">
            <GlobalOutline aria-hidden />
            {activity.onlineUrl ? (
              <a href={activity.onlineUrl} target="_blank" rel="noreferrer noopener">
                {activity.onlineUrl}
              </a>
            ) : (
              <span>{t('activity.onlineHidden')}</span>
            )}
          </p>
        ) : null}
        {(activity.city || activity.address) && (
          <p className={styles.line} data-testid="details-venue">
            <EnvironmentOutline aria-hidden />
            {activity.latitude !== null && activity.longitude !== null ? (
              <Link
                to={href(PATHS.openLocation, {
                  lat: activity.latitude,
                  lng: activity.longitude,
                  name: [cityLabel(activity.city, activity.cityNames), activity.address].filter(Boolean).join(' · '),
                })}
                data-testid="details-venue-map"
              >
                {[cityLabel(activity.city, activity.cityNames), activity.address].filter(Boolean).join(' · ')}
              </Link>
            ) : (
              <span>
                {[cityLabel(activity.city, activity.cityNames), activity.address].filter(Boolean).join(' · ')}
              </span>
            )}
          </p>
        )}
        <p className={styles.line} data-testid="details-organizer">
          <Avatar
            name={activity.organizer.name}
            avatar={activity.organizer.avatar}
            person={activity.organizer.uid}
            size={24}
            testId="details-organizer-avatar"
          />
          <span>
            {t('activity.organizer')}: {activity.organizer.name}
            {activity.coHosts.length > 0 && ` · ${activity.coHosts.map((host) => host.name).join(', ')}`}
          </span>
        </p>
        <p className={styles.line} data-testid="details-capacity">
          <TeamOutline aria-hidden />
          <span>
            {activity.capacity === null
              ? t('activity.going', { count: activity.seatsTaken })
              : t('activity.seats', { taken: activity.seatsTaken, capacity: activity.capacity })}
            {activity.waitlisted > 0 && ` · ${t('activity.waitlistCount', { count: activity.waitlisted })}`}
          </span>
        </p>
        {full && (
          <p className={styles.notice} data-testid="details-full">
            {t('activity.fullNotice')}
          </p>
        )}
        {activity.requireApproval && (
          <p className={styles.notice} data-testid="details-approval">
            {t('activity.approvalNotice')}
          </p>
        )}
      </div>
    </>
  );
}
