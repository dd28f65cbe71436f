import { BellOutline } from 'antd-mobile-icons';
import { useTranslation } from 'react-i18next';
import { useUnread } from '@/api/notice-unread.ts';
import navStyles from '@/app/NavBar.module.css';
import { PATHS } from '@/app/paths.ts';
import { useJump } from '@/app/useJump.ts';
import styles from './notices.module.css';

/** The Me tab's bell: opens the inbox; a red count while anything is unread. */
export function NoticeBell() {
  const { t } = useTranslation();
  const go = useJump();
  const total = useUnread().data?.total ?? 0;
  return (
    <button
      type="button"
      className={`${navStyles.icon} ${styles.bell}`}
      onClick={() => go(PATHS.notices)}
      aria-label={total > 0 ? t('notices.bellUnread', { count: total }) : t('notices.bell')}
      data-testid="notice-bell"
    >
      <BellOutline aria-hidden />
      {total > 0 && (
        <span className={styles.bellCount} aria-hidden data-testid="notice-bell-count">
          {total > 99 ? '99+' : total}
        </span>
      )}
    </button>
  );
}
