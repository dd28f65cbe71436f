import { AppOutline, TeamOutline, UserOutline } from 'antd-mobile-icons';
import { Suspense } from 'react';
import { useTranslation } from 'react-i18next';
import { Outlet, useLocation } from 'react-router-dom';
import { PageLoading } from './PageState.tsx';
import { PATHS, pathnameOf } from './paths.ts';
import styles from './TabBar.module.css';
import { useJump } from './useJump.ts';

const TABS = [
  { id: 'home', path: PATHS.activityHome, icon: AppOutline },
  { id: 'community', path: PATHS.community, icon: TeamOutline },
  { id: 'me', path: PATHS.me, icon: UserOutline },
] as const;

export function TabBar() {
  const { t } = useTranslation();
  const current = pathnameOf(useLocation().pathname);
  const go = useJump();
  const labels = { home: t('tabs.home'), community: t('tabs.community'), me: t('tabs.me') };
  return (
    <nav className={styles.bar} aria-label={t('tabs.label')}>
      {TABS.map(({ id, path, icon: Icon }) => {
        const active = current === path;
        return (
          <button
            key={id}
            type="button"
            className={`${styles.tab} ${active ? styles.active : ''}`}
            aria-current={active ? 'page' : undefined}
            onClick={() => go(path)}
            data-testid={`tab-${id}`}
          >
            <Icon aria-hidden />
            <span>{labels[id]}</span>
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
