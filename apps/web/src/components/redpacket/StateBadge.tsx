import { useTranslation } from 'react-i18next';
import type { RedPacket } from '@/api/redpacket.ts';
import ui from '@/components/ui.module.css';

const TONES: Record<RedPacket['state'], string> = {
  active: ui.success ?? '',
  claimed: ui.warning ?? '',
  expired: ui.danger ?? '',
  refunded: ui.danger ?? '',
};

/** Where a packet stands: open, all claimed, activity ended (SPEC §8), or its remainder refunded. */
export function StateBadge({ state }: { state: RedPacket['state'] }) {
  const { t } = useTranslation();
  return (
    <span className={`${ui.badge} ${TONES[state]}`} data-testid="packet-state" data-state={state}>
      {t(`redpacket.state.${state}`)}
    </span>
  );
}
