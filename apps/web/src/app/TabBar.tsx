import { AppOutline, TeamOutline, UserOutline } from 'antd-mobile-icons';
import { Suspense } from 'react';
import { useTranslation } from 'react-i18next';
import { Outlet, useLocation } from 'react-router-dom';
import { useUnread } from '@/api/notice-unread.ts';
import { PageLoading } from './PageState.tsx';
import { PATHS, pathnameOf } from './paths.ts';
import styles from './TabBar.module.css';
import { useJump } from './useJump.ts';

const TABS = [
  { id: 'home', path: PATHS.activityHome, icon: AppOutline },
  { id: 'community', path: PATHS.community, icon: TeamOutline },
  { id: 'me', path: PATHS.me, icon: UserOutline },
] as const;

function TabBar() {
  const { t } = useTranslation();
  const current = pathnameOf(useLocation().pathname);
  const go = useJump();
  const labels = { home: t('tabs.home'), community: t('tabs.community'), me: t('tabs.me') };
  // Unread chat messages on Community, unread notices on Me; kept fresh by the socket (app/live-updates.ts).
  const unread = useUnread().data;
  const counts = { home: 0, community: unread?.chatMessages ?? 0, me: unread?.total ?? 0 };
  return (
    <nav className={styles.bar} aria-label={t('tabs.label')}>
      {TABS.map(({ id, path, icon: Icon }) => {
        const active = current === path;
        const count = counts[id];
        return (
          <button
            key={id}
            type="button"
            className={`${styles.tab} ${active ? styles.active : ''}`}
            aria-current={active ? 'page' : undefined}
            onClick={() => go(path)}
            data-testid={`tab-${id}`}
          >
            <span className={styles.icon}>
              <Icon aria-hidden />
              {count > 0 && (
                <span className={styles.badge} aria-hidden data-testid={`tab-${id}-badge`}>
                  {count > 99 ? '99+' : count}
                </span>
              )}
            </span>
            <span>{labels[id]}</span>
            {count > 0 && <span className="px-visually-hidden">{t('notices.unreadCount', { count })}</span>}
          </button>
        );
      })}
    </nav>
  );
}

/** Tab pages: the page, then the tab bar pinned under it. */
export function TabLayout() {
  return (
    <>
      <Suspense fallback={<PageLoading />}>
        <Outlet />
      </Suspense>
      <TabBar />
    </>
  );
}
