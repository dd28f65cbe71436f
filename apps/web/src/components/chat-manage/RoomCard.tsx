import type { ChatRoom } from '@polaris/contract';
import { useTranslation } from 'react-i18next';
import styles from './chat-manage.module.css';
import { RoomAvatar } from './RoomAvatar.tsx';
import { useDuration } from './useDuration.ts';

/**
 * The room as its header shows it: picture, name, kind, who may join, member count, slow mode, description. A
 * direct room is the other person: their picture, name and uid.
 */
export function RoomCard({ room }: { room: ChatRoom }) {
  const { t } = useTranslation();
  const duration = useDuration();
  const peer = room.kind === 'direct' ? room.peer : null;
  const name = peer?.name ?? room.name;
  return (
    <section className={styles.hero} data-testid="room-card" aria-labelledby="room-card-name">
      <RoomAvatar name={name} avatar={peer ? peer.avatar : room.avatar} size={80} testId="room-card-avatar" />
      <h2 className={styles.heroName} id="room-card-name" data-testid="room-card-name">
        {name}
      </h2>
      <div className={styles.heroMeta}>
        <span className={styles.tag} data-testid="room-card-kind">
          {t(`chatManage.kind.${room.kind}`)}
        </span>
        {room.closedAt && (
          <span className={`${styles.tag} ${styles.tagMuted}`} data-testid="room-card-closed">
            {t('chatManage.closed')}
          </span>
        )}
        {peer ? (
          <span>{t('chatManage.uid', { uid: peer.uid })}</span>
        ) : (
          <>
            {room.kind === 'community' && (
              <span className={`${styles.tag} ${styles.tagPlain}`} data-testid="room-card-policy">
                {t(`chatManage.policy.${room.joinPolicy}`)}
              </span>
            )}
            <span data-testid="room-card-count">{t('chatManage.memberCount', { count: room.memberCount })}</span>
          </>
        )}
      </div>
      {room.slowModeSeconds > 0 && (
        <p className={styles.hint} data-testid="room-card-slow">
          {t('chatManage.slowModeOn', { value: duration(room.slowModeSeconds) })}
        </p>
      )}
      {!peer && (
        <p className={styles.heroText} data-testid="room-card-description">
          {room.description || <span className={styles.hint}>{t('chatManage.noDescription')}</span>}
        </p>
      )}
    </section>
  );
}
