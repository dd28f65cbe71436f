import { TOAST_DURATION_MS } from '@polaris/contract';
import { Switch, Toast } from 'antd-mobile';
import { useTranslation } from 'react-i18next';
import { useRoomMute, useRoomMuted } from '@/api/notice.ts';
import { toastUnreported } from '@/components/form-errors.ts';
import styles from './notices.module.css';

/** A chat room's "Mute notifications" switch, on its info page, for members (docs/notifications.md "Screens"). */
export function RoomMute({ roomId }: { roomId: string }) {
  const { t } = useTranslation();
  const muted = useRoomMuted(roomId).data?.muted ?? false;
  const mute = useRoomMute(roomId);
  return (
    <section className={styles.mute} aria-labelledby="room-mute-label">
      <div className={styles.switchRow}>
        <span id="room-mute-label" className={styles.muteLabel}>
          {t('notices.mute.label')}
        </span>
        <Switch
          checked={muted}
          loading={mute.isPending}
          onChange={(value) =>
            mute.mutate(value, {
              onSuccess: (answer) =>
                Toast.show({
                  content: t(answer.muted ? 'notices.mute.muted' : 'notices.mute.unmuted'),
                  duration: TOAST_DURATION_MS,
                }),
              onError: (error) => toastUnreported(error),
            })
          }
          aria-labelledby="room-mute-label"
          aria-describedby="room-mute-hint"
          data-testid="room-mute"
        />
      </div>
      <p className={styles.hint} id="room-mute-hint" style={{ margin: '4px 0 0' }}>
        {t('notices.mute.hint')}
      </p>
    </section>
  );
}
