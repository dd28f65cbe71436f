import { ClockCircleOutline, TeamOutline } from 'antd-mobile-icons';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';
import type { Bounty } from '@/api/bounty.ts';
import { href, PATHS } from '@/app/paths.ts';
import ui from '@/components/ui.module.css';
import { BountyStateBadge, Reward, useDeadlineLabel, winnersLeft } from './BountyBits.tsx';
import styles from './bounty.module.css';

/** One bounty in a list: title, state, reward per winner, winners left, time left, category; opens the detail. */
export function BountyCard({ bounty, to }: { bounty: Bounty; to?: string }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const deadline = useDeadlineLabel(bounty);
  return (
    <button
      type="button"
      className={styles.card}
      onClick={() => navigate(to ?? href(PATHS.bountyDetail, { id: bounty.id }))}
      data-testid="bounty-card"
      data-id={bounty.id}
    >
      <span className={styles.cardHead}>
        <span className={styles.cardTitle}>{bounty.title}</span>
        <BountyStateBadge state={bounty.state} />
      </span>
      <Reward bounty={bounty} />
      <span className={styles.facts}>
        <span className={`${ui.badge} ${ui.info}`}>{t(`bounty.category.${bounty.category}`)}</span>
        <span data-testid="bounty-card-winners">
          <TeamOutline aria-hidden />
          {t('bounty.winnersLeft', { left: winnersLeft(bounty), count: bounty.winners })}
        </span>
        {deadline && (
          <span data-testid="bounty-card-deadline">
            <ClockCircleOutline aria-hidden />
            {deadline}
          </span>
        )}
      </span>
    </button>
  );
}
