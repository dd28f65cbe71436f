import { type ChatRoom, TOAST_DURATION_MS } from '@polaris/contract';
import { Toast } from 'antd-mobile';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';
import { useLeaveRoom } from '@/api/chat-manage.ts';
import { PATHS } from '@/app/paths.ts';
import { Button } from '@/components/Button.tsx';
import { toastUnreported } from '@/components/form-errors.ts';
import styles from './chat-manage.module.css';
import { leaveNote } from './rules.ts';
import { useOverlays } from './useOverlays.tsx';

/**
 * Leaving, confirmed first, offered only when the room's `can.leave` says the server would let it through; where a
 * member may not (the owner, an activity room) the page says why instead.
 */
export function LeaveRoom({ room }: { room: ChatRoom }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const leave = useLeaveRoom(room.id);
  const overlays = useOverlays();
  if (!room.can.leave) {
    const note = leaveNote(room);
    if (!note) return null;
    return (
      <p className={styles.note} data-testid="room-leave-why">
        {note === 'owner' ? t('chatManage.leave.owner') : t('chatManage.leave.activity')}
      </p>
    );
  }
  const confirm = async () => {
    const ok = await overlays.confirm({
      title: t('chatManage.leave.title', { name: room.name }),
      content: room.joinPolicy === 'invite' ? t('chatManage.leave.bodyInvite') : t('chatManage.leave.body'),
      confirmText: t('chatManage.leave.confirm'),
      danger: true,
    });
    if (!ok) return;
    leave.mutate(undefined, {
      onSuccess: () => {
        Toast.show({ content: t('chatManage.leave.done'), duration: TOAST_DURATION_MS });
        navigate(PATHS.community, { replace: true });
      },
      // A refusal (the room changed since it was loaded) is a 409, which the request layer leaves to the caller.
      onError: (error) => toastUnreported(error),
    });
  };
  return (
    <section>
      <Button variant="danger" block loading={leave.isPending} onClick={() => void confirm()} data-testid="room-leave">
        {t('chatManage.leave.action')}
      </Button>
    </section>
  );
}
