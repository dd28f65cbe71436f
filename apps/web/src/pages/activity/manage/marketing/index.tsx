import type { Activity } from '@polaris/contract';
import { Toast } from 'antd-mobile';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useMarketing } from '@/api/activity-manage.ts';
import { Button } from '@/components/Button.tsx';
import { InputField } from '@/components/Field.tsx';
import styles from '@/components/host/host.module.css';
import { ManageShell } from '@/components/host/ManageShell.tsx';
import { isApiError } from '@/lib/api-error.ts';

/** /pages/activity/manage/marketing/index?id= — promotion settings: featured, share title and text. */
export default function MarketingPage() {
  const { t } = useTranslation();
  return <ManageShell title={t('manage.marketing')}>{(activity) => <Marketing activity={activity} />}</ManageShell>;
}

function Marketing({ activity }: { activity: Activity }) {
  const { t } = useTranslation();
  const save = useMarketing(activity.id);
  const [featured, setFeatured] = useState(activity.marketing.featured);
  const [shareTitle, setShareTitle] = useState(activity.marketing.shareTitle ?? '');
  const [shareText, setShareText] = useState(activity.marketing.shareText ?? '');
  const submit = () =>
    save.mutate(
      { featured, shareTitle: shareTitle.trim() || null, shareText: shareText.trim() || null },
      {
        onSuccess: () => Toast.show({ content: t('manage.saved') }),
        onError: (error) => {
          if (isApiError(error) && error.unreported) {
            Toast.show({ content: error.fields[0]?.message ?? error.message });
          }
        },
      },
    );
  return (
    <div className={styles.form}>
      <section className={styles.section}>
        <label className={styles.check}>
          <input
            type="checkbox"
            checked={featured}
            onChange={(event) => setFeatured(event.target.checked)}
            data-testid="marketing-featured"
          />
          {t('manage.featured')}
        </label>
        <InputField
          id="marketing-title"
          label={t('manage.shareTitle')}
          value={shareTitle}
          maxLength={120}
          placeholder={activity.title}
          onChange={(event) => setShareTitle(event.target.value)}
        />
        <label className={styles.label} htmlFor="marketing-text">
          {t('manage.shareText')}
        </label>
        <textarea
          id="marketing-text"
          className={styles.textarea}
          value={shareText}
          maxLength={500}
          onChange={(event) => setShareText(event.target.value)}
          data-testid="marketing-text"
        />
        <Button variant="primary" loading={save.isPending} onClick={submit} data-testid="marketing-save">
          {t('manage.save')}
        </Button>
      </section>
    </div>
  );
}
