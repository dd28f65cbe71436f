import { useTranslation } from 'react-i18next';
import type { Bounty, SubmissionState } from '@/api/bounty.ts';
import ui from '@/components/ui.module.css';
import { timeLeft } from '@/lib/bounty.ts';
import { amountFigure } from '@/lib/wallet.ts';
import styles from './bounty.module.css';

/** The badge tone of each state (components/ui.module.css badges). */
const TONE: Record<Bounty['state'] | SubmissionState, string | undefined> = {
  open: ui.success,
  approved: ui.success,
  reviewing: ui.warning,
  pending: ui.warning,
  rejected: ui.danger,
  expired: ui.danger,
  completed: ui.neutral,
  ended: ui.neutral,
};

/** The bounty's state as a coloured badge: open, reviewing, completed, ended. */
export function BountyStateBadge({ state }: { state: Bounty['state'] }) {
  const { t } = useTranslation();
  return (
    <span className={`${ui.badge} ${TONE[state] ?? ''}`} data-testid="bounty-state" data-state={state}>
      {t(`bounty.state.${state}`)}
    </span>
  );
}

/** A submission's state as a coloured badge: pending, approved, rejected, expired. */
export function SubmissionBadge({ state }: { state: SubmissionState }) {
  const { t } = useTranslation();
  return (
    <span className={`${ui.badge} ${TONE[state] ?? ''}`} data-testid="submission-state" data-state={state}>
      {t(`bounty.submission.${state}`)}
    </span>
  );
}

/** "25 USDT / winner", the figure large. */
export function Reward({ bounty, testId }: { bounty: Pick<Bounty, 'perWinner' | 'asset'>; testId?: string }) {
  const { t } = useTranslation();
  return (
    <p className={styles.reward} data-testid={testId}>
      <span className={styles.rewardFigure}>{amountFigure(bounty.perWinner, bounty.asset)}</span>
      <span className={styles.rewardUnit}>{t('bounty.perWinnerUnit', { asset: bounty.asset })}</span>
    </p>
  );
}

/** "2 days left" while open; the review window while reviewing; nothing after. */
export function useDeadlineLabel(bounty: Pick<Bounty, 'deadline' | 'state'>, now = Date.now()): string {
  const { t } = useTranslation();
  if (bounty.state !== 'open') return '';
  const left = timeLeft(bounty.deadline, now);
  return left ? t(`bounty.left.${left.unit}`, { count: left.count }) : t('bounty.left.closing');
}

/** Winners still to be paid, as "3 of 4 left". */
export function winnersLeft(bounty: Pick<Bounty, 'winners' | 'paidCount'>): number {
  return Math.max(0, bounty.winners - bounty.paidCount);
}

/** Whether a link's id has the shape of a bounty id; anything else cannot name one, so nothing is asked. */
export const isBountyId = (id: string) => /^\d{1,15}$/.test(id);
