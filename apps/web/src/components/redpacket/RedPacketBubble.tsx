import { useCallback, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';
import { type RedPacketClaimResult, useRedPacket } from '@/api/redpacket.ts';
import { href, PATHS } from '@/app/paths.ts';
import { Sheet } from '@/components/Sheet.tsx';
import { processedRedPackets } from '@/lib/processed-memory.ts';
import { amountFigure } from '@/lib/wallet.ts';
import { EnvelopeLoader } from './Envelope.tsx';
import { nameOf } from './names.ts';
import bubble from './RedPacketBubble.module.css';
import css from './redpacket.module.css';

/**
 * A red packet posted in a chat room: a card with its greeting; tapping it opens the envelope in a sheet. Once
 * opened it is remembered for the room (SPEC §3, §4: 24 hours), so the card says "Opened" without asking the
 * server again.
 */
export function RedPacketBubble({
  roomId,
  code,
  greeting,
  own,
}: {
  roomId: string;
  code: string;
  greeting: string;
  own: boolean;
}) {
  const { t } = useTranslation();
  const [opened, setOpened] = useState(() => processedRedPackets.has(roomId, code));
  const [sheet, setSheet] = useState(false);
  const [result, setResult] = useState<RedPacketClaimResult>();
  const remember = useCallback(() => {
    processedRedPackets.add(roomId, code);
    setOpened(true);
  }, [roomId, code]);
  return (
    <>
      <button
        type="button"
        className={`${bubble.card} ${opened ? bubble.cardOpened : ''}`}
        onClick={() => setSheet(true)}
        data-testid="chat-red-packet"
        data-code={code}
        data-opened={opened}
      >
        <span className={bubble.cardMain}>
          <span className={bubble.cardIcon} aria-hidden>
            {t('redpacket.seal')}
          </span>
          <span className={bubble.cardText}>
            <span className={bubble.cardGreeting} style={{ display: 'block' }}>
              {greeting || t('redpacket.defaultGreeting')}
            </span>
            <span className={bubble.cardState} style={{ display: 'block' }} data-testid="chat-red-packet-state">
              {opened ? t('redpacket.bubble.opened') : own ? t('redpacket.bubble.sent') : t('redpacket.bubble.tap')}
            </span>
          </span>
        </span>
        <span className={bubble.cardFoot}>{t('redpacket.bubble.label')}</span>
      </button>
      <Sheet visible={sheet} onClose={() => setSheet(false)} destroyOnClose>
        <div className={bubble.sheetBody} data-testid="red-packet-sheet">
          {result ? (
            <Opened result={result} />
          ) : (
            <SheetEnvelope
              code={code}
              onSeenMine={remember}
              onClaimed={(done) => {
                remember();
                setResult(done);
              }}
            />
          )}
        </div>
      </Sheet>
    </>
  );
}

/** The envelope in the sheet; a packet I opened on another device is remembered here as well. */
function SheetEnvelope({
  code,
  onSeenMine,
  onClaimed,
}: {
  code: string;
  onSeenMine(): void;
  onClaimed(result: RedPacketClaimResult): void;
}) {
  const packet = useRedPacket(code);
  const mine = Boolean(packet.data?.mine);
  useEffect(() => {
    if (mine) onSeenMine();
  }, [mine, onSeenMine]);
  return <EnvelopeLoader code={code} onClaimed={onClaimed} />;
}

/** What I just got, big, and the way to see who else got what. */
function Opened({ result }: { result: RedPacketClaimResult }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { packet } = result;
  return (
    <section className={css.envelope} data-testid="red-packet-opened" aria-live="polite">
      <p className={css.note}>{t('redpacket.envelope.from', { name: nameOf(t, packet.sender) })}</p>
      <p className={css.greeting}>{packet.greeting || t('redpacket.defaultGreeting')}</p>
      <p className={css.bigAmount} data-testid="red-packet-opened-amount">
        {amountFigure(result.amount, packet.asset)}
        <small>{packet.asset}</small>
      </p>
      <p className={css.note}>{t('redpacket.envelope.savedToWallet')}</p>
      <button
        type="button"
        className={css.lightLink}
        onClick={() => navigate(href(PATHS.redEnvelopeReceive, { redpacketCode: packet.code }))}
        data-testid="red-packet-opened-details"
      >
        {t('redpacket.envelope.details')}
      </button>
    </section>
  );
}
