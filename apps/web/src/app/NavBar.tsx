import { LeftOutline } from 'antd-mobile-icons';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';
import { canGoBack } from './history.ts';
import styles from './NavBar.module.css';
import { PATHS } from './paths.ts';
import { SecondMenu } from './SecondMenu.tsx';

export interface NavBarProps {
  title: string;
  /** false hides the back button (tab pages); a function replaces the default "one step back". */
  back?: boolean | (() => void);
  menu?: boolean;
  /** Where the back button would be, on pages without one (a tab page's bell). */
  left?: ReactNode;
  right?: ReactNode;
}

/** Nav bar of SPEC §2: 48 px plus the status bar (safe-area inset), back, title, second menu. */
export function NavBar({ title, back = true, menu = true, left, right }: NavBarProps) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const onBack = () => {
    if (typeof back === 'function') back();
    else if (canGoBack()) navigate(-1);
    else navigate(PATHS.activityHome, { replace: true });
  };
  return (
    <header className={styles.bar}>
      <div className={styles.inner}>
        <div>
          {back === false && left}
          {back !== false && (
            <button
              type="button"
              className={styles.icon}
              onClick={onBack}
              aria-label={t('nav.back')}
              data-testid="nav-back"
            >
              <LeftOutline aria-hidden />
            </button>
          )}
        </div>
        <h1 className={styles.title} data-testid="nav-title">
          {title}
        </h1>
        <div>{right ?? (menu && <SecondMenu />)}</div>
      </div>
    </header>
  );
}
