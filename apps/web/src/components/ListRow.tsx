import { RightOutline } from 'antd-mobile-icons';
import type { ReactNode } from 'react';
import { Link } from 'react-router-dom';
import ui from '@/components/ui.module.css';

export interface ListRowProps {
  /** A small icon before the title, in a tinted disc. */
  icon?: ReactNode;
  /** The icon's disc filled with a colour (white glyph), so the rows of a long menu are told apart at a glance. */
  iconColor?: string;
  /** A picture of the row's own (a coin's logo), first and as it is, instead of the icon's disc. */
  media?: ReactNode;
  title: ReactNode;
  /** The title in bold: a row that names a thing of the reader's (an asset) rather than a setting. */
  strong?: boolean;
  /** A second line under the title. */
  detail?: ReactNode;
  /** What the row's setting is now, at the end (a language, "on", a count). */
  value?: ReactNode;
  /** Where the row leads: a path (pushed) … */
  to?: string;
  /** … or what it does. A row with neither is a plain line of information. */
  onClick?: () => void;
  /** The chevron at the end; shown on a row that leads somewhere unless turned off (a row that opens a sheet may). */
  chevron?: boolean;
  /** A destructive row (leave, delete): red, and never with a chevron. */
  tone?: 'danger';
  disabled?: boolean;
  /**
   * What the row holds at its end, as it is (a select, a switch, a button, an amount over its value): no chevron;
   * where it is a control, the title names it.
   */
  control?: ReactNode;
  /** Read instead of the visible words (a count the eye sees as a badge). */
  ariaLabel?: string;
  testId?: string;
}

/**
 * The app's one row of a navigation list (settings, security centre, wallet and manage menus): icon, title, detail,
 * value and chevron, always in this order. Rows sit in a `ListGroup` (or any `ui.list`), divided by a hairline.
 */
export function ListRow({
  icon,
  iconColor,
  media,
  title,
  strong,
  detail,
  value,
  to,
  onClick,
  chevron,
  tone,
  disabled,
  control,
  ariaLabel,
  testId,
}: ListRowProps) {
  const leads = onClick !== undefined || to !== undefined;
  const showChevron = tone !== 'danger' && control === undefined && (chevron ?? leads);
  const body = (
    <>
      {icon && (
        <span
          className={ui.rowIcon}
          style={iconColor ? { background: iconColor, color: '#fff' } : undefined}
          aria-hidden
        >
          {icon}
        </span>
      )}
      {media}
      <span className={ui.rowMain}>
        <span className={strong ? `${ui.rowLabel} ${ui.rowTitle}` : ui.rowLabel}>{title}</span>
        {detail && <span className={ui.rowDetail}>{detail}</span>}
      </span>
      {value !== undefined && value !== null && value !== '' && <span className={ui.rowValue}>{value}</span>}
      {control}
      {showChevron && <RightOutline className={ui.chevron} aria-hidden />}
    </>
  );
  const className = `${ui.row} ${tone === 'danger' ? ui.rowDanger : ''}`;
  // A row that goes somewhere is a link (it opens in a new tab, a reader announces it as one); one that acts, a button.
  if (to !== undefined && onClick === undefined && !disabled) {
    return (
      <Link className={className} to={to} data-testid={testId} aria-label={ariaLabel}>
        {body}
      </Link>
    );
  }
  return onClick ? (
    <button
      type="button"
      className={className}
      onClick={onClick}
      disabled={disabled}
      data-testid={testId}
      aria-label={ariaLabel}
    >
      {body}
    </button>
  ) : (
    <div className={className} data-testid={testId}>
      {body}
    </div>
  );
}

/** A titled group of rows: the section head (`ui.sectionTitle`) and the white rounded list. */
export function ListGroup({
  title,
  id,
  testId,
  children,
}: {
  title?: string;
  /** The heading's id, so the group is the region it names. */
  id?: string;
  testId?: string;
  children: ReactNode;
}) {
  return (
    <section className={ui.section} aria-labelledby={title ? id : undefined} data-testid={testId}>
      {title && (
        <h2 className={ui.groupTitle} id={id}>
          {title}
        </h2>
      )}
      <div className={ui.list}>{children}</div>
    </section>
  );
}
