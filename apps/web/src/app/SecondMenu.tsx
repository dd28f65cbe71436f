import { AddCircleOutline, AppOutline, CalendarOutline, MoreOutline, PieOutline } from 'antd-mobile-icons';
import { type ReactNode, useEffect, useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useIsMaster } from '@/api/master.ts';
import navStyles from './NavBar.module.css';
import { PATHS } from './paths.ts';
import styles from './SecondMenu.module.css';
import { useCreateActivity } from './useCreateActivity.ts';
import { useJump } from './useJump.ts';

interface Item {
  id: string;
  icon: ReactNode;
  label: string;
  run: () => void;
}

/** The nav bar's second menu (SPEC §2); the distribution shortcut is for master users only. */
export function SecondMenu() {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  const go = useJump();
  const createActivity = useCreateActivity();
  const isMaster = useIsMaster();
  const menuId = useId();
  const firstItem = useRef<HTMLButtonElement>(null);

  useEffect(() => {
    if (!open) return;
    firstItem.current?.focus();
    const onKey = (event: KeyboardEvent) => {
      if (event.key === 'Escape') setOpen(false);
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [open]);

  const items: Item[] = [
    { id: 'home', icon: <AppOutline />, label: t('nav.home'), run: () => go(PATHS.activityHome) },
    { id: 'calendar', icon: <CalendarOutline />, label: t('nav.calendar'), run: () => go(PATHS.myCalendar) },
    ...(isMaster
      ? [{ id: 'distribution', icon: <PieOutline />, label: t('nav.distribution'), run: () => go(PATHS.distribution) }]
      : []),
    { id: 'create', icon: <AddCircleOutline />, label: t('nav.create'), run: createActivity },
  ];

  return (
    <div className={styles.wrap}>
      <button
        type="button"
        className={navStyles.icon}
        aria-label={t('nav.menu')}
        aria-haspopup="menu"
        aria-expanded={open}
        aria-controls={open ? menuId : undefined}
        onClick={() => setOpen((value) => !value)}
        data-testid="nav-menu"
      >
        <MoreOutline aria-hidden />
      </button>
      {open && (
        <>
          <button type="button" className={styles.backdrop} aria-hidden tabIndex={-1} onClick={() => setOpen(false)} />
          <div className={styles.menu} id={menuId} role="menu" aria-label={t('nav.menu')}>
            {items.map((item, index) => (
              <button
                key={item.id}
                ref={index === 0 ? firstItem : undefined}
                type="button"
                role="menuitem"
                className={styles.item}
                data-testid={`nav-menu-${item.id}`}
                onClick={() => {
                  setOpen(false);
                  item.run();
                }}
              >
                <span aria-hidden>{item.icon}</span>
                {item.label}
              </button>
            ))}
          </div>
        </>
      )}
    </div>
  );
}
