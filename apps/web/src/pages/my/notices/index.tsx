import { NOTICE_CATEGORIES, type Notice, type NoticeCategory } from '@polaris/contract';
import { PullToRefresh } from 'antd-mobile';
import { BellOutline, SetOutline } from 'antd-mobile-icons';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';
import { inboxItems, noticeKeys, useMarkRead, useNotices, useUnread } from '@/api/notice.ts';
import { Frame } from '@/app/Frame.tsx';
import { PATHS } from '@/app/paths.ts';
import { Button } from '@/components/Button.tsx';
import { EmptyState } from '@/components/EmptyState.tsx';
import { MoreLoader } from '@/components/MoreLoader.tsx';
import styles from '@/components/notices/notices.module.css';
import { LoadFailed, Loading } from '@/components/QueryState.tsx';
import { Refreshable } from '@/components/Refreshable.tsx';
import { RequireLogin } from '@/components/RequireLogin.tsx';
import ui from '@/components/ui.module.css';
import { useSettings } from '@/lib/settings.ts';

/**
 * The inbox (docs/notifications.md "Screens"): newest first, by category, an unread dot on what was not opened; a tap
 * opens the notice's page and marks it read. New notices arrive through the socket (app/live-updates.ts).
 */
export default function NoticesPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  return (
    <Frame
      title={t('notices.title')}
      right={
        <button
          type="button"
          className={styles.navButton}
          onClick={() => navigate(PATHS.noticeSettings)}
          aria-label={t('notices.openSettings')}
          data-testid="notices-settings"
        >
          <SetOutline aria-hidden />
        </button>
      }
    >
      <RequireLogin>
        <Inbox />
      </RequireLogin>
    </Frame>
  );
}

function Inbox() {
  const { t } = useTranslation();
  const [category, setCategory] = useState<NoticeCategory | null>(null);
  const unread = useUnread().data;
  const markRead = useMarkRead();
  const unreadHere = category ? (unread?.byCategory[category] ?? 0) : (unread?.total ?? 0);
  return (
    <>
      <div className={styles.toolbar}>
        <fieldset className={styles.chips} aria-label={t('notices.filter')}>
          {[null, ...NOTICE_CATEGORIES].map((value) => {
            const count = value ? (unread?.byCategory[value] ?? 0) : 0;
            return (
              <button
                key={value ?? 'all'}
                type="button"
                className={ui.chip}
                aria-pressed={category === value}
                onClick={() => setCategory(value)}
                data-testid={`notices-filter-${value ?? 'all'}`}
              >
                {value ? t(`contract:notice.categories.${value}`) : t('notices.all')}
                {count > 0 && <span className={styles.chipCount}>{count > 99 ? '99+' : count}</span>}
              </button>
            );
          })}
        </fieldset>
        <Button
          variant="text"
          size="small"
          disabled={unreadHere === 0 || markRead.isPending}
          onClick={() => markRead.mutate(category ? { all: true, category } : { all: true })}
          data-testid="notices-mark-all"
        >
          {t('notices.markAll')}
        </Button>
      </div>
      <Refreshable pull={PullToRefresh} refresh={[noticeKeys.all]}>
        <NoticeList category={category} />
      </Refreshable>
    </>
  );
}

function NoticeList({ category }: { category: NoticeCategory | null }) {
  const { t } = useTranslation();
  const query = useNotices(category);
  if (query.isPending) return <Loading testId="notices-loading" />;
  if (query.isError) return <LoadFailed onRetry={() => void query.refetch()} testId="notices-failed" />;
  const items = inboxItems(query.data.pages);
  if (items.length === 0) {
    return (
      <EmptyState
        icon={<BellOutline />}
        title={category ? t('notices.emptyCategory') : t('notices.empty')}
        body={t('notices.emptyBody')}
        testId="notices-empty"
      />
    );
  }
  return (
    <>
      <ul className={styles.list} data-testid="notices-list">
        {items.map((notice) => (
          <NoticeRow key={notice.id} notice={notice} />
        ))}
      </ul>
      <MoreLoader query={query} end={t('notices.end')} endTestId="notices-end" />
    </>
  );
}

function NoticeRow({ notice }: { notice: Notice }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const markRead = useMarkRead();
  const language = useSettings((state) => state.language);
  const when = new Date(notice.createdAt).toLocaleString(language, {
    month: 'short',
    day: 'numeric',
    hour: '2-digit',
    minute: '2-digit',
  });
  return (
    <li>
      <button
        type="button"
        className={styles.row}
        onClick={() => {
          if (!notice.read) markRead.mutate({ ids: [notice.id] });
          if (notice.link) navigate(notice.link);
        }}
        data-testid="notice-row"
        data-id={notice.id}
        data-read={notice.read}
      >
        <span className={notice.read ? styles.dotRead : styles.dot} aria-hidden />
        <span className={styles.rowMain}>
          <span className={styles.rowHead}>
            <strong className={styles.rowTitle}>{notice.title}</strong>
            <time className={styles.rowTime} dateTime={notice.createdAt}>
              {when}
            </time>
          </span>
          {notice.body && <span className={styles.rowBody}>{notice.body}</span>}
          <span className={styles.rowCategory}>
            {t(`contract:notice.categories.${notice.category}`)}
            {!notice.read && <span className="px-visually-hidden"> · {t('notices.unread')}</span>}
          </span>
        </span>
      </button>
    </li>
  );
}
