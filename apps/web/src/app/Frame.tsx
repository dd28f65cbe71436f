import { Button } from 'antd-mobile';
import { GlobalOutline } from 'antd-mobile-icons';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import styles from './Frame.module.css';
import { NavBar, type NavBarProps } from './NavBar.tsx';
import { PATHS } from './paths.ts';
import { useJump } from './useJump.ts';

/**
 * SPEC §2 frame layouts:
 * - normal: nav bar, padded content;
 * - frame: nav bar, full-bleed content the page lays out itself;
 * - custom: no nav bar, the page draws everything below the status bar;
 * - blocked: nav bar and the "not supported in the current region" screen instead of the page.
 */
type FrameLayout = 'normal' | 'frame' | 'custom' | 'blocked';

interface FrameProps extends Partial<NavBarProps> {
  layout?: FrameLayout;
  children?: ReactNode;
}

export function Frame({ layout = 'normal', title = '', children, ...nav }: FrameProps) {
  const { t } = useTranslation();
  if (layout === 'custom') {
    return (
      <div className={styles.frame}>
        <main id="main" className={styles.custom}>
          {children}
        </main>
      </div>
    );
  }
  return (
    <div className={styles.frame}>
      <NavBar title={layout === 'blocked' ? t('region.title') : title} {...nav} />
      <main
        id="main"
        className={layout === 'normal' ? styles.normal : layout === 'frame' ? styles.bleed : styles.blocked}
      >
        {layout === 'blocked' ? <RegionBlocked /> : children}
      </main>
    </div>
  );
}

function RegionBlocked() {
  const { t } = useTranslation();
  const go = useJump();
  return (
    <div className="px-center" data-testid="region-blocked">
      <GlobalOutline className={styles.blockedIcon} aria-hidden />
      <p className={styles.blockedText} role="status">
        {t('contract:region.blocked')}
      </p>
      <Button color="primary" fill="outline" onClick={() => go(PATHS.activityHome)}>
        {t('notFound.home')}
      </Button>
    </div>
  );
}
