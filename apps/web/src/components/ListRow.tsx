import { RightOutline } from 'antd-mobile-icons';
import type { ReactNode } from 'react';
import { Link } from 'react-router-dom';
import styles from './ListRow.module.css';

interface RowBase {
  icon?: ReactNode;
  label: ReactNode;
  /** What the row is set to, or a count, at its end before the chevron. */
  value?: ReactNode;
  testId?: string;
  /** Read instead of the visible words (a count the eye sees as a badge). */
  ariaLabel?: string;
}

type RowProps = RowBase &
  (
    | { to: string; onClick?: undefined; control?: undefined }
    | { onClick: () => void; to?: undefined; control?: undefined }
    /** A row that holds its own control (a select): no chevron, the label names the control. */
    | { control: ReactNode; to?: undefined; onClick?: undefined }
  );

/**
 * One list-row style: icon, label, value, chevron; the whole row is the link or button. Rows sit in a `ListGroup`,
 * which draws the card and the lines between them. (Issue 23 item 11: no underlined blue links in lists.)
 */
export function ListRow({ icon, label, value, testId, ariaLabel, ...action }: RowProps) {
  const inner = (
    <>
      {icon && (
        <span className={styles.icon} aria-hidden>
          {icon}
        </span>
      )}
      <span className={action.control ? styles.controlLabel : styles.label}>{label}</span>
      {value !== undefined && value !== null && <span className={styles.value}>{value}</span>}
      {action.control ?? <RightOutline className={styles.chevron} aria-hidden />}
    </>
  );
  if (action.to !== undefined) {
    return (
      <Link className={styles.row} to={action.to} data-testid={testId} aria-label={ariaLabel}>
        {inner}
      </Link>
    );
  }
  if (action.onClick) {
    return (
      <button type="button" className={styles.row} onClick={action.onClick} data-testid={testId} aria-label={ariaLabel}>
        {inner}
      </button>
    );
  }
  return (
    <div className={styles.row} data-testid={testId}>
      {inner}
    </div>
  );
}

/** A titled card of rows. */
export function ListGroup({ id, title, children }: { id: string; title?: string; children: ReactNode }) {
  return (
    <section className={styles.group} aria-labelledby={title ? id : undefined}>
      {title && (
        <h2 className={styles.title} id={id}>
          {title}
        </h2>
      )}
      <div className={styles.list}>{children}</div>
    </section>
  );
}
