import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { useUnread } from '@/api/notice-unread.ts';
import { PATHS } from '@/app/paths.ts';
import me from '@/components/me/me.module.css';
import styles from './notices.module.css';

/** The Me tab's row to the inbox, with the unread count. */
export function NoticesRow({ icon }: { icon: ReactNode }) {
  const { t } = useTranslation();
  const total = useUnread().data?.total ?? 0;
  return (
    <div className={me.row}>
      {icon}
      <Link className={me.rowLabel} to={PATHS.notices} data-testid="me-notices">
        {t('notices.entry')}
        {total > 0 && <span className="px-visually-hidden"> · {t('notices.unreadCount', { count: total })}</span>}
      </Link>
      {total > 0 && (
        <span className={styles.rowCount} aria-hidden data-testid="me-notices-count">
          {total > 99 ? '99+' : total}
        </span>
      )}
    </div>
  );
}
