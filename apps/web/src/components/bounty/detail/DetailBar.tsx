import { LinkOutline } from 'antd-mobile-icons';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';
import type { Bounty } from '@/api/bounty.ts';
import { href, PATHS } from '@/app/paths.ts';
import { Button } from '@/components/Button.tsx';
import { useShareLink } from '@/components/share.ts';
import styles from '../bounty.module.css';

/** Share (Web Share, else the link copied) and, for the creator, the way to the review queue. */
export function DetailBar({ bounty }: { bounty: Bounty }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const shareLink = useShareLink();
  const share = () =>
    shareLink({ title: bounty.title, text: bounty.title, url: bounty.shareUrl }, t('bounty.detail.shareLink'));
  return (
    <div className={styles.bar}>
      <Button onClick={() => void share()} data-testid="bounty-share">
        <LinkOutline aria-hidden /> {t('bounty.detail.share')}
      </Button>
      {bounty.can.manage && (
        <Button
          variant="primary"
          onClick={() => navigate(href(PATHS.bountyManage, { id: bounty.id }))}
          data-testid="bounty-manage"
        >
          {bounty.pendingCount > 0
            ? t('bounty.detail.manageCount', { count: bounty.pendingCount })
            : t('bounty.detail.manage')}
        </Button>
      )}
    </div>
  );
}
