import { CALENDAR_FILTERS } from '@polaris/contract';
import { CheckOutline } from 'antd-mobile-icons';
import { useTranslation } from 'react-i18next';
import { useNavigate, useSearchParams } from 'react-router-dom';
import { Frame } from '@/app/Frame.tsx';
import { href, PATHS } from '@/app/paths.ts';
import ui from '@/components/ui.module.css';

/** Calendar filters: everything, joined, hosted, or own entries; returns to the calendar with the choice. */
export default function SiftCalendarPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const current = params.get('filter') ?? 'all';
  const view = params.get('view') === 'list' ? 'list' : undefined;
  return (
    <Frame title={t('calendar.filterTitle')}>
      <div className={ui.list} data-testid="sift-list">
        {CALENDAR_FILTERS.map((filter) => (
          <button
            key={filter}
            type="button"
            className={ui.row}
            aria-pressed={current === filter}
            onClick={() => navigate(href(PATHS.myCalendar, { filter, view }), { replace: true })}
            data-testid={`sift-${filter}`}
          >
            <span className={ui.rowMain}>
              <span className={ui.rowTitle}>{t(`calendar.filter.${filter}`)}</span>
              <span className={ui.rowSub} style={{ display: 'block' }}>
                {t(`calendar.filterHint.${filter}`)}
              </span>
            </span>
            {current === filter && <CheckOutline style={{ color: 'var(--adm-color-primary)' }} aria-hidden />}
          </button>
        ))}
      </div>
    </Frame>
  );
}
