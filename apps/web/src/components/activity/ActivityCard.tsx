import type { ActivitySummary } from '@polaris/contract';
import { CalendarOutline } from 'antd-mobile-icons';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';
import { href, PATHS } from '@/app/paths.ts';
import { CoverImage } from '@/components/CoverImage.tsx';
import { useSettings } from '@/lib/settings.ts';
import styles from './activity.module.css';
import { placeLabel, priceLabel } from './format.ts';
import { formatWhen } from './time.ts';

/**
 * One activity in a list: cover, title, time in its own zone, place, price; opens the details. `priority`: the card
 * is among the first on screen, so its cover loads at once (see CoverImage).
 */
export function ActivityCard({
  activity,
  extra,
  priority = false,
}: {
  activity: ActivitySummary;
  extra?: ReactNode;
  priority?: boolean;
}) {
  const { t } = useTranslation();
  const language = useSettings((state) => state.language);
  const navigate = useNavigate();
  return (
    <button
      type="button"
      className={styles.card}
      onClick={() => navigate(href(PATHS.activityDetails, { id: activity.id }))}
      data-testid="activity-card"
      data-id={activity.id}
    >
      {activity.cover ? (
        <CoverImage image={activity.cover} slot="88px" className={styles.cover} priority={priority} />
      ) : (
        <span className={styles.cover} aria-hidden>
          <CalendarOutline />
        </span>
      )}
      <span className={styles.cardMain}>
        <span className={styles.cardTitle} data-user-content>
          {activity.title}
        </span>
        <span className={styles.meta} data-testid="activity-card-time">
          {formatWhen(activity.startsAt, activity.timezone, language)}
        </span>
        <span className={styles.meta}>
          {[placeLabel(activity), t(`activity.category.${activity.category}`)].filter(Boolean).join(' · ')}
        </span>
        <span className={styles.price}>{priceLabel(activity)}</span>
        {extra}
      </span>
    </button>
  );
}
