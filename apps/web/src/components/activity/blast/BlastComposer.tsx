import {
  type Activity,
  BLAST_AUDIENCES,
  BLAST_LIMITS,
  type BlastAudience,
  BlastSendInput,
  blastReach,
  type Language,
} from '@polaris/contract';
import { Toast } from 'antd-mobile';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { type Blast, useBlasts, useCancelBlast, useSendBlast } from '@/api/blast.ts';
import { confirm } from '@/app/overlays.ts';
import { formatWhen } from '@/components/activity/time.ts';
import { Button } from '@/components/Button.tsx';
import { control, Field, InputField } from '@/components/Field.tsx';
import { reportFormError, toastUnreported } from '@/components/form-errors.ts';
import styles from '@/components/host/host.module.css';
import { isForbidden } from '@/components/host/ManageShell.tsx';
import { LoadFailed, Loading } from '@/components/QueryState.tsx';
import { type FieldErrors, validate } from '@/lib/auth-forms.ts';
import { useSettings } from '@/lib/settings.ts';

const FIELDS = ['audience', 'message', 'sendAt'] as const;

/** `datetime-local` value (the device's wall clock) as an ISO instant; undefined when blank or unreadable. */
function instantOf(local: string): string | undefined {
  const time = local ? new Date(local).getTime() : Number.NaN;
  return Number.isNaN(time) ? undefined : new Date(time).toISOString();
}

const audienceText = (audience: readonly BlastAudience[], t: (key: string) => string, language: Language) =>
  audience.map((key) => t(`blast.audiences.${key}`)).join(language === 'en' ? ', ' : '、');

/**
 * The manage page's "Message attendees": who, what, now or later (confirmed before it goes), the limit left, and
 * the blasts sent and scheduled, each scheduled one with a cancel (docs/notifications.md "blasts").
 */
