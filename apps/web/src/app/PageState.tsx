import { ASYNC_SCREEN_DELAY_MS } from '@polaris/contract';
import { Button } from 'antd-mobile';
import { ExclamationCircleOutline, QuestionCircleOutline } from 'antd-mobile-icons';
import { lazy, Suspense, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import styles from './PageState.module.css';
import { PATHS } from './paths.ts';
import { useJump } from './useJump.ts';

const loadSpinner = () => import('./spinner.ts');
const SpinLoading = lazy(loadSpinner);

/**
 * Shown while a page chunk loads; appears only after a short delay so fast loads do not flash. The spinner
 * (antd-mobile's, animated with react-spring) is its own chunk, asked for as soon as the wait begins.
 */
export function PageLoading() {
  const { t } = useTranslation();
  const [visible, setVisible] = useState(false);
  useEffect(() => {
    void loadSpinner();
    const timer = setTimeout(() => setVisible(true), ASYNC_SCREEN_DELAY_MS);
    return () => clearTimeout(timer);
  }, []);
  return (
    <div className="px-center" role="status" aria-live="polite" data-testid="page-loading">
      {visible && (
        <Suspense fallback={null}>
          <SpinLoading color="primary" aria-hidden />
        </Suspense>
      )}
      <span className="px-visually-hidden">{t('app.loading')}</span>
    </div>
  );
}

export function PageLoadFailed() {
  const { t } = useTranslation();
  return (
    <div className="px-center" role="alert" data-testid="page-load-failed">
      <ExclamationCircleOutline className={styles.icon} aria-hidden />
      <h2 className={styles.heading}>{t('app.loadFailed')}</h2>
      <p className={styles.body}>{t('app.loadFailedBody')}</p>
      <Button color="primary" onClick={() => window.location.reload()}>
        {t('app.reload')}
      </Button>
    </div>
  );
}

/**
 * In place of a page's content when what its link names is not there: no id, an id of the wrong shape, or one
 * the server does not know. Says so plainly and offers the way back to the activity home.
 */
export function PageNotFound({ title, body }: { title?: string; body?: string }) {
  const { t } = useTranslation();
  const go = useJump();
  return (
    <section className="px-center" data-testid="page-not-found" aria-labelledby="page-not-found-title">
      <QuestionCircleOutline className={styles.icon} aria-hidden />
      <h2 className={styles.heading} id="page-not-found-title">
        {title ?? t('notFound.itemTitle')}
      </h2>
      <p className={styles.body}>{body ?? t('notFound.itemBody')}</p>
      <Button color="primary" onClick={() => go(PATHS.activityHome)} data-testid="not-found-home">
        {t('notFound.home')}
      </Button>
    </section>
  );
}
