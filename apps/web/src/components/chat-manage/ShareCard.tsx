import { type ChatRoom, TOAST_DURATION_MS } from '@polaris/contract';
import { Toast } from 'antd-mobile';
import QRCode from 'qrcode';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useAppConfig } from '@/api/app.ts';
import { useResetInvite } from '@/api/chat-manage.ts';
import { Button } from '@/components/Button.tsx';
import { useShareLink } from '@/components/share.ts';
import ui from '@/components/ui.module.css';
import { webOrigin } from '@/lib/api-origin.ts';
import { copyText } from '@/lib/clipboard.ts';
import styles from './chat-manage.module.css';
import { inviteLink } from './rules.ts';
import { useOverlays } from './useOverlays.tsx';

/** The room's invite link with its QR code, copy and share; admins may replace it (the old one stops working). */
export function ShareCard({ room, token, canReset }: { room: ChatRoom; token: string; canReset: boolean }) {
  const { t } = useTranslation();
  const shareLink = useShareLink();
  const reset = useResetInvite(room.id);
  const overlays = useOverlays();
  const shortLinkHost = useAppConfig().data?.shortLinkHost ?? webOrigin();
  const link = inviteLink(shortLinkHost, token);
  const [qr, setQr] = useState('');
  useEffect(() => {
    let live = true;
    QRCode.toDataURL(link, { margin: 1, width: 400, errorCorrectionLevel: 'M' })
      .then((url) => live && setQr(url))
      .catch(() => live && setQr(''));
    return () => {
      live = false;
    };
  }, [link]);
  const copy = async () => {
    const label = t('chatManage.share.link');
    const ok = await copyText(link);
    Toast.show({
      content: ok ? t('common.copied', { label }) : t('common.copyFailed', { label }),
      duration: TOAST_DURATION_MS,
    });
  };
  const share = () =>
    shareLink(
      { title: room.name, text: t('chatManage.share.shareText', { name: room.name }), url: link },
      t('chatManage.share.link'),
    );
  const confirmReset = async () => {
    const ok = await overlays.confirm({
      title: t('chatManage.share.resetTitle'),
      content: t('chatManage.share.resetBody'),
      confirmText: t('chatManage.share.reset'),
      danger: true,
    });
    if (ok)
      reset.mutate(undefined, {
        onSuccess: () => Toast.show({ content: t('chatManage.share.resetDone'), duration: TOAST_DURATION_MS }),
      });
  };
  return (
    <section aria-labelledby="room-share-title">
      <h2 className={ui.groupTitle} id="room-share-title">
        {t('chatManage.share.title')}
      </h2>
      <div className={styles.share}>
        {qr ? (
          <img className={styles.qr} src={qr} alt={t('chatManage.share.qrAlt')} data-testid="room-share-qr" />
        ) : (
          <div className={styles.qr} aria-hidden />
        )}
        <p className={styles.link} data-testid="room-share-link">
          {link}
        </p>
        <p className={styles.hint}>{t('chatManage.share.hint')}</p>
        <div className={styles.buttons}>
          <Button variant="primary" onClick={() => void copy()} data-testid="room-share-copy">
            {t('chatManage.share.copy')}
          </Button>
          <Button onClick={() => void share()} data-testid="room-share-share">
            {t('chatManage.share.share')}
          </Button>
        </div>
        {canReset && (
          <button
            type="button"
            className={styles.textButton}
            onClick={() => void confirmReset()}
            disabled={reset.isPending}
            data-testid="room-share-reset"
          >
            {t('chatManage.share.reset')}
          </button>
        )}
      </div>
    </section>
  );
}
