import type { Activity } from '@polaris/contract';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { useSignCode } from '@/api/activity-manage.ts';
import styles from '@/components/host/host.module.css';
import { ManageShell } from '@/components/host/ManageShell.tsx';
import { LoadFailed, Loading } from '@/components/QueryState.tsx';

/** /pages/activity/manage/assembly/join/sign/index?id= — the rotating 6-digit code attendees type to check in. */
export default function SignCodePage() {
  const { t } = useTranslation();
  return <ManageShell title={t('checkin.signTitle')}>{(activity) => <SignCode activity={activity} />}</ManageShell>;
}

function SignCode({ activity }: { activity: Activity }) {
  const { t } = useTranslation();
  const code = useSignCode(activity.id);
  const { refetch } = code;
  const expiresIn = code.data?.expiresIn;
  // Fetch the next code as the window turns (every minute), and at least once a minute anyway.
  useEffect(() => {
    const wait = expiresIn !== undefined ? Math.max(1, expiresIn) * 1000 + 300 : 60_000;
    const timer = setTimeout(() => void refetch(), Math.min(wait, 60_000));
    return () => clearTimeout(timer);
  }, [expiresIn, refetch]);
  if (code.isPending) return <Loading testId="sign-loading" />;
  if (code.isError) return <LoadFailed onRetry={() => void refetch()} message={code.error.message} />;
  return (
    <div className={styles.center}>
      <h2 className={styles.sectionTitle}>{activity.title}</h2>
      <p className={styles.hint}>{t('checkin.signHint')}</p>
      <output className={styles.bigCode} data-testid="sign-code" aria-live="polite">
        {code.data.code}
      </output>
      <p className={styles.hint} data-testid="sign-expires">
        {t('checkin.signRefresh', { seconds: code.data.expiresIn })}
      </p>
    </div>
  );
}
