import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { RedPacket } from '@/api/redpacket.ts';
import ui from '@/components/ui.module.css';
import { amountFigure } from '@/lib/wallet.ts';
import { StateBadge } from './StateBadge.tsx';

/**
 * A packet's state and how many of its shares are claimed, as the share and details pages list them; `amounts` adds
 * how much of the total is claimed, and `children` the rows a page adds below.
 */
export function PacketSummary({
  packet,
  claimedTestId,
  amounts = false,
  children,
}: {
  packet: RedPacket;
  claimedTestId: string;
  amounts?: boolean;
  children?: ReactNode;
}) {
  const { t } = useTranslation();
  return (
    <dl className={ui.kvList}>
      <div className={ui.kv}>
        <dt>{t('redpacket.receive.status')}</dt>
        <dd>
          <StateBadge state={packet.state} />
        </dd>
      </div>
      <div className={ui.kv}>
        <dt>{t('redpacket.receive.claimed')}</dt>
        <dd data-testid={claimedTestId}>
          {packet.claimedCount}/{packet.count}
          {amounts && (
            <>
              {' · '}
              {amountFigure(packet.claimedAmount, packet.asset)}/{amountFigure(packet.amount, packet.asset)}{' '}
              {packet.asset}
            </>
          )}
        </dd>
      </div>
      {children}
    </dl>
  );
}
