import type { ChatRoom } from '@polaris/contract';
import { useTranslation } from 'react-i18next';
import { useBlockChange } from '@/api/chat-guard.ts';
import { showToast } from '@/app/overlays.ts';
import { Button } from '@/components/Button.tsx';
import { displayName } from '@/components/chat/format.ts';
import { toastUnreported } from '@/components/form-errors.ts';
import css from './chat-guard.module.css';

/** In place of the composer, in a direct room with someone the reader blocked: why, and the way back. */
export function BlockedPeerBar({ room }: { room: ChatRoom }) {
  const { t } = useTranslation();
  const change = useBlockChange();
  const peer = room.peer!;
  const name = displayName(t, peer.name, peer.uid);
  return (
    <div className={css.peerBar} role="status" data-testid="chat-peer-blocked">
      <span>{t('chatGuard.peerBlocked', { name })}</span>
      <Button
        size="small"
        loading={change.isPending}
        onClick={() =>
          change.mutate(
            { uid: peer.uid, block: false },
            {
              onSuccess: () => void showToast(t('chatGuard.unblocked', { name }), 2000),
              onError: (error) => toastUnreported(error),
            },
          )
        }
        data-testid="chat-peer-unblock"
      >
        {t('chatGuard.unblock')}
      </Button>
    </div>
  );
}
