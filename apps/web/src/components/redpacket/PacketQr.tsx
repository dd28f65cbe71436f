import QRCode from 'qrcode';
import { useEffect, useState } from 'react';
import css from './redpacket.module.css';

/** A link as a QR code, drawn the way the chat room's invite card draws its own (components/chat-manage/ShareCard). */
export function PacketQr({ link, alt }: { link: string; alt: string }) {
  const [src, setSrc] = useState('');
  useEffect(() => {
    let live = true;
    QRCode.toDataURL(link, { margin: 1, width: 440, errorCorrectionLevel: 'M' })
      .then((url) => live && setSrc(url))
      .catch(() => live && setSrc(''));
    return () => {
      live = false;
    };
  }, [link]);
  return src ? (
    <img className={css.qr} src={src} alt={alt} data-testid="packet-qr" data-link={link} />
  ) : (
    <div className={css.qr} aria-hidden />
  );
}
