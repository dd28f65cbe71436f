import type { ChatMessage } from '@polaris/contract';
import { CheckCircleFill, StarFill } from 'antd-mobile-icons';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';
import { useBounty } from '@/api/bounty.ts';
import { href, PATHS } from '@/app/paths.ts';
import { processedBounties } from '@/lib/processed-memory.ts';
import { amountFigure } from '@/lib/wallet.ts';
import styles from './BountyBubble.module.css';

/**
 * A bounty posted in a chat room (`kind: 'bounty'`, `ref` its id, `text` its title): title and reward, and
 * "Submitted" once I have submitted, from the room's 24 h memory (SPEC §3) or from the bounty itself. Tapping
 * opens the bounty's detail, where the submission is made.
 */
export function BountyBubble({ message }: { message: ChatMessage }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const id = message.ref ?? '';
  const bounty = useBounty(id).data;
  const submitted = processedBounties.has(message.roomId, id) || !!bounty?.mySubmission;
  const closed = bounty !== undefined && bounty.state !== 'open';
  return (
    <button
      type="button"
      className={`${styles.card} ${submitted || closed ? styles.dim : ''}`}
      onClick={() => navigate(href(PATHS.bountyDetail, { id }))}
      data-testid="chat-bounty"
      data-id={id}
      data-submitted={submitted}
    >
      <span className={styles.head}>
        <span className={styles.icon} aria-hidden>
          <StarFill />
        </span>
        <span className={styles.title}>{message.text || t('bounty.bubble.untitled')}</span>
      </span>
      <span className={styles.reward}>
        {bounty
          ? t('bounty.bubble.reward', { amount: amountFigure(bounty.perWinner, bounty.asset), asset: bounty.asset })
          : '…'}
      </span>
      <span className={styles.foot}>
        <span>{t('bounty.bubble.label')}</span>
        {submitted ? (
          <span className={styles.done} data-testid="chat-bounty-submitted">
            <CheckCircleFill aria-hidden /> {t('bounty.bubble.submitted')}
          </span>
        ) : closed ? (
          <span>{t(`bounty.state.${bounty.state}`)}</span>
        ) : (
          <span className={styles.cta}>{t('bounty.bubble.open')}</span>
        )}
      </span>
    </button>
  );
}
