import type { UseQueryResult } from '@tanstack/react-query';
import { DotLoading } from 'antd-mobile';
import { ExclamationCircleOutline } from 'antd-mobile-icons';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '@/components/Button.tsx';
import { isNotFound } from '@/lib/api-error.ts';
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

/**
 * A page's one thing, loaded: its "not found" (a malformed id, `missing`, or the server's 404 or a refused id
 * `field`), the loading line, the failure with a retry, then the content with the data.
 */
export function QueryView<T>({
  query,
  notFound,
  loadingTestId,
  errorTestId,
  failedMessage = (error) => error.message,
  children,
}: {
  query: UseQueryResult<T, Error>;
  notFound?: { view: ReactNode; missing?: boolean; field?: string };
  loadingTestId?: string;
  errorTestId?: string;
  /** What the failure says: the server's message unless the page words it otherwise. */
  failedMessage?: (error: Error) => string | undefined;
  children(data: T): ReactNode;
}) {
  if (notFound && (notFound.missing || isNotFound(query.error, notFound.field))) return notFound.view;
  if (query.isPending) return <Loading testId={loadingTestId} />;
  if (query.isError) {
    return (
      <LoadFailed onRetry={() => void query.refetch()} message={failedMessage(query.error)} testId={errorTestId} />
    );
  }
  return children(query.data);
}
