import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useUnread } from '@/api/notice-unread.ts';
import { PATHS } from '@/app/paths.ts';
import { ListRow } from '@/components/ListRow.tsx';
import styles from './notices.module.css';

/** The Me tab's row to the inbox, with the unread count. */
export function NoticesRow({ icon }: { icon: ReactNode }) {
  const { t } = useTranslation();
  const total = useUnread().data?.total ?? 0;
  return (
    <ListRow
      icon={icon}
      to={PATHS.notices}
      testId="me-notices"
      title={
        <>
          {t('notices.entry')}
          {total > 0 && <span className="px-visually-hidden"> · {t('notices.unreadCount', { count: total })}</span>}
        </>
      }
      value={
        total > 0 ? (
          <span className={styles.rowCount} aria-hidden data-testid="me-notices-count">
            {total > 99 ? '99+' : total}
          </span>
        ) : undefined
      }
    />
  );
}
