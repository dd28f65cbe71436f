import { RightOutline } from 'antd-mobile-icons';
import type { ReactNode } from 'react';
import ui from '@/components/ui.module.css';
import styles from './chat-manage.module.css';

/** One tappable row of a settings list: an icon, a label, the current value, a chevron. */
export function LinkRow({
  icon,
  label,
  value,
  color,
  onClick,
  testId,
}: {
  icon: ReactNode;
  label: string;
  value?: ReactNode;
  /** The icon's tile colour, so rows are told apart at a glance (as in Telegram's settings). */
  color?: string;
  onClick(): void;
  testId: string;
}) {
  return (
    <button type="button" className={ui.row} style={{ minHeight: 52 }} onClick={onClick} data-testid={testId}>
      <span className={styles.rowIcon} style={color ? { background: color } : undefined} aria-hidden>
        {icon}
      </span>
      <span className={styles.rowLabel}>{label}</span>
      {value !== undefined && <span className={styles.rowValue}>{value}</span>}
      <RightOutline className={styles.chevron} aria-hidden />
    </button>
  );
}
