import { EyeInvisibleOutline, EyeOutline, FileOutline } from 'antd-mobile-icons';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate, useSearchParams } from 'react-router-dom';
import type { RedPacket } from '@/api/redpacket.ts';
import { Frame } from '@/app/Frame.tsx';
import { href, PATHS } from '@/app/paths.ts';
import { Button } from '@/components/Button.tsx';
import { copyWithToast } from '@/components/RecordItem.tsx';
import { audienceNote, PacketNotFound, PacketView } from '@/components/redpacket/Envelope.tsx';
import { nameOf } from '@/components/redpacket/names.ts';
import { PacketQr } from '@/components/redpacket/PacketQr.tsx';
import { PacketSummary } from '@/components/redpacket/PacketSummary.tsx';
import css from '@/components/redpacket/redpacket.module.css';
import { isRedPacketCode } from '@/components/redpacket/rules.ts';
import { sentPasswordOf } from '@/components/redpacket/sent-password.ts';
import { useRedEnvelopeBack } from '@/components/redpacket/useRedEnvelopeBack.ts';
import { useShareLink } from '@/components/share.ts';
import ui from '@/components/ui.module.css';
import { amountFigure } from '@/lib/wallet.ts';

/**
 * Passing a packet on (`?redpacketCode=`): its link as a QR code, copy and share, and for a password packet the reminder
 * that the password travels separately (shown only to the sender who typed it, in this tab).
 */
export default function RedEnvelopeSharePage() {
  const { t } = useTranslation();
  const [params] = useSearchParams();
  const back = useRedEnvelopeBack();
  const code = params.get('redpacketCode') ?? '';
  return (
    <Frame title={t('redpacket.share.title')} back={back}>
      {isRedPacketCode(code) ? <ShareLoader code={code} /> : <PacketNotFound />}
    </Frame>
  );
}

function ShareLoader({ code }: { code: string }) {
  return (
    <PacketView code={code} loadingTestId="share-loading">
      {(packet) => <Share packet={packet} />}
    </PacketView>
  );
}

function Share({ packet }: { packet: RedPacket }) {
  const { t } = useTranslation();
  const shareLink = useShareLink();
  const navigate = useNavigate();
  const password = packet.isSender ? sentPasswordOf(packet.code) : null;
  const [revealed, setRevealed] = useState(false);
  const note = audienceNote(packet, t);
  const share = () =>
    shareLink(
      {
        title: t('redpacket.title'),
        text: t('redpacket.share.shareText', { name: nameOf(t, packet.sender) }),
        url: packet.shareUrl,
      },
      t('redpacket.share.link'),
    );
  return (
    <div className={css.stack}>
      <section className={css.envelope} data-testid="share-card" aria-labelledby="share-greeting">
        <p className={css.note}>{t('redpacket.envelope.from', { name: nameOf(t, packet.sender) })}</p>
        <p className={css.greeting} id="share-greeting">
          {packet.greeting || t('redpacket.defaultGreeting')}
        </p>
        <p className={css.note} data-testid="share-summary">
          {t('redpacket.share.summary', {
            amount: amountFigure(packet.amount, packet.asset),
            asset: packet.asset,
            count: packet.count,
          })}
        </p>
        {note && <p className={css.note}>{note}</p>}
        <PacketQr link={packet.shareUrl} alt={t('redpacket.share.qrAlt')} />
        <p className={css.link} data-testid="share-link">
          {packet.shareUrl}
        </p>
        <div className={css.lightButtons}>
          <Button
            onClick={() => void copyWithToast(packet.shareUrl, t('redpacket.share.link'))}
            style={{ '--text-color': 'var(--px-packet-red)' } as React.CSSProperties}
            data-testid="share-copy"
          >
            {t('redpacket.share.copy')}
          </Button>
          <Button
            onClick={() => void share()}
            style={{ '--text-color': '#fff', '--border-color': '#fff' } as React.CSSProperties}
          >
            {t('redpacket.share.share')}
          </Button>
        </div>
      </section>

      {packet.needsPassword && (
        <section className={ui.card} aria-labelledby="share-password-title" data-testid="share-password-card">
          <h2 className={ui.sectionTitle} id="share-password-title">
            {t('redpacket.share.passwordTitle')}
          </h2>
          {password ? (
            <div className={css.passwordBox} style={{ marginTop: 8 }}>
              <span className={css.passwordValue} data-testid="share-password">
                {revealed ? password : '•'.repeat(password.length)}
              </span>
              <span style={{ display: 'flex', gap: 4 }}>
                <button
                  type="button"
                  className={css.iconButton}
                  onClick={() => setRevealed((value) => !value)}
                  aria-label={revealed ? t('common.hidePassword') : t('common.showPassword')}
                  aria-pressed={revealed}
                  data-testid="share-password-reveal"
                >
                  {revealed ? <EyeOutline aria-hidden /> : <EyeInvisibleOutline aria-hidden />}
                </button>
                <button
                  type="button"
                  className={css.iconButton}
                  onClick={() => void copyWithToast(password, t('redpacket.form.password'))}
                  aria-label={t('common.copy', { label: t('redpacket.form.password') })}
                  data-testid="share-password-copy"
                >
                  <FileOutline aria-hidden />
                </button>
              </span>
            </div>
          ) : null}
          <p className={ui.hint} style={{ marginTop: 8 }}>
            {t('redpacket.share.passwordHint')}
          </p>
        </section>
      )}

      <section className={ui.card}>
        <PacketSummary packet={packet} claimedTestId="share-claimed" />
        <Button
          block
          style={{ marginTop: 8 }}
          onClick={() => navigate(href(PATHS.redEnvelopeReceive, { redpacketCode: packet.code }))}
          data-testid="share-details"
        >
          {t('redpacket.envelope.details')}
        </Button>
      </section>
    </div>
  );
}
