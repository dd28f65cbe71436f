import type { Activity } from '@polaris/contract';
import { Toast } from 'antd-mobile';
import QRCode from 'qrcode';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useInvite } from '@/api/activity-manage.ts';
import { Button } from '@/components/Button.tsx';
import styles from '@/components/host/host.module.css';
import { ManageShell } from '@/components/host/ManageShell.tsx';
import { LoadFailed, Loading } from '@/components/QueryState.tsx';
import { useShareLink } from '@/components/share.ts';
import { copyText } from '@/lib/clipboard.ts';

/** /pages/activity/manage/assembly/overview/invite-participants/index?id= — an invitation link and its QR. */
export default function InviteParticipantsPage() {
  const { t } = useTranslation();
  return (
    <ManageShell title={t('manage.inviteParticipants')}>{(activity) => <InviteLink activity={activity} />}</ManageShell>
  );
}

function InviteLink({ activity }: { activity: Activity }) {
  const { t } = useTranslation();
  const shareLink = useShareLink();
  const invite = useInvite(activity.id);
  const [qr, setQr] = useState('');
  const { mutate } = invite;
  useEffect(() => mutate([]), [mutate]);
  const link = invite.data?.link ?? '';
  useEffect(() => {
    if (!link) return;
    QRCode.toDataURL(link, { margin: 1, width: 440, errorCorrectionLevel: 'M' })
      .then(setQr)
      .catch(() => setQr(''));
  }, [link]);
  if (invite.isError) return <LoadFailed onRetry={() => mutate([])} message={invite.error.message} />;
  if (!link) return <Loading />;
  const share = () => shareLink({ title: activity.title, url: link }, t('activity.shareLink'));
  return (
    <div className={`${styles.section} ${styles.center}`}>
      <h2 className={styles.sectionTitle}>{activity.title}</h2>
      {qr && <img className={styles.qr} src={qr} alt={t('manage.qrAlt')} data-testid="invite-qr" />}
      <p className={`${styles.hint} ${styles.break}`} data-testid="invite-link">
        {link}
      </p>
      <Button
        variant="primary"
        block
        onClick={async () => {
          Toast.show({ content: (await copyText(link)) ? t('manage.copied') : t('manage.copyFailed') });
        }}
        data-testid="invite-copy"
      >
        {t('manage.copyLink')}
      </Button>
      <Button block onClick={() => void share()} data-testid="invite-share">
        {t('manage.share')}
      </Button>
    </div>
  );
}
