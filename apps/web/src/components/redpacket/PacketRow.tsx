import { RightOutline } from 'antd-mobile-icons';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';
import type { MineRole, MyRedPacket } from '@/api/redpacket.ts';
import { href, PATHS } from '@/app/paths.ts';
import ui from '@/components/ui.module.css';
import { formatDateAndTime } from '@/lib/format.ts';
import { useSettings } from '@/lib/settings.ts';
import { amountFigure, shown } from '@/lib/wallet.ts';
import { nameOf } from './names.ts';
import css from './redpacket.module.css';
import { StateBadge } from './StateBadge.tsx';

/** One of my packets: what I sent (how far it is claimed) or what I received (from whom, how much). */
export function PacketRow({ item, role }: { item: MyRedPacket; role: MineRole }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const language = useSettings((state) => state.language);
  const showAssets = useSettings((state) => state.showAssets);
  const { packet } = item;
  const amount = role === 'received' ? (item.amount ?? '0') : packet.amount;
  return (
    <li>
      <button
        type="button"
        className={ui.row}
        onClick={() => navigate(href(PATHS.redEnvelopeReceive, { redpacketCode: packet.code }))}
        data-testid="packet-row"
        data-code={packet.code}
      >
        <span className={css.packetIcon} aria-hidden>
          {t('redpacket.seal')}
        </span>
        <span className={ui.rowMain}>
          <span className={ui.rowTitle} style={{ display: 'block' }}>
            {role === 'received' ? nameOf(t, packet.sender) : t(`redpacket.kind.${packet.kind}`)}
          </span>
          <span className={ui.rowSub} style={{ display: 'block' }}>
            {packet.greeting || t('redpacket.defaultGreeting')}
          </span>
          <span className={ui.rowSub} style={{ display: 'block' }}>
            {formatDateAndTime(item.at, language)}
          </span>
        </span>
        <span className={ui.rowEnd}>
          <span className={ui.figure} style={{ display: 'block' }} data-testid="packet-row-amount">
            {role === 'received' ? '+' : ''}
            {shown(amountFigure(amount, packet.asset), showAssets)} {packet.asset}
          </span>
          {role === 'sent' ? (
            <span className={ui.rowSub} style={{ display: 'block' }}>
              {t('redpacket.claimedOf', { claimed: packet.claimedCount, count: packet.count })}{' '}
              <StateBadge state={packet.state} />
            </span>
          ) : null}
        </span>
        <RightOutline aria-hidden style={{ color: 'var(--adm-color-light)', flex: 'none' }} />
      </button>
    </li>
  );
}
