import type { ChatReportItem, ChatRoom } from '@polaris/contract';
import { CheckShieldOutline } from 'antd-mobile-icons';
import { useTranslation } from 'react-i18next';
import { type ReportAction, useReportAction, useRoomReports } from '@/api/chat-guard.ts';
import { confirm, showToast } from '@/app/overlays.ts';
import { Button } from '@/components/Button.tsx';
import { displayName } from '@/components/chat/format.ts';
import css from '@/components/chat-guard/chat-guard.module.css';
import styles from '@/components/chat-manage/chat-manage.module.css';
import { RoomShell } from '@/components/chat-manage/RoomShell.tsx';
import { EmptyState } from '@/components/EmptyState.tsx';
import { toastUnreported } from '@/components/form-errors.ts';
import { LoadFailed, Loading } from '@/components/QueryState.tsx';
import { formatDateAndTime } from '@/lib/format.ts';
import { useSettings } from '@/lib/settings.ts';

/**
 * /pages/chatroom/reports/index?id= — a room's open reports, oldest first, for its admins (`can.moderate`): each
 * with the reported message as it is now, and delete, mute, ban or dismiss (docs/chat.md).
 */
export default function ChatReportsPage() {
  const { t } = useTranslation();
  return <RoomShell title={t('chatGuard.queueTitle')}>{(room) => <Reports room={room} />}</RoomShell>;
}

function Reports({ room }: { room: ChatRoom }) {
  const { t } = useTranslation();
  const allowed = room.can.moderate && room.kind !== 'direct';
  const reports = useRoomReports(room.id, allowed);
  if (!allowed) {
    return (
      <EmptyState
        testId="reports-admins-only"
        icon={<CheckShieldOutline />}
        title={t('chatGuard.queueTitle')}
        body={t('chatGuard.queueAdminsOnly')}
      />
    );
  }
  if (reports.isPending) return <Loading testId="reports-loading" />;
  if (reports.isError) return <LoadFailed onRetry={() => void reports.refetch()} message={reports.error.message} />;
  if (reports.data.length === 0) {
    return (
      <EmptyState
        testId="reports-empty"
        icon={<CheckShieldOutline />}
        title={t('chatGuard.queueEmptyTitle')}
        body={t('chatGuard.queueEmptyBody')}
      />
    );
  }
  return (
    <ol className={`${styles.page} ${css.list}`} data-testid="reports-list" aria-label={t('chatGuard.queueTitle')}>
      {reports.data.map((item) => (
        <ReportCard key={item.id} roomId={room.id} item={item} />
      ))}
    </ol>
  );
}

function ReportCard({ roomId, item }: { roomId: string; item: ChatReportItem }) {
  const { t } = useTranslation();
  const language = useSettings((state) => state.language);
  const act = useReportAction(roomId);
  const target = displayName(t, item.target.name, item.target.uid);
  const run = async (action: ReportAction) => {
    if (action === 'ban') {
      const yes = await confirm({
        content: t('chatGuard.banConfirm', { name: target }),
        confirmText: t('chatGuard.actions.ban'),
        cancelText: t('chatGuard.cancel'),
        danger: true,
      });
      if (!yes) return;
    }
    act.mutate(
      { id: item.id, action },
      {
        onSuccess: () => void showToast(t(`chatGuard.done.${action}`), 2000),
        onError: (error) => toastUnreported(error),
      },
    );
  };
  const actions: ReportAction[] = [
    ...(item.message && !item.message.deleted ? (['delete'] as const) : []),
    'mute',
    'ban',
    'dismiss',
  ];
  return (
    <li className={css.report} data-testid="report-item" data-id={item.id}>
      <p className={css.reportHead}>
        <span>{t(`chatGuard.reasons.${item.reason}`)}</span>
        <time className={css.reportMeta} dateTime={item.createdAt}>
          {formatDateAndTime(item.createdAt, language)}
        </time>
      </p>
      <p className={css.reportMeta}>
        {t('chatGuard.about', { name: target })} ·{' '}
        {t('chatGuard.reportedBy', { name: displayName(t, item.reporter.name, item.reporter.uid) })}
      </p>
      {item.message === null ? (
        <p className={css.reportMeta}>{t('chatGuard.aboutPerson')}</p>
      ) : (
        <blockquote className={css.quote} data-testid="report-message">
          {item.message.deleted
            ? t('chatGuard.messageDeleted')
            : item.message.text || (item.message.imageId ? t('chatGuard.imageOnly') : '')}
        </blockquote>
      )}
      {item.note && <p className={css.reportMeta}>{t('chatGuard.note', { note: item.note })}</p>}
      <div className={css.reportActions}>
        {actions.map((action) => (
          <Button
            key={action}
            size="small"
            variant={action === 'ban' || action === 'delete' ? 'danger' : 'secondary'}
            disabled={act.isPending}
            onClick={() => void run(action)}
            data-testid={`report-${action}`}
          >
            {t(`chatGuard.actions.${action}`)}
          </Button>
        ))}
      </div>
    </li>
  );
}
