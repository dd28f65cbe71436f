import type { ChatRoom } from '@polaris/contract';
import { Switch } from 'antd-mobile';
import { useTranslation } from 'react-i18next';
import type { ChatSettings } from '@/api/chat-manage.ts';
import styles from './chat-manage.module.css';

/** "Only admins post polls": saved when flipped, like slow mode (docs/chat.md "Polls"). */
export function PollsByAdminsField({
  room,
  save,
  busy,
}: {
  room: ChatRoom;
  save(settings: ChatSettings): void;
  busy: boolean;
}) {
  const { t } = useTranslation();
  return (
    <div className={styles.field}>
      <div style={{ display: 'flex', alignItems: 'center', justifyContent: 'space-between', gap: 12 }}>
        <span id="room-polls-label" className={styles.label}>
          {t('chatPoll.settings.adminsOnly')}
        </span>
        <Switch
          checked={room.pollsByAdmins}
          loading={busy}
          onChange={(value) => save({ pollsByAdmins: value })}
          aria-labelledby="room-polls-label"
          aria-describedby="room-polls-hint"
          data-testid="room-polls-by-admins"
        />
      </div>
      <p className={styles.hint} id="room-polls-hint">
        {t('chatPoll.settings.adminsOnlyHint')}
      </p>
    </div>
  );
}