export default function BlastComposer({ activity }: { activity: Activity }) {
  const { t } = useTranslation();
  const language = useSettings((state) => state.language);
  const blasts = useBlasts(activity.id);
  const send = useSendBlast(activity.id);
  const [audience, setAudience] = useState<BlastAudience[]>(['going']);
  const [message, setMessage] = useState('');
  const [later, setLater] = useState(false);
  const [sendAtLocal, setSendAtLocal] = useState('');
  const [errors, setErrors] = useState<FieldErrors>({});
  if (blasts.isError && isForbidden(blasts.error)) return null;
  const quota = blasts.data?.quota ?? null;
  const counts = blasts.data?.counts ?? null;
  // Who would get it now; unknown until the list answers. The server refuses 0 as well (it would use up a send).
  const reach = counts && audience.length > 0 ? blastReach(counts, audience) : null;

  const toggle = (key: BlastAudience, on: boolean) =>
    setAudience((current) => BLAST_AUDIENCES.filter((item) => (item === key ? on : current.includes(item))));

  const submit = async () => {
    const sendAt = later ? instantOf(sendAtLocal) : undefined;
    const checked = validate(BlastSendInput, { activityId: activity.id, audience, message, sendAt }, language);
    const found: FieldErrors = checked.ok ? {} : { ...checked.errors };
    if (later && !sendAt) found.sendAt = t('blast.sendAtRequired');
    setErrors(found);
    if (Object.keys(found).length > 0) return;
    const who = audienceText(audience, t, language);
    const count = reach ?? 0;
    const ok = await confirm({
      title: t('blast.confirmTitle'),
      content: sendAt
        ? `${t('blast.confirmLater', { audience: who, date: formatWhen(sendAt, activity.timezone, language) })} ${t('blast.confirmReachLater', { count })}`
        : `${t('blast.confirmReach', { count })} ${t('blast.confirmNow', { audience: who })}`,
      confirmText: sendAt ? t('blast.schedule') : t('blast.send'),
      cancelText: t('common.cancel'),
    });
    if (!ok) return;
    send.mutate(
      { audience, message, ...(sendAt ? { sendAt } : {}) },
      {
        onSuccess: () => {
          Toast.show({ content: sendAt ? t('blast.scheduledToast') : t('blast.sentToast') });
          setMessage('');
          setLater(false);
          setSendAtLocal('');
        },
        onError: (error) => reportFormError(error, FIELDS, setErrors),
      },
    );
  };

  return (
    <section className={styles.section} aria-labelledby="blast-title" data-testid="blast-composer">
      <h2 className={styles.sectionTitle} id="blast-title">
        {t('blast.title')}
      </h2>
      <p className={styles.hint}>{t('blast.hint')}</p>
      <fieldset
        className={styles.field}
        style={{ border: 0, margin: 0, padding: 0 }}
        aria-describedby="blast-audience-error"
      >
        <legend className={styles.label}>{t('blast.audience')}</legend>
        <div style={{ display: 'flex', flexWrap: 'wrap', gap: '0 16px' }}>
          {BLAST_AUDIENCES.map((key) => (
            <label key={key} className={styles.check}>
              <input
                type="checkbox"
                checked={audience.includes(key)}
                onChange={(event) => toggle(key, event.target.checked)}
                data-testid={`blast-audience-${key}`}
              />
              {t(`blast.audiences.${key}`)}
            </label>
          ))}
        </div>
        {reach !== null && (
          <p
            className={reach === 0 ? styles.error : styles.hint}
            id={reach === 0 ? 'blast-audience-nobody' : undefined}
            data-testid="blast-reach"
            data-count={reach}
            aria-live="polite"
          >
            {reach === 0 ? t('blast.nobody') : t('blast.reach', { count: reach })}
          </p>
        )}
        {errors.audience && (
          <p id="blast-audience-error" className={styles.error} role="alert" data-testid="blast-audience-error">
            {errors.audience}
          </p>
        )}
      </fieldset>
      <Field
        id="blast-message"
        label={t('blast.message')}
        error={errors.message}
        hint={t('blast.count', { count: message.length, max: BLAST_LIMITS.messageMax })}
      >
        <textarea
          {...control('blast-message', errors.message, 'textarea')}
          value={message}
          maxLength={BLAST_LIMITS.messageMax}
          placeholder={t('blast.messagePlaceholder')}
          onChange={(event) => setMessage(event.target.value)}
        />
      </Field>
      <label className={styles.check}>
        <input
          type="checkbox"
          checked={later}
          onChange={(event) => setLater(event.target.checked)}
          data-testid="blast-later"
        />
        {t('blast.later')}
      </label>
      {later && (
        <InputField
          id="blast-send-at"
          label={t('blast.sendAt')}
          error={errors.sendAt}
          type="datetime-local"
          value={sendAtLocal}
          onChange={(event) => setSendAtLocal(event.target.value)}
        />
      )}
      {quota && (
        <p className={styles.hint} data-testid="blast-quota" data-remaining={quota.remaining}>
          {quota.remaining === 0 && quota.nextAt
            ? t('blast.quotaNext', { date: formatWhen(quota.nextAt, activity.timezone, language) })
            : t('blast.quota', { remaining: quota.remaining, max: quota.max })}
        </p>
      )}
      <Button
        variant="primary"
        loading={send.isPending}
        disabled={quota?.remaining === 0 || reach === 0}
        aria-describedby={reach === 0 ? 'blast-audience-nobody' : undefined}
        onClick={() => void submit()}
        data-testid="blast-send"
      >
        {later ? t('blast.schedule') : t('blast.send')}
      </Button>

      <h3 className={styles.label} style={{ margin: '8px 0 0' }}>
        {t('blast.listTitle')}
      </h3>
      {blasts.isPending ? (
        <Loading />
      ) : blasts.isError ? (
        <LoadFailed onRetry={() => void blasts.refetch()} message={blasts.error.message} />
      ) : blasts.data.items.length === 0 ? (
        <p className={styles.hint} data-testid="blast-empty">
          {t('blast.empty')}
        </p>
      ) : (
        <ul style={{ listStyle: 'none', margin: 0, padding: 0, display: 'grid', gap: 10 }} data-testid="blast-list">
          {blasts.data.items.map((blast) => (
            <HostBlast key={blast.id} activity={activity} blast={blast} />
          ))}
        </ul>
      )}
    </section>
  );
}

function HostBlast({ activity, blast }: { activity: Activity; blast: Blast }) {
  const { t } = useTranslation();
  const language = useSettings((state) => state.language);
  const cancel = useCancelBlast(activity.id);
  const when = (iso: string) => formatWhen(iso, activity.timezone, language);
  const state =
    blast.state === 'scheduled'
      ? t('blast.states.scheduled', { date: when(blast.sendAt) })
      : blast.state === 'sent'
        ? t('blast.states.sent', { date: when(blast.sentAt ?? blast.sendAt) })
        : t(`blast.states.${blast.state}`);
  const drop = async () => {
    const ok = await confirm({
      content: t('blast.cancelConfirm'),
      confirmText: t('blast.cancel'),
      cancelText: t('blast.keep'),
    });
    if (!ok) return;
    cancel.mutate(blast.id, {
      onSuccess: () => Toast.show({ content: t('blast.cancelledToast') }),
      onError: (error) => toastUnreported(error),
    });
  };
  return (
    <li className={styles.item} data-testid="blast-item" data-state={blast.state} data-id={blast.id}>
      <div className={styles.personMeta}>
        {audienceText(blast.audience, t, language)} · {state}
        {blast.recipients !== null && (blast.state === 'sent' || blast.recipients > 0)
          ? ` · ${t('blast.recipients', { count: blast.recipients })}`
          : ''}
      </div>
      <p style={{ margin: 0, whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }} data-testid="blast-message-text">
        {blast.message}
      </p>
      {blast.state === 'scheduled' && (
        <Button
          variant="danger"
          size="small"
          loading={cancel.isPending}
          onClick={() => void drop()}
          data-testid="blast-cancel"
        >
          {t('blast.cancel')}
        </Button>
      )}
    </li>
  );
}
