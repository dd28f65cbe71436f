import { type Activity, emailField } from '@polaris/contract';
import { Toast } from 'antd-mobile';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useInvite } from '@/api/activity-manage.ts';
import { Button } from '@/components/Button.tsx';
import styles from '@/components/host/host.module.css';
import { ManageShell } from '@/components/host/ManageShell.tsx';
import { isApiError } from '@/lib/api-error.ts';

/** /pages/activity/manage/assembly/overview/send-invite/index?id= — email invitations (at most 20 at once). */
export default function SendInvitePage() {
  const { t } = useTranslation();
  return <ManageShell title={t('manage.sendInvite')}>{(activity) => <SendInvite activity={activity} />}</ManageShell>;
}

function SendInvite({ activity }: { activity: Activity }) {
  const { t } = useTranslation();
  const invite = useInvite(activity.id);
  const [text, setText] = useState('');
  const [error, setError] = useState('');
  const [sent, setSent] = useState<number | null>(null);
  const send = () => {
    const emails = [
      ...new Set(
        text
          .split(/[\s,;，；]+/)
          .map((email) => email.trim())
          .filter(Boolean),
      ),
    ];
    const bad = emails.filter((email) => !emailField.safeParse(email).success);
    if (emails.length === 0) return setError(t('manage.emailsRequired'));
    if (bad.length > 0) return setError(t('manage.emailsInvalid', { emails: bad.join(', ') }));
    if (emails.length > 20) return setError(t('manage.emailsTooMany'));
    setError('');
    invite.mutate(emails, {
      onSuccess: (result) => {
        setSent(result.mailed);
        setText('');
      },
      onError: (failure) => {
        if (isApiError(failure) && failure.unreported) {
          Toast.show({ content: failure.fields[0]?.message ?? failure.message });
        }
      },
    });
  };
  return (
    <div className={styles.form}>
      <section className={styles.section}>
        <label className={styles.label} htmlFor="invite-emails">
          {t('manage.emails')}
        </label>
        <textarea
          id="invite-emails"
          className={`${styles.textarea} ${error ? styles.invalid : ''}`}
          value={text}
          onChange={(event) => setText(event.target.value)}
          placeholder="friend@example.com"
          data-testid="invite-emails"
          aria-describedby={error ? 'invite-emails-error' : undefined}
        />
        <p className={styles.hint}>{t('manage.emailsHint')}</p>
        {error && (
          <p id="invite-emails-error" className={styles.error} role="alert" data-testid="invite-emails-error">
            {error}
          </p>
        )}
        <Button variant="primary" loading={invite.isPending} onClick={send} data-testid="invite-send">
          {t('manage.send')}
        </Button>
        {sent !== null && (
          <p className={`${styles.result} ${styles.ok}`} role="status" data-testid="invite-sent">
            {t('manage.sent', { n: sent })}
          </p>
        )}
      </section>
    </div>
  );
}
