import { TOAST_DURATION_MS } from '@polaris/contract';
import { Toast } from 'antd-mobile';
import { DownlandOutline } from 'antd-mobile-icons';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { downloadCalendarExport, useCalendarFeed, useResetCalendarFeed } from '@/api/activity.ts';
import { Frame } from '@/app/Frame.tsx';
import { confirm } from '@/app/overlays.ts';
import ui from '@/components/activity/activity.module.css';
import { CopyableText } from '@/components/activity/CopyableText.tsx';
import { PublicCalendarPanels } from '@/components/activity/PublicCalendarPanels.tsx';
import { Button } from '@/components/Button.tsx';
import { toastUnreported } from '@/components/form-errors.ts';
import { LoadFailed, Loading } from '@/components/QueryState.tsx';
import { RequireLogin } from '@/components/RequireLogin.tsx';

/**
 * Calendar settings: download an .ics file, the secret feed URL to subscribe to (copy, reset), and the organizer's
 * public feed and embeddable listing.
 */
export default function CalendarSettingPage() {
  const { t } = useTranslation();
  return (
    <Frame title={t('calendar.settings')}>
      <RequireLogin>
        <Settings />
      </RequireLogin>
    </Frame>
  );
}

function Settings() {
  const { t } = useTranslation();
  const feed = useCalendarFeed();
  const reset = useResetCalendarFeed();
  const [downloading, setDownloading] = useState(false);
  const download = async () => {
    setDownloading(true);
    try {
      await downloadCalendarExport();
    } catch (error) {
      toastUnreported(error, t('calendar.exportFailed'));
    } finally {
      setDownloading(false);
    }
  };
  const askReset = async () => {
    const ok = await confirm({
      title: t('calendar.resetTitle'),
      content: t('calendar.resetBody'),
      confirmText: t('calendar.reset'),
      cancelText: t('common.cancel'),
    });
    if (ok)
      reset.mutate(undefined, {
        onSuccess: () => Toast.show({ content: t('calendar.resetDone'), duration: TOAST_DURATION_MS }),
      });
  };
  return (
    <>
      <section className={ui.panel}>
        <h2 className={ui.sectionTitle}>{t('calendar.export')}</h2>
        <p className={ui.muted}>{t('calendar.exportHint')}</p>
        <Button block loading={downloading} onClick={() => void download()} data-testid="calendar-export">
          <DownlandOutline aria-hidden /> {t('calendar.exportButton')}
        </Button>
      </section>
      <section className={ui.panel}>
        <h2 className={ui.sectionTitle}>{t('calendar.subscribe')}</h2>
        <p className={ui.muted}>{t('calendar.subscribeHint')}</p>
        {feed.isPending ? (
          <Loading />
        ) : feed.isError ? (
          <LoadFailed onRetry={() => void feed.refetch()} message={feed.error.message} />
        ) : (
          <>
            <CopyableText label={t('calendar.feedUrl')} value={feed.data.url} testId="calendar-feed-url" />
            <CopyableText label={t('calendar.webcalUrl')} value={feed.data.webcalUrl} testId="calendar-webcal-url" />
            <a href={feed.data.webcalUrl} className={ui.link} style={{ display: 'inline-block', marginTop: 12 }}>
              {t('calendar.openInApp')}
            </a>
            <Button
              variant="text"
              block
              style={{ marginTop: 12 }}
              loading={reset.isPending}
              onClick={() => void askReset()}
              data-testid="calendar-feed-reset"
            >
              {t('calendar.reset')}
            </Button>
          </>
        )}
      </section>
      <PublicCalendarPanels />
    </>
  );
}
