import { RightOutline } from 'antd-mobile-icons';
import type { ReactNode } from 'react';
import { useNavigate } from 'react-router-dom';
import ui from '@/components/ui.module.css';

/** One line of the security centre: what it is, its state, and where it leads (a page or a sheet), if anywhere. */
export function SecurityRow({
  title,
  sub,
  state,
  to,
  onClick,
  testId,
}: {
  title: string;
  sub?: string;
  state: ReactNode;
  to?: string;
  onClick?: () => void;
  testId: string;
}) {
  const navigate = useNavigate();
  const body = (
    <>
      <span className={ui.rowMain}>
        <span className={ui.rowTitle} style={{ display: 'block' }}>
          {title}
        </span>
        {sub && (
          <span className={ui.rowSub} style={{ display: 'block' }}>
            {sub}
          </span>
        )}
      </span>
      <span className={`${ui.rowEnd} ${ui.rowSub}`}>{state}</span>
      {(to || onClick) && <RightOutline aria-hidden />}
    </>
  );
  return to || onClick ? (
    <button type="button" className={ui.row} onClick={onClick ?? (() => navigate(to!))} data-testid={testId}>
      {body}
    </button>
  ) : (
    <div className={ui.row} data-testid={testId}>
      {body}
    </div>
  );
}
