import { useTranslation } from 'react-i18next';
import { useClosePoll } from '@/api/chat-polls.ts';
import { useOverlays } from '@/components/chat-manage/useOverlays.tsx';
import { toastUnreported } from '@/components/form-errors.ts';
import css from './PollCard.module.css';

/** "Close poll", confirmed: for its author and the room's admins. */
export function PollClose({ roomId, pollId }: { roomId: string; pollId: string }) {
  const { t } = useTranslation();
  const overlays = useOverlays();
  const close = useClosePoll(roomId);
  const confirm = async () => {
    const ok = await overlays.confirm({
      title: t('chatPoll.card.close'),
      content: t('chatPoll.card.closeConfirm'),
      confirmText: t('chatPoll.card.close'),
      danger: true,
    });
    if (ok) close.mutate(pollId, { onError: (error) => toastUnreported(error) });
  };
  return (
    <button
      type="button"
      className={css.link}
      disabled={close.isPending}
      onClick={() => void confirm()}
      data-testid="poll-close"
    >
      {t('chatPoll.card.close')}
    </button>
  );
}
