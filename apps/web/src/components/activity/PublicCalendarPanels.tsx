import { useTranslation } from 'react-i18next';
import { useHostCalendarLinks } from '@/api/activity.ts';
import { LoadFailed, Loading } from '@/components/QueryState.tsx';
import ui from './activity.module.css';
import { CopyableText } from './CopyableText.tsx';

/**
 * What an organizer hands out (docs/activities.md "Calendar feeds", "Embedding"): the public feed of what they
 * host, and the one line that shows their upcoming activities on their own website.
 */
export function PublicCalendarPanels() {
  const { t } = useTranslation();
  const links = useHostCalendarLinks();
  const state = links.isPending ? (
    <Loading />
  ) : links.isError ? (
    <LoadFailed onRetry={() => void links.refetch()} message={links.error.message} />
  ) : null;
  return (
    <>
      <section className={ui.panel} aria-labelledby="public-calendar-title">
        <h2 className={ui.sectionTitle} id="public-calendar-title">
          {t('calendar.publicTitle')}
        </h2>
        <p className={ui.muted}>{t('calendar.publicHint')}</p>
        {state ??
          (links.data && (
            <>
              <CopyableText
                label={t('calendar.publicFeedUrl')}
                value={links.data.feed.webcalUrl}
                testId="calendar-public-feed"
              />
              <a
                href={links.data.feed.webcalUrl}
                className={ui.link}
                style={{ display: 'inline-block', marginTop: 12 }}
              >
                {t('calendar.openInApp')}
              </a>
            </>
          ))}
      </section>
      <section className={ui.panel} aria-labelledby="embed-title">
        <h2 className={ui.sectionTitle} id="embed-title">
          {t('calendar.embedTitle')}
        </h2>
        <p className={ui.muted}>{t('calendar.embedHint')}</p>
        {state ??
          (links.data && (
            <>
              <CopyableText label={t('calendar.embedCode')} value={links.data.embed.snippet} testId="calendar-embed" />
              <a
                href={links.data.embed.pageUrl}
                target="_blank"
                rel="noopener noreferrer"
                className={ui.link}
                style={{ display: 'inline-block', marginTop: 12 }}
                data-testid="calendar-embed-preview"
              >
                {t('calendar.embedPreview')}
              </a>
            </>
          ))}
      </section>
    </>
  );
}
