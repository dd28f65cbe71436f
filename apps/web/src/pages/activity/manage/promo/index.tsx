import type { Activity } from '@polaris/contract';
import { useTranslation } from 'react-i18next';
import styles from '@/components/host/host.module.css';
import { ManageShell } from '@/components/host/ManageShell.tsx';
import { PromoCodeForm } from '@/components/host/promo/PromoCodeForm.tsx';
import { PromoCodeList } from '@/components/host/promo/PromoCodeList.tsx';

/** /pages/activity/manage/promo/index?id= — the activity's promo codes: the list with uses, disabling, a new one. */
export default function PromoCodesPage() {
  const { t } = useTranslation();
  return <ManageShell title={t('promo.title')}>{(activity) => <PromoCodes activity={activity} />}</ManageShell>;
}

function PromoCodes({ activity }: { activity: Activity }) {
  return (
    <div className={styles.form} style={{ paddingBottom: 24 }}>
      <PromoCodeList activity={activity} />
      {activity.can.edit && <PromoCodeForm activity={activity} />}
    </div>
  );
}
