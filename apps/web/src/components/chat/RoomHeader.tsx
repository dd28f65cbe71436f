import type { ChatRoom } from '@polaris/contract';
import { LeftOutline, MoreOutline, SearchOutline } from 'antd-mobile-icons';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router-dom';
import { canGoBack } from '@/app/history.ts';
import { href, PATHS } from '@/app/paths.ts';
import { roomTitle } from './format.ts';
import { RoomAvatar } from './RoomAvatar.tsx';
import css from './room.module.css';

/**
 * The room's bar: back, its avatar and name with the member count (or who is typing) under it, and its
 * settings. A direct conversation has no member count or settings of its own.
 */
export function RoomHeader({
  room,
  typing,
  onSearch,
}: {
  room: ChatRoom | undefined;
  typing: string | null;
  /** Opens the room's message search (members only: they read its history). */
  onSearch?(): void;
}) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const back = () => (canGoBack() ? navigate(-1) : navigate(PATHS.community, { replace: true }));
  const title = room ? roomTitle(t, room) : '';
  const subtitle = !room
    ? ''
    : typing
      ? typing
      : room.kind === 'direct'
        ? t('chat.room.direct')
        : t('chat.members', { count: room.memberCount });
  return (
    <header className={css.header}>
      <div className={css.headerInner}>
        <button
          type="button"
          className={css.headerButton}
          onClick={back}
          aria-label={t('nav.back')}
          data-testid="nav-back"
        >
          <LeftOutline aria-hidden />
        </button>
        <div className={css.headerTitle}>
          {room && (
            <RoomAvatar
              seed={room.peer?.uid ?? room.id}
              name={title}
              avatar={room.kind === 'direct' ? room.peer?.avatar : room.avatar}
              size="small"
            />
          )}
          <div className={css.titleText}>
            <h1 className={css.title} data-testid="nav-title">
              {title}
            </h1>
            {subtitle && (
              <span
                className={`${css.subtitle} ${typing ? css.typing : ''}`}
                data-testid="room-subtitle"
                aria-live="polite"
              >
                {subtitle}
              </span>
            )}
          </div>
        </div>
        <div className={css.headerActions}>
          {room && room.role !== null && onSearch && (
            <button
              type="button"
              className={css.headerButton}
              onClick={onSearch}
              aria-label={t('chatSearch.open')}
              data-testid="room-search-messages"
            >
              <SearchOutline aria-hidden />
            </button>
          )}
          {room && room.role !== null && room.kind !== 'direct' && (
            <Link
              className={css.headerButton}
              to={href(PATHS.chatSetting, { id: room.id })}
              aria-label={t('chat.room.settings')}
              data-testid="room-settings"
            >
              <MoreOutline aria-hidden />
            </Link>
          )}
        </div>
      </div>
    </header>
  );
}
