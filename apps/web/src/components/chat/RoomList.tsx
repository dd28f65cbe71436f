import { PullToRefresh } from 'antd-mobile';
import { MessageOutline } from 'antd-mobile-icons';
import { type ReactNode, useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { chatKeys, type MyRoom, useMyRooms } from '@/api/chat.ts';
import { href, PATHS } from '@/app/paths.ts';
import { EmptyState } from '@/components/EmptyState.tsx';
import { LoadFailed, Loading } from '@/components/QueryState.tsx';
import { Refreshable } from '@/components/Refreshable.tsx';
import { useSession } from '@/lib/session.ts';
import { useSettings } from '@/lib/settings.ts';
import css from './chat.module.css';
import { listTime, previewText, roomTitle } from './format.ts';
import { RoomAvatar } from './RoomAvatar.tsx';
import { useRoomListLive, useRowsInView } from './useRoomListLive.ts';

export interface RoomListProps {
  /** Which of my rooms this list shows (all, groups, direct, on air). */
  filter?: (entry: MyRoom) => boolean;
  /** Where a row leads; the room itself unless told otherwise. */
  target?: (entry: MyRoom) => string;
  empty: ReactNode;
  testId?: string;
}

/**
 * My rooms, newest activity first, pulled down to refresh and kept current by the socket for the rows in view:
 * avatar, name, last message, time, unread count, and a "live" mark while the room's stage is on air.
 * The community tab and the example message pages show it with their own filter.
 */
export function RoomList({ filter, target, empty, testId = 'room-list' }: RoomListProps) {
  const mine = useMyRooms();
  const items = useMemo(
    () => (mine.data?.items ?? []).filter((entry) => !filter || filter(entry)),
    [mine.data, filter],
  );
  const rows = useRowsInView();
  useRoomListLive(rows.ids);

  if (mine.isPending) return <Loading testId={`${testId}-loading`} />;
  if (mine.isError) return <LoadFailed onRetry={() => void mine.refetch()} message={mine.error.message} />;
  return (
    <Refreshable pull={PullToRefresh} refresh={[chatKeys.mine()]}>
      {items.length === 0 ? (
        empty
      ) : (
        <ul className={css.list} data-testid={testId}>
          {items.map((entry) => (
            <li key={entry.room.id} ref={rows.observe} data-room-id={entry.room.id}>
              <RoomRow entry={entry} to={target?.(entry) ?? href(PATHS.chat, { id: entry.room.id })} />
            </li>
          ))}
        </ul>
      )}
    </Refreshable>
  );
}

function RoomRow({ entry, to }: { entry: MyRoom; to: string }) {
  const { t } = useTranslation();
  const language = useSettings((state) => state.language);
  const selfUid = useSession((state) => state.userInfo?.uid ?? null);
  const selfName = useSession((state) => state.userInfo?.uname || state.userInfo?.openName || null);
  const { room } = entry;
  const title = roomTitle(t, room);
  const live = room.liveStageId !== null;
  return (
    <Link className={css.row} to={to} data-testid="room-row" data-room={room.id}>
      <RoomAvatar
        seed={room.peer?.uid ?? room.id}
        name={title}
        avatar={room.kind === 'direct' ? room.peer?.avatar : room.avatar}
        live={live}
      />
      <div className={css.main}>
        <div className={css.line}>
          <p className={css.name} data-testid="room-name">
            {title}
          </p>
          <time className={css.time} dateTime={entry.lastAt}>
            {listTime(entry.lastAt, new Date(), language, t)}
          </time>
        </div>
        <div className={css.line}>
          {live && (
            <span className={css.liveChip}>
              <span className={css.liveDot} aria-hidden />
              {t('chat.liveNow')}
            </span>
          )}
          <p className={css.preview} data-testid="room-preview">
            {previewText(entry, t, selfUid, selfName)}
          </p>
          {entry.unread > 0 && (
            <span className={css.unread} data-testid="room-unread">
              <span aria-hidden>{entry.unread > 99 ? '99+' : entry.unread}</span>
              <span className="px-visually-hidden">{t('chat.unread', { count: entry.unread })}</span>
            </span>
          )}
        </div>
      </div>
    </Link>
  );
}

/** The empty state of a list of rooms, with what to do about it. */
export function RoomsEmpty({
  title,
  body,
  action,
  testId,
}: {
  title: string;
  body: string;
  action?: ReactNode;
  testId: string;
}) {
  return <EmptyState testId={testId} icon={<MessageOutline />} title={title} body={body} action={action} />;
}
