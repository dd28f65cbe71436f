import { ASYNC_SCREEN_DELAY_MS } from '@polaris/contract';
import { Button } from 'antd-mobile';
import { ExclamationCircleOutline } from 'antd-mobile-icons';
import { lazy, Suspense, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import styles from './PageState.module.css';

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
