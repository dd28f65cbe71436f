import { DotLoading } from 'antd-mobile';
import { ExclamationCircleOutline } from 'antd-mobile-icons';
import { useTranslation } from 'react-i18next';
import { Button } from '@/components/Button.tsx';
import styles from './ui.module.css';

/** Inline loading line, shown where the content will appear. */
export function Loading({ testId }: { testId?: string }) {
  const { t } = useTranslation();
  return (
    <div className={styles.center} role="status" aria-live="polite" data-testid={testId}>
      <DotLoading color="primary" />
      <span className="px-visually-hidden">{t('app.loading')}</span>
    </div>
  );
}

/** Inline failure with a retry; the request layer has already said what went wrong (or `message` does). */
export function LoadFailed({ onRetry, message, testId }: { onRetry(): void; message?: string; testId?: string }) {
  const { t } = useTranslation();
  return (
    <div className={styles.center} role="alert" data-testid={testId}>
      <ExclamationCircleOutline style={{ fontSize: 32 }} aria-hidden />
      <p>{message ?? t('wallet.loadFailed')}</p>
      <Button size="small" onClick={onRetry}>
        {t('common.retry')}
      </Button>
    </div>
  );
}
