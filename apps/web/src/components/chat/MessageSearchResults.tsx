import type { ChatSearchHit } from '@polaris/contract';
import { SearchOutline } from 'antd-mobile-icons';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { useMessageSearch } from '@/api/chat-search.ts';
import { href, PATHS } from '@/app/paths.ts';
import { EmptyState } from '@/components/EmptyState.tsx';
import { MoreLoader } from '@/components/MoreLoader.tsx';
import { LoadFailed, Loading } from '@/components/QueryState.tsx';
import { isApiError } from '@/lib/api-error.ts';
import { useSettings } from '@/lib/settings.ts';
import css from './chat.module.css';
import { displayName, listTime, roomTitle } from './format.ts';
import { RoomAvatar } from './RoomAvatar.tsx';
import search from './search.module.css';
import { snippetParts } from './search-snippet.ts';

/**
 * Messages holding `q`, newest first, a page at a time: in one room (`roomId`) or in all of mine. Each hit shows its
 * room, sender, time and the text around the hit with the hit marked, and opens the message in its place in the
 * room's history.
 */
export function MessageSearchResults({ q, roomId, onOpen }: { q: string; roomId?: string; onOpen?(): void }) {
  const { t } = useTranslation();
  const query = q.trim();
  const found = useMessageSearch(query, roomId);
  if (query === '') return <p className={search.hint}>{t('chatSearch.hint')}</p>;
  if (found.isPending) return <Loading testId="message-search-loading" />;
  if (found.isError && !found.data) {
    if (isApiError(found.error, 'invalid')) {
      return (
        <p className={search.hint} role="alert" data-testid="message-search-short">
          {t('chatSearch.tooShort')}
        </p>
      );
    }
    return <LoadFailed onRetry={() => void found.refetch()} message={found.error.message} />;
  }
  const hits = found.data?.pages.flatMap((page) => page.items) ?? [];
  if (hits.length === 0) {
    return (
      <EmptyState
        testId="message-search-empty"
        icon={<SearchOutline />}
        title={t('chatSearch.empty', { q: query })}
        body={t('chatSearch.emptyBody')}
      />
    );
  }
  return (
    <section aria-labelledby="message-search-title">
      <h2 className={css.sectionTitle} id="message-search-title">
        {t('chatSearch.results')}
      </h2>
      <ul className={css.list} data-testid="message-search-results">
        {hits.map((hit) => (
          <li key={`${hit.room.id}:${hit.message.seq}`}>
            <HitRow hit={hit} showRoom={roomId === undefined} onOpen={onOpen} />
          </li>
        ))}
      </ul>
      <MoreLoader query={found} end={t('chatSearch.end')} endTestId="message-search-end" />
    </section>
  );
}

function HitRow({ hit, showRoom, onOpen }: { hit: ChatSearchHit; showRoom: boolean; onOpen?(): void }) {
  const { t } = useTranslation();
  const language = useSettings((state) => state.language);
  const { message, room } = hit;
  const roomName = roomTitle(t, room);
  const sender = displayName(t, message.senderName, message.senderUid);
  const time = listTime(message.createdAt, new Date(), language, t);
  return (
    <Link
      to={href(PATHS.chat, { id: room.id, seq: message.seq })}
      className={css.row}
      onClick={onOpen}
      data-testid="message-search-hit"
      data-room={room.id}
      data-seq={message.seq}
      aria-label={t('chatSearch.hit', { sender, room: roomName, time, text: message.text })}
    >
      <RoomAvatar
        seed={room.peer?.uid ?? room.id}
        name={showRoom ? roomName : sender}
        avatar={room.kind === 'direct' ? room.peer?.avatar : null}
      />
      <div className={css.main} aria-hidden>
        <div className={css.line}>
          <p className={css.name}>{showRoom ? roomName : sender}</p>
          <span className={css.time}>{time}</span>
        </div>
        <p className={search.snippet}>
          {showRoom && <span className={search.sender}>{sender}: </span>}
          {snippetParts(message.text, hit.highlights).map((part, index) =>
            part.mark ? (
              // biome-ignore lint/suspicious/noArrayIndexKey: the parts of one text, in order, never reordered
              <mark key={index} className={search.mark}>
                {part.text}
              </mark>
            ) : (
              // biome-ignore lint/suspicious/noArrayIndexKey: as above
              <span key={index}>{part.text}</span>
            ),
          )}
        </p>
      </div>
    </Link>
  );
}
