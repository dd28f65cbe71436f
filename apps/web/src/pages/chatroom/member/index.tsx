import type { ChatRoom } from '@polaris/contract';
import { SearchOutline } from 'antd-mobile-icons';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { type ChatMember, MEMBERS_LIMIT, useMembers } from '@/api/chat-manage.ts';
import styles from '@/components/chat-manage/chat-manage.module.css';
import { MemberRow } from '@/components/chat-manage/MemberRow.tsx';
import { NotMember, RoomShell } from '@/components/chat-manage/RoomShell.tsx';
import { groupMembers } from '@/components/chat-manage/rules.ts';
import { useMemberSheet } from '@/components/chat-manage/useMemberSheet.tsx';
import { LoadFailed, Loading } from '@/components/QueryState.tsx';
import ui from '@/components/ui.module.css';
import { useSession } from '@/lib/session.ts';
import { useDebounced } from '@/lib/useDebounced.ts';

/** /pages/chatroom/member/index?id= — the room's members by role, searchable; moderators act on them from a sheet. */
export default function ChatMemberPage() {
  const { t } = useTranslation();
  return (
    <RoomShell title={t('chatManage.membersTitle')}>
      {(room) => (room.role === null ? <NotMember room={room} /> : <Members room={room} />)}
    </RoomShell>
  );
}

function Members({ room }: { room: ChatRoom }) {
  const { t } = useTranslation();
  const uid = useSession((state) => state.userInfo?.uid ?? '');
  const [typed, setTyped] = useState('');
  const q = useDebounced(typed.trim(), 300);
  const members = useMembers(room.id, q);
  const sheet = useMemberSheet(room, { uid, role: room.role });
  const items = members.data ?? [];
  const groups = groupMembers(items);
  const section = (key: 'owner' | 'admins' | 'members', list: ChatMember[]) =>
    list.length > 0 && (
      <section key={key} aria-labelledby={`members-${key}`} data-testid={`members-${key}`}>
        <h2 className={ui.groupTitle} id={`members-${key}`}>
          {t(`chatManage.groups.${key}`, { count: list.length })}
        </h2>
        <div className={ui.list}>
          {list.map((member) => (
            <MemberRow
              key={member.uid}
              member={member}
              self={member.uid === uid}
              name={sheet.nameOf(member)}
              onOpen={sheet.actionsFor(member).length > 0 ? () => sheet.open(member) : undefined}
            />
          ))}
        </div>
      </section>
    );
  return (
    <div className={styles.page}>
      <div className={styles.search}>
        <label className={styles.searchBox}>
          <SearchOutline aria-hidden />
          <input
            type="search"
            className={styles.searchInput}
            value={typed}
            onChange={(event) => setTyped(event.target.value)}
            placeholder={t('chatManage.member.search')}
            aria-label={t('chatManage.member.search')}
            maxLength={60}
            enterKeyHint="search"
            data-testid="members-search"
          />
        </label>
      </div>
      {members.isPending ? (
        <Loading testId="members-loading" />
      ) : members.isError && !members.data ? (
        <LoadFailed onRetry={() => void members.refetch()} message={members.error.message} />
      ) : items.length === 0 ? (
        <p className={ui.center} data-testid="members-empty">
          {t('chatManage.member.empty', { q })}
        </p>
      ) : (
        <div className={styles.page} style={{ opacity: members.isPlaceholderData ? 0.6 : 1, paddingBottom: 0 }}>
          {section('owner', groups.owner)}
          {section('admins', groups.admins)}
          {section('members', groups.members)}
          {items.length >= MEMBERS_LIMIT && (
            <p className={styles.note}>{t('chatManage.member.truncated', { count: MEMBERS_LIMIT })}</p>
          )}
        </div>
      )}
    </div>
  );
}
