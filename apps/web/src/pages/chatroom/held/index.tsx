import type { ChatHeldMessage, ChatRoom } from '@polaris/contract';
import { ClockCircleOutline } from 'antd-mobile-icons';
import { useTranslation } from 'react-i18next';
import { type HeldAction, useHeldAction, useHeldQueue } from '@/api/chat-guard.ts';
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
 * /pages/chatroom/held/index?id= — a room's messages held for approval (a first-time poster's link), oldest first,
 * for its admins (`can.moderate`): approve posts it to the room now, reject leaves it with its author only
 * (docs/chat.md "Held links").
 */
export default function ChatHeldPage() {
  const { t } = useTranslation();
  return <RoomShell title={t('chatGuard.held.title')}>{(room) => <Held room={room} />}</RoomShell>;
}

function Held({ room }: { room: ChatRoom }) {
  const { t } = useTranslation();
  const allowed = room.can.moderate && room.kind !== 'direct';
  const held = useHeldQueue(room.id, allowed);
  if (!allowed) {
    return (
      <EmptyState
        testId="held-admins-only"
        icon={<ClockCircleOutline />}
        title={t('chatGuard.held.title')}
        body={t('chatGuard.held.adminsOnly')}
      />
    );
  }
  if (held.isPending) return <Loading testId="held-loading" />;
  if (held.isError) return <LoadFailed onRetry={() => void held.refetch()} message={held.error.message} />;
  if (held.data.length === 0) {
    return (
      <EmptyState
        testId="held-empty"
        icon={<ClockCircleOutline />}
        title={t('chatGuard.held.emptyTitle')}
        body={t('chatGuard.held.emptyBody')}
      />
    );
  }
  return (
    <div className={styles.page}>
      <p className={css.reportMeta} data-testid="held-count" role="status">
        {t('chatGuard.held.count', { count: held.data.length })}
      </p>
      <ol className={css.list} data-testid="held-list" aria-label={t('chatGuard.held.title')}>
        {held.data.map((item) => (
          <HeldCard key={item.id} roomId={room.id} item={item} />
        ))}
      </ol>
    </div>
  );
}

function HeldCard({ roomId, item }: { roomId: string; item: ChatHeldMessage }) {
  const { t } = useTranslation();
  const language = useSettings((state) => state.language);
  const act = useHeldAction(roomId);
  const run = async (action: HeldAction) => {
    if (action === 'reject') {
      const yes = await confirm({
        content: t('chatGuard.held.rejectConfirm'),
        confirmText: t('chatGuard.held.reject'),
        cancelText: t('chatGuard.cancel'),
        danger: true,
      });
      if (!yes) return;
    }
    act.mutate(
      { id: item.id, action },
      {
        onSuccess: () => void showToast(t(`chatGuard.held.${action === 'approve' ? 'approved' : 'rejected'}`), 2000),
        onError: (error) => toastUnreported(error),
      },
    );
  };
  return (
    <li className={css.report} data-testid="held-item" data-id={item.id}>
      <p className={css.reportHead}>
        <span>{t('chatGuard.held.from', { name: displayName(t, item.author.name, item.author.uid) })}</span>
        <time className={css.reportMeta} dateTime={item.createdAt}>
          {formatDateAndTime(item.createdAt, language)}
        </time>
      </p>
      <blockquote className={css.quote} data-testid="held-message">
        {item.text || (item.imageId ? t('chatGuard.imageOnly') : '')}
      </blockquote>
      <div className={css.reportActions}>
        <Button
          size="small"
          variant="primary"
          disabled={act.isPending}
          onClick={() => void run('approve')}
          data-testid="held-approve"
        >
          {t('chatGuard.held.approve')}
        </Button>
        <Button
          size="small"
          variant="danger"
          disabled={act.isPending}
          onClick={() => void run('reject')}
          data-testid="held-reject"
        >
          {t('chatGuard.held.reject')}
        </Button>
      </div>
    </li>
  );
}
