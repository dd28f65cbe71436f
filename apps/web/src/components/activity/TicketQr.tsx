import QRCode from 'qrcode';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import styles from './activity.module.css';

/** The ticket's signed payload as a QR code, to be scanned at the door. */
export function TicketQr({ payload, size = 200 }: { payload: string; size?: number }) {
  const { t } = useTranslation();
  const [src, setSrc] = useState<string>();
  useEffect(() => {
    let live = true;
    QRCode.toDataURL(payload, { width: size, margin: 1, errorCorrectionLevel: 'M' })
      .then((url) => live && setSrc(url))
      .catch(() => live && setSrc(undefined));
    return () => {
      live = false;
    };
  }, [payload, size]);
  return (
    <div className={styles.qr} data-testid="ticket-qr" data-payload={payload}>
      {src ? (
        <img src={src} width={size} height={size} alt={t('tickets.qrAlt')} />
      ) : (
        <div style={{ width: size, height: size }} />
      )}
    </div>
  );
}
