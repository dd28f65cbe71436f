import { isVipActive, type VipMembership } from '@polaris/contract';
import { useTranslation } from 'react-i18next';
import ui from './ui.module.css';

/** The tier's badge, shown only while the membership runs (a perk: docs/membership.md). */
export function VipBadge({ vip }: { vip: VipMembership | null | undefined }) {
  const { t } = useTranslation();
  if (!vip || !isVipActive(vip)) return null;
  return (
    <span className={ui.badge} data-testid="vip-badge" data-tier={vip.tier}>
      {t(`vip.tier.${vip.tier}`)}
    </span>
  );
}
