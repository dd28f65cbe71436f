import type { Series } from '@polaris/contract';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useSearchParams } from 'react-router-dom';
import { useEndSeries, useFollowSeries, useSeries } from '@/api/activity-series.ts';
import { Frame } from '@/app/Frame.tsx';
import { confirm } from '@/app/overlays.ts';
import { href, PATHS } from '@/app/paths.ts';
import ui from '@/components/activity/activity.module.css';
import { formatRange } from '@/components/activity/time.ts';
import { Button } from '@/components/Button.tsx';
import { QueryView } from '@/components/QueryState.tsx';
import { ruleText } from '@/components/series/rule-text.ts';
import { useSession } from '@/lib/session.ts';
import { useSettings } from '@/lib/settings.ts';

/** /pages/activity/series/index?id= — a recurring series: its rule, what is coming (each a link), follow, end. */
export default function SeriesPage() {
  const { t } = useTranslation();
  const [params] = useSearchParams();
  const id = params.get('id') ?? '';
  const series = useSeries(/^\d{1,15}$/.test(id) ? id : '');
  return (
    <Frame title={t('series.page.title')}>
      <QueryView
        query={series}
        notFound={{
          missing: !/^\d{1,15}$/.test(id),
          field: 'id',
          view: <p className={ui.muted}>{t('series.page.notFound')}</p>,
        }}
        loadingTestId="series-loading"
        errorTestId="series-error"
      >
        {(data) => <SeriesView series={data} />}
      </QueryView>
    </Frame>
  );
}

function SeriesView({ series }: { series: Series }) {
  const { t } = useTranslation();
  const language = useSettings((state) => state.language);
  return (
    <div data-testid="series-page" data-id={series.id}>
      <section className={ui.section}>
        <div className={ui.panel}>
          <h2 className={ui.sectionTitle} data-testid="series-title">
            {series.title}
          </h2>
          <p className={ui.muted} data-testid="series-rule">
            {ruleText(series, t, language)}
          </p>
          <p className={ui.muted}>
            {t('series.page.by', { name: series.organizer.name })} ·{' '}
            {t('series.page.followers', { count: series.followers })}
          </p>
          {series.endedAt && (
            <p role="status" data-testid="series-ended">
              {t('series.page.ended')}
            </p>
          )}
          <SeriesActions series={series} />
        </div>
      </section>
      <section className={ui.section} aria-labelledby="series-coming">
        <h2 className={ui.sectionTitle} id="series-coming" style={{ margin: '0 4px 8px' }}>
          {t('series.page.coming')}
        </h2>
        {series.upcoming.length === 0 ? (
          <p className={ui.muted}>{t('series.page.none')}</p>
        ) : (
          <ul className={ui.list} data-testid="series-occurrences">
            {series.upcoming.map((occurrence) => (
              <li key={occurrence.index} className={ui.panel}>
                <Link
                  to={href(PATHS.activityDetails, { id: occurrence.activityId })}
                  className={ui.link}
                  data-testid="series-occurrence"
                  data-id={occurrence.activityId}
                >
                  {formatRange(occurrence.startsAt, occurrence.endsAt, series.timezone, language)}
                </Link>
                {occurrence.status !== 'published' && (
                  <span className={ui.muted}> · {t(`series.status.${occurrence.status}`)}</span>
                )}
              </li>
            ))}
          </ul>
        )}
      </section>
    </div>
  );
}

/** Follow (anyone signed in but the organizer) or end the series (the organizer). */
function SeriesActions({ series }: { series: Series }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const loggedIn = useSession((state) => state.loginStatus);
  const follow = useFollowSeries(series.id);
  const end = useEndSeries(series.id);
  if (series.canManage) {
    if (series.endedAt) return null;
    return (
      <div className={ui.actions}>
        <Button
          variant="danger"
          size="small"
          loading={end.isPending}
          data-testid="series-end"
          onClick={async () => {
            const ok = await confirm({
              title: t('series.end.title'),
              content: t('series.end.body'),
              confirmText: t('series.end.confirm'),
              cancelText: t('common.cancel'),
              danger: true,
              testId: 'series-end-dialog',
            });
            if (ok) end.mutate();
          }}
        >
          {t('series.end.button')}
        </Button>
      </div>
    );
  }
  if (series.endedAt && !series.following) return null;
  return (
    <div className={ui.actions}>
      <Button
        variant={series.following ? 'secondary' : 'primary'}
        size="small"
        loading={follow.isPending}
        aria-pressed={series.following}
        data-testid="series-follow"
        onClick={() => {
          if (!loggedIn) navigate(href(PATHS.login, {}));
          else follow.mutate(!series.following);
        }}
      >
        {series.following ? t('series.following') : t('series.follow')}
      </Button>
      <p className={ui.muted}>{t('series.followHint')}</p>
    </div>
  );
}
