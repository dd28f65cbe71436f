import type { ChatRoom } from '@polaris/contract';
import { SoundOutline } from 'antd-mobile-icons';
import { useTranslation } from 'react-i18next';
import { type Announcement, useAnnouncements, useMembers } from '@/api/chat-manage.ts';
import { AnnouncementComposer } from '@/components/chat-manage/AnnouncementComposer.tsx';
import styles from '@/components/chat-manage/chat-manage.module.css';
import { RoomShell } from '@/components/chat-manage/RoomShell.tsx';
import { EmptyState } from '@/components/EmptyState.tsx';
import { LoadFailed, Loading } from '@/components/QueryState.tsx';
import ui from '@/components/ui.module.css';
import { formatDateAndTime } from '@/lib/format.ts';
import { useSettings } from '@/lib/settings.ts';

/** /pages/chatroom/announcement/index?id= — the pinned announcement, the earlier ones newest first, and a new one. */
export default function ChatAnnouncementPage() {
  const { t } = useTranslation();
  return <RoomShell title={t('chatManage.announcementTitle')}>{(room) => <Announcements room={room} />}</RoomShell>;
}

function Announcements({ room }: { room: ChatRoom }) {
  const { t } = useTranslation();
  const member = room.role !== null;
  // History is for members only; a visitor of a public room still sees what is pinned (the room carries it).
  const history = useAnnouncements(room.id, member);
  const byline = useByline(room, member);
  const items = history.data ?? [];
  const [latest, ...earlier] = items[0]?.text === room.announcement ? items : [];
  return (
    <div className={styles.page}>
      {room.announcement ? (
        <article className={`${styles.announcement} ${styles.pinned}`} data-testid="announce-pinned">
          <span className={styles.tag}>{t('chatManage.announce.pinned')}</span>
          <p className={styles.announcementText} data-testid="announce-pinned-text">
            {room.announcement}
          </p>
          {latest && <p className={styles.announcementMeta}>{byline(latest)}</p>}
        </article>
      ) : (
        <EmptyState
          testId="announce-none"
          icon={<SoundOutline />}
          title={t('chatManage.announce.noneTitle')}
          body={t('chatManage.announce.noneBody')}
        />
      )}
      {room.can.moderate && <AnnouncementComposer room={room} />}
      {member && history.isPending && <Loading testId="announce-loading" />}
      {member && history.isError && (
        <LoadFailed onRetry={() => void history.refetch()} message={history.error.message} />
      )}
      {(latest ? earlier : items).length > 0 && (
        <section aria-labelledby="announce-history-title">
          <h2 className={ui.groupTitle} id="announce-history-title">
            {t('chatManage.announce.history')}
          </h2>
          <ol className={styles.history} data-testid="announce-history">
            {(latest ? earlier : items).map((item) => (
              <li
                key={`${item.createdAt}-${item.authorUid}`}
                className={styles.announcement}
                data-testid="announce-item"
              >
                <p className={styles.announcementText} style={{ marginTop: 0 }}>
                  {item.text}
                </p>
                <p className={styles.announcementMeta}>{byline(item)}</p>
              </li>
            ))}
          </ol>
        </section>
      )}
    </div>
  );
}

/**
 * "Ada · Mar 1, 2026 12:00": the server names the author by uid only, so the name comes from the member list
 * (one request, cached for the members page too); someone who has left is shown by uid.
 */
function useByline(room: ChatRoom, member: boolean) {
  const { t } = useTranslation();
  const language = useSettings((state) => state.language);
  const members = useMembers(room.id, '', member);
  return (item: Announcement) => {
    const name =
      members.data?.find((entry) => entry.uid === item.authorUid)?.name ||
      t('chatManage.unnamed', { uid: item.authorUid });
    return t('chatManage.announce.by', { name, time: formatDateAndTime(item.createdAt, language) });
  };
}
