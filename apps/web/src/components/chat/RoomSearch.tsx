import { SearchOutline } from 'antd-mobile-icons';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router-dom';
import { type ChatRoom, useJoinRoom, useRoomSearch } from '@/api/chat.ts';
import { href, PATHS } from '@/app/paths.ts';
import { Button } from '@/components/Button.tsx';
import { EmptyState } from '@/components/EmptyState.tsx';
import { toastUnreported } from '@/components/form-errors.ts';
import { LoadFailed, Loading } from '@/components/QueryState.tsx';
import css from './chat.module.css';
import { roomTitle } from './format.ts';
import { RoomAvatar } from './RoomAvatar.tsx';

/** Public rooms by name (all of them to browse when `q` is empty), each joined with one tap. */
export function RoomSearch({ q }: { q: string }) {
  const { t } = useTranslation();
  const search = useRoomSearch(q.trim());
  if (search.isPending) return <Loading testId="room-search-loading" />;
  if (search.isError) return <LoadFailed onRetry={() => void search.refetch()} message={search.error.message} />;
  if (search.data.items.length === 0) {
    return (
      <EmptyState
        testId="room-search-empty"
        icon={<SearchOutline />}
        title={q.trim() ? t('chat.noResults', { q: q.trim() }) : t('chat.noPublicRooms')}
        body={t('chat.emptyBody')}
      />
    );
  }
  return (
    <section aria-labelledby="room-search-title">
      <h2 className={css.sectionTitle} id="room-search-title">
        {t('chat.publicRooms')}
      </h2>
      <ul className={css.list} data-testid="room-search-results">
        {search.data.items.map((room) => (
          <li key={room.id}>
            <SearchRow room={room} />
          </li>
        ))}
      </ul>
    </section>
  );
}

function SearchRow({ room }: { room: ChatRoom }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const join = useJoinRoom();
  const joined = room.role !== null;
  const to = href(PATHS.chat, { id: room.id });
  return (
    <div className={css.row} data-testid="room-search-row" data-room={room.id}>
      <Link to={to} className={css.line} style={{ flex: 1, color: 'inherit', textDecoration: 'none', gap: 12 }}>
        <RoomAvatar seed={room.id} name={room.name} avatar={room.avatar} live={room.liveStageId !== null} />
        <div className={css.main}>
          <p className={css.name}>{roomTitle(t, room)}</p>
          <p className={css.preview}>
            {t('chat.members', { count: room.memberCount })}
            {room.description ? ` · ${room.description}` : ''}
          </p>
        </div>
      </Link>
      {joined ? (
        <span className={css.time}>{t('chat.joined')}</span>
      ) : (
        <Button
          variant="primary"
          className={css.joinButton}
          size="small"
          loading={join.isPending}
          // The promise, not mutate's callback: the row may be gone (the search moved on) by the time it answers.
          onClick={() =>
            join.mutateAsync({ roomId: room.id }).then(
              () => navigate(to),
              (error: unknown) => toastUnreported(error),
            )
          }
          data-testid="room-search-join"
        >
          {t('chat.join')}
        </Button>
      )}
    </div>
  );
}
