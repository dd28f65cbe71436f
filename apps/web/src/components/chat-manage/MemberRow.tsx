import { MoreOutline } from 'antd-mobile-icons';
import { useTranslation } from 'react-i18next';
import type { ChatMember } from '@/api/chat-manage.ts';
import ui from '@/components/ui.module.css';
import { formatMonthDay, formatTime } from '@/lib/format.ts';
import { useSettings } from '@/lib/settings.ts';
import styles from './chat-manage.module.css';
import { RoomAvatar } from './RoomAvatar.tsx';
import { isMuted } from './rules.ts';

/** When a mute ends: the time alone today, with the date otherwise. */
function useUntil() {
  const language = useSettings((state) => state.language);
  return (iso: string) => {
    const at = new Date(iso);
    const today = at.toDateString() === new Date().toDateString();
    return today ? formatTime(at) : `${formatMonthDay(at, language)} ${formatTime(at)}`;
  };
}

/** A member: picture, name (and "You"), uid, a mute with its end; tappable when the viewer has actions on them. */
export function MemberRow({
  member,
  self,
  name,
  onOpen,
}: {
  member: ChatMember;
  self: boolean;
  name: string;
  /** Absent when the viewer has no action on this member. */
  onOpen?: () => void;
}) {
  const { t } = useTranslation();
  const until = useUntil();
  const muted = isMuted(member, new Date());
  const body = (
    <>
      <RoomAvatar name={name} avatar={member.avatar} person={member.uid} size={40} testId="member-avatar" />
      <span className={ui.rowMain}>
        <span className={`${ui.rowTitle} ${styles.memberName}`} style={{ fontWeight: 500 }}>
          <span data-testid="member-name">{name}</span>
          {self && <span className={`${styles.tag} ${styles.tagPlain}`}>{t('chatManage.you')}</span>}
        </span>
        <span className={ui.rowSub} style={{ display: 'block' }}>
          {t('chatManage.uid', { uid: member.uid })}
        </span>
        {muted && member.mutedUntil && (
          <span className={`${styles.tag} ${styles.tagMuted}`} style={{ marginTop: 4 }} data-testid="member-muted">
            {t('chatManage.member.mutedUntil', { time: until(member.mutedUntil) })}
          </span>
        )}
      </span>
    </>
  );
  const common = { 'data-testid': 'member-row', 'data-uid': member.uid, 'data-role': member.role };
  if (!onOpen) {
    return (
      <div className={ui.row} {...common}>
        {body}
      </div>
    );
  }
  return (
    <button type="button" className={ui.row} onClick={onOpen} aria-haspopup="dialog" {...common}>
      {body}
      <MoreOutline className={styles.chevron} style={{ fontSize: 20 }} aria-hidden />
    </button>
  );
}
