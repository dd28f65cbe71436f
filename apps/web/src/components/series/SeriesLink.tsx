import { RightOutline } from 'antd-mobile-icons';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { useSeriesOf } from '@/api/activity-series.ts';
import { href, PATHS } from '@/app/paths.ts';
import ui from '@/components/activity/activity.module.css';

/** On an occurrence's page: the series it belongs to, a tap away (nothing for an activity that does not repeat). */
export function SeriesLink({ activityId }: { activityId: string }) {
  const { t } = useTranslation();
  const series = useSeriesOf(activityId).data?.series;
  if (!series) return null;
  return (
    <section className={ui.section}>
      <Link
        className={ui.panel}
        style={{ display: 'flex', justifyContent: 'space-between', alignItems: 'center', color: 'inherit' }}
        to={href(PATHS.activitySeries, { id: series.id })}
        data-testid="activity-series-link"
      >
        <span>{t('series.partOf', { title: series.title })}</span>
        <RightOutline aria-hidden />
      </Link>
    </section>
  );
}
