import { CALENDAR_FILTERS } from '@polaris/contract';
import { AddOutline, FilterOutline, LeftOutline, RightOutline, SetOutline } from 'antd-mobile-icons';
import dayjs from 'dayjs';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate, useSearchParams } from 'react-router-dom';
import {
  type CalendarFilter,
  type CalendarItem,
  useCalendarList,
  useCalendarMonth,
  useDeleteCalendarEntry,
} from '@/api/activity.ts';
import { Frame } from '@/app/Frame.tsx';
import { confirm } from '@/app/overlays.ts';
import { href, PATHS } from '@/app/paths.ts';
import ui from '@/components/activity/activity.module.css';
import { itemLabelKey, itemsByDay, selectedDay } from '@/components/activity/calendar-days.ts';
import { activityDay, dayKey, formatClock, formatRange, monthKey, zoneLabel } from '@/components/activity/time.ts';
import { Button } from '@/components/Button.tsx';
import { LoadFailed, Loading } from '@/components/QueryState.tsx';
import { RequireLogin } from '@/components/RequireLogin.tsx';
import { Segmented } from '@/components/Segmented.tsx';
import { formatFullDate, formatMonthDay, formatWeekday } from '@/lib/format.ts';
import { useSettings } from '@/lib/settings.ts';
import styles from './calendar.module.css';

/** My calendar: a month grid and a list of joined and hosted activities and own entries, filtered (sift-calendar). */
export default function CalendarHomePage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  return (
    <Frame
      title={t('calendar.title')}
      right={
        <button
          type="button"
          className={ui.link}
          onClick={() => navigate(PATHS.calendarSetting)}
          aria-label={t('calendar.settings')}
          data-testid="calendar-settings"
          style={{ fontSize: 20, color: 'inherit' }}
        >
          <SetOutline aria-hidden />
        </button>
      }
    >
      <RequireLogin>
        <Calendar />
      </RequireLogin>
    </Frame>
  );
}

function Calendar() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [params, setParams] = useSearchParams();
  const filterParam = params.get('filter') ?? 'all';
  const filter = (
    (CALENDAR_FILTERS as readonly string[]).includes(filterParam) ? filterParam : 'all'
  ) as CalendarFilter;
  const view = params.get('view') === 'list' ? 'list' : 'month';
  const setView = (next: string) => {
    const copy = new URLSearchParams(params);
    if (next === 'list') copy.set('view', 'list');
    else copy.delete('view');
    setParams(copy, { replace: true });
  };
  return (
    <>
      <div className={styles.head}>
        <Segmented
          label={t('calendar.viewLabel')}
          value={view}
          onChange={setView}
          options={[
            { value: 'month', label: <span data-testid="calendar-view-month">{t('calendar.month')}</span> },
            { value: 'list', label: <span data-testid="calendar-view-list">{t('calendar.list')}</span> },
          ]}
        />
        <div style={{ display: 'flex', gap: 8 }}>
          <Button
            size="small"
            onClick={() => navigate(href(PATHS.siftCalendar, { filter, view }))}
            data-testid="calendar-filter"
          >
            <FilterOutline aria-hidden /> {t(`calendar.filter.${filter}`)}
          </Button>
          <Button
            variant="primary"
            size="small"
            onClick={() => navigate(PATHS.calendarCreate)}
            data-testid="calendar-add"
          >
            <AddOutline aria-hidden /> {t('calendar.add')}
          </Button>
        </div>
      </div>
      {view === 'month' ? <MonthView filter={filter} /> : <ListView filter={filter} />}
    </>
  );
}

