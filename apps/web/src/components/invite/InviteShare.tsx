import type { InvitedInfo } from '@polaris/contract';
import QRCode from 'qrcode';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '@/components/Button.tsx';
import { copyWithToast } from '@/components/RecordItem.tsx';
import { useShareLink } from '@/components/share.ts';
import ui from '@/components/ui.module.css';
import styles from './invite.module.css';

/** My invite code (copy), its link (copy) and QR code, and the share sheet (the link is copied where there is none). */
export function InviteShare({ info }: { info: InvitedInfo }) {
  const { t } = useTranslation();
  const shareLink = useShareLink();
  const [qr, setQr] = useState('');
  useEffect(() => {
    let live = true;
    QRCode.toDataURL(info.link, { margin: 1, width: 360, errorCorrectionLevel: 'M' })
      .then((url) => live && setQr(url))
      .catch(() => live && setQr(''));
    return () => {
      live = false;
    };
  }, [info.link]);

  const shareText = t('invite.shareText', {
    code: info.inviteCode,
    amount: info.rule.inviteeAmount,
    asset: info.asset,
  });
  const share = () => shareLink({ title: t('invite.title'), text: shareText, url: info.link }, t('invite.link'));

  return (
    <section className={`${ui.card} ${styles.hero}`} aria-labelledby="invite-headline" data-testid="invite-share">
      <h2 className={styles.headline} id="invite-headline">
        {t('invite.headline', {
          inviter: info.rule.inviterAmount,
          invitee: info.rule.inviteeAmount,
          asset: info.asset,
        })}
      </h2>
      <p className={styles.codeLabel}>{t('invite.code')}</p>
      <p className={styles.code} data-testid="invite-code">
        {info.inviteCode}
      </p>
      {qr ? (
        <img className={styles.qr} src={qr} alt={t('invite.qrAlt')} data-testid="invite-qr" />
      ) : (
        <div className={styles.qr} aria-hidden />
      )}
      <p className={styles.link} data-testid="invite-link">
        {info.link}
      </p>
      <div className={styles.buttons}>
        <Button
          size="small"
          onClick={() => void copyWithToast(info.inviteCode, t('invite.code'))}
          data-testid="invite-copy-code"
        >
          {t('invite.copyCode')}
        </Button>
        <Button
          size="small"
          onClick={() => void copyWithToast(info.link, t('invite.link'))}
          data-testid="invite-copy-link"
        >
          {t('invite.copyLink')}
        </Button>
        <Button variant="primary" size="small" onClick={() => void share()} data-testid="invite-share-button">
          {t('invite.share')}
        </Button>
      </div>
    </section>
  );
}
