import { PullToRefresh } from 'antd-mobile';
import { useTranslation } from 'react-i18next';
import { useNavigate, useSearchParams } from 'react-router-dom';
import { type RedPacket, redPacketKeys } from '@/api/redpacket.ts';
import { Frame } from '@/app/Frame.tsx';
import { href, PATHS } from '@/app/paths.ts';
import { Button } from '@/components/Button.tsx';
import { RoomAvatar } from '@/components/chat/RoomAvatar.tsx';
import { Refreshable } from '@/components/Refreshable.tsx';
import { ClaimList } from '@/components/redpacket/ClaimList.tsx';
import { PacketNotFound, PacketView } from '@/components/redpacket/Envelope.tsx';
import { nameOf } from '@/components/redpacket/names.ts';
import { PacketSummary } from '@/components/redpacket/PacketSummary.tsx';
import css from '@/components/redpacket/redpacket.module.css';
import { isRedPacketCode } from '@/components/redpacket/rules.ts';
import { useRedEnvelopeBack } from '@/components/redpacket/useRedEnvelopeBack.ts';
import ui from '@/components/ui.module.css';
import { RecordLink } from '@/components/wallet/RecordLink.tsx';
import { formatDateAndTime } from '@/lib/format.ts';
import { useSettings } from '@/lib/settings.ts';
import { amountFigure, assetAmount } from '@/lib/wallet.ts';

/**
 * What became of a packet (`?redpacketCode=`): my share, big; who else got what (the luckiest once it is over); how much
 * is claimed; and for the sender the ledger entries of the send, of each share and of the refund.
 */
export default function RedEnvelopeReceivePage() {
  const { t } = useTranslation();
  const [params] = useSearchParams();
  const back = useRedEnvelopeBack();
  const code = params.get('redpacketCode') ?? '';
  return (
    <Frame title={t('redpacket.receive.title')} back={back} layout="frame">
      {isRedPacketCode(code) ? <ReceiveLoader code={code} /> : <PacketNotFound />}
    </Frame>
  );
}

function ReceiveLoader({ code }: { code: string }) {
  return (
    <PacketView code={code} loadingTestId="receive-loading">
      {(packet) => (
        <Refreshable pull={PullToRefresh} refresh={[redPacketKeys.detail(code), redPacketKeys.claims(code)]}>
          <Receive packet={packet} />
        </Refreshable>
      )}
    </PacketView>
  );
}

function Receive({ packet }: { packet: RedPacket }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const language = useSettings((state) => state.language);
  return (
    <>
      <header className={css.receiveHead} data-testid="receive-head">
        <RoomAvatar seed={packet.sender.uid} name={nameOf(t, packet.sender)} avatar={packet.sender.avatar} />
        <p className={css.from}>{t('redpacket.envelope.from', { name: nameOf(t, packet.sender) })}</p>
        <p className={css.note}>{packet.greeting || t('redpacket.defaultGreeting')}</p>
        {packet.mine ? (
          <>
            <p className={css.bigAmount} data-testid="receive-amount">
              {amountFigure(packet.mine.amount, packet.asset)}
              <small>{packet.asset}</small>
            </p>
            <p className={css.note}>{t('redpacket.envelope.savedToWallet')}</p>
          </>
        ) : packet.isSender ? (
          <p className={css.bigAmount} data-testid="receive-total">
            {amountFigure(packet.amount, packet.asset)}
            <small>{packet.asset}</small>
          </p>
        ) : packet.state === 'active' ? (
          <Button
            onClick={() => navigate(href(PATHS.redEnvelopePassword, { redpacketCode: packet.code }))}
            style={{ '--text-color': 'var(--px-packet-red)', marginTop: 8 } as React.CSSProperties}
            data-testid="receive-open"
          >
            {t('redpacket.receive.open')}
          </Button>
        ) : (
          <p className={css.stateText} data-testid="receive-state-text">
            {packet.state === 'claimed' ? t('contract:redpacket.allClaimed') : t('contract:redpacket.ended')}
          </p>
        )}
      </header>

      <div className={`${css.body} ${css.stack}`}>
        <section className={ui.card} aria-label={t('redpacket.receive.summary')}>
          <PacketSummary packet={packet} claimedTestId="receive-claimed" amounts>
            <div className={ui.kv}>
              <dt>{t(packet.state === 'active' ? 'redpacket.receive.expires' : 'redpacket.receive.expired')}</dt>
              <dd>{formatDateAndTime(packet.expiresAt, language)}</dd>
            </div>
            {packet.isSender && packet.sendEntryId && (
              <div className={ui.kv}>
                <dt>{t('redpacket.receive.sendEntry')}</dt>
                <dd>
                  <RecordLink asset={packet.asset} reference={packet.sendEntryId} testId="receive-send-entry" />
                </dd>
              </div>
            )}
            {packet.isSender && packet.refundedAmount && (
              <div className={ui.kv} data-testid="receive-refund">
                <dt>{t('redpacket.receive.refunded')}</dt>
                <dd>
                  {assetAmount(packet.refundedAmount, packet.asset)}
                  {packet.refundEntryId && (
                    <span style={{ display: 'block' }}>
                      <RecordLink asset={packet.asset} reference={packet.refundEntryId} testId="receive-refund-entry" />
                    </span>
                  )}
                </dd>
              </div>
            )}
          </PacketSummary>
          {packet.isSender && packet.state === 'active' && (
            <Button
              variant="danger"
              block
              className={css.sendButton}
              style={{ marginTop: 8 }}
              onClick={() => navigate(href(PATHS.redEnvelopePasswordShare, { redpacketCode: packet.code }))}
              data-testid="receive-share"
            >
              {t('redpacket.share.title')}
            </Button>
          )}
        </section>

        <section aria-labelledby="receive-claims-title">
          <div className={ui.sectionHead}>
            <h2 className={ui.sectionTitle} id="receive-claims-title">
              {t('redpacket.receive.claims')}
            </h2>
          </div>
          <ClaimList packet={packet} />
        </section>
      </div>
    </>
  );
}