function MonthView({ filter }: { filter: CalendarFilter }) {
  const { t } = useTranslation();
  const language = useSettings((state) => state.language);
  const [cursor, setCursor] = useState(() => dayjs().startOf('month'));
  // Today at first; none after a change of month, until the user picks one (then selectedDay chooses).
  const [picked, setPicked] = useState<string | null>(() => dayKey(new Date()));
  const month = monthKey(cursor.toDate());
  const items = useCalendarMonth(month, filter);
  const byDay = itemsByDay(items.data?.items ?? []);
  const selected = selectedDay(month, picked, byDay);
  const changeMonth = (next: dayjs.Dayjs) => {
    setCursor(next);
    setPicked(null);
  };
  const lead = (cursor.day() + 6) % 7; // weeks start on Monday
  const days = cursor.daysInMonth();
  const today = dayKey(new Date());
  const weekdays = Array.from({ length: 7 }, (_, index) => dayjs('2024-01-01').add(index, 'day'));
  const dayItems = byDay.get(selected) ?? [];
  return (
    <>
      <div className={styles.head}>
        <button
          type="button"
          className={ui.link}
          onClick={() => changeMonth(cursor.subtract(1, 'month'))}
          aria-label={t('calendar.previous')}
          data-testid="calendar-prev"
        >
          <LeftOutline aria-hidden />
        </button>
        <h2 className={styles.month} data-testid="calendar-month" data-month={month}>
          {t('calendar.monthTitle', {
            year: cursor.year(),
            month: cursor.month() + 1,
            name: cursor.locale(dayjs.locale()).format('MMMM'),
          })}
        </h2>
        <button
          type="button"
          className={ui.link}
          onClick={() => changeMonth(cursor.add(1, 'month'))}
          aria-label={t('calendar.next')}
          data-testid="calendar-next"
        >
          <RightOutline aria-hidden />
        </button>
      </div>
      <div className={styles.grid} data-testid="calendar-grid" style={{ opacity: items.isPlaceholderData ? 0.6 : 1 }}>
        {weekdays.map((day) => (
          <span key={day.day()} className={styles.weekday}>
            {formatWeekday(day.toDate(), language).replace(/^星期/, '')}
          </span>
        ))}
        {Array.from({ length: lead }, (_, index) => (
          // biome-ignore lint/suspicious/noArrayIndexKey: blank cells before the first day have no identity
          <button key={`blank-${index}`} type="button" className={styles.day} disabled aria-hidden />
        ))}
        {Array.from({ length: days }, (_, index) => {
          const date = cursor.date(index + 1).toDate();
          const key = dayKey(date);
          const has = byDay.has(key);
          return (
            <button
              key={key}
              type="button"
              className={`${styles.day} ${key === today ? styles.today : ''} ${key === selected ? styles.selected : ''}`}
              onClick={() => setPicked(key)}
              aria-pressed={key === selected}
              aria-label={`${formatMonthDay(date, language)}${has ? ` · ${t('calendar.hasItems', { count: byDay.get(key)?.length ?? 0 })}` : ''}`}
              data-testid={`calendar-day-${key}`}
              data-has-items={has}
            >
              {index + 1}
              {has && <span className={styles.dot} />}
            </button>
          );
        })}
      </div>
      {items.isError && <LoadFailed onRetry={() => void items.refetch()} message={items.error.message} />}
      <h3 className={styles.dayTitle} data-testid="calendar-selected-day" data-day={selected}>
        {formatMonthDay(new Date(`${selected}T00:00:00`), language)}{' '}
        {formatWeekday(new Date(`${selected}T00:00:00`), language)}
      </h3>
      {items.isPending ? (
        <Loading />
      ) : dayItems.length === 0 ? (
        <p className={ui.center} data-testid="calendar-day-empty">
          {t('calendar.nothingThatDay')}
        </p>
      ) : (
        <div data-testid="calendar-day-items">
          {dayItems.map((item) => (
            <Item key={`${item.kind}-${item.id}`} item={item} />
          ))}
        </div>
      )}
    </>
  );
}

function ListView({ filter }: { filter: CalendarFilter }) {
  const { t } = useTranslation();
  const language = useSettings((state) => state.language);
  const list = useCalendarList(filter);
  if (list.isPending) return <Loading testId="calendar-loading" />;
  if (list.isError) return <LoadFailed onRetry={() => void list.refetch()} message={list.error.message} />;
  if (list.data.items.length === 0) {
    return (
      <p className={ui.center} data-testid="calendar-list-empty">
        {t('calendar.empty')}
      </p>
    );
  }
  const groups: [string, CalendarItem[]][] = [];
  for (const item of list.data.items) {
    const key = activityDay(item.startsAt, item.timezone);
    const last = groups.at(-1);
    if (last && last[0] === key) last[1].push(item);
    else groups.push([key, [item]]);
  }
  return (
    <div data-testid="calendar-list">
      {groups.map(([key, entries]) => {
        const date = new Date(`${key}T00:00:00`);
        return (
          <section key={key}>
            <h3 className={styles.dayTitle}>
              {date.getFullYear() === new Date().getFullYear()
                ? formatMonthDay(date, language)
                : formatFullDate(date, language)}{' '}
              {formatWeekday(date, language)}
            </h3>
            {entries.map((item) => (
              <Item key={`${item.kind}-${item.id}`} item={item} />
            ))}
          </section>
        );
      })}
    </div>
  );
}

function Item({ item }: { item: CalendarItem }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const language = useSettings((state) => state.language);
  const remove = useDeleteCalendarEntry();
  const open = async () => {
    if (item.kind !== 'own') return navigate(href(PATHS.activityDetails, { id: item.id }));
    const ok = await confirm({
      title: item.title,
      content: [item.location, item.note].filter(Boolean).join('\n') || t('calendar.ownEntry'),
      confirmText: t('calendar.delete'),
      cancelText: t('common.cancel'),
    });
    if (ok) remove.mutate(item.id);
  };
  return (
    <button
      type="button"
      className={styles.item}
      data-kind={item.kind}
      onClick={() => void open()}
      data-testid="calendar-item"
      data-id={item.id}
    >
      <span
        style={{ flex: 'none', fontVariantNumeric: 'tabular-nums', fontSize: 13 }}
        data-testid="calendar-item-clock"
      >
        {formatClock(item.startsAt, item.timezone)}
        <br />
        <span className={ui.muted}>{zoneLabel(item.startsAt, item.timezone)}</span>
      </span>
      <span style={{ flex: 1, minWidth: 0 }}>
        <span className={ui.cardTitle} data-testid="calendar-item-title">
          {item.title}
        </span>
        <span className={ui.meta} style={{ display: 'block' }} data-testid="calendar-item-when">
          {formatRange(item.startsAt, item.endsAt, item.timezone, language)}
          {item.location ? ` · ${item.location}` : ''}
        </span>
        <span className={ui.meta} style={{ display: 'block' }} data-testid="calendar-item-label">
          {t(itemLabelKey(item))}
        </span>
      </span>
    </button>
  );
}
