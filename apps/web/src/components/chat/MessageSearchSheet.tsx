import { CloseOutline } from 'antd-mobile-icons';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { SearchField } from '@/components/SearchField.tsx';
import { Sheet } from '@/components/Sheet.tsx';
import { useDebounced } from '@/lib/useDebounced.ts';
import { MessageSearchResults } from './MessageSearchResults.tsx';
import room from './room.module.css';
import search from './search.module.css';

/** A room's message search, full screen over the room: a hit opens the message in its place in the history below. */
export function MessageSearchSheet({ roomId, open, onClose }: { roomId: string; open: boolean; onClose(): void }) {
  const { t } = useTranslation();
  const [q, setQ] = useState('');
  const query = useDebounced(q, 300);
  return (
    <Sheet
      visible={open}
      onClose={onClose}
      position="right"
      labelledBy="message-search-sheet-title"
      bodyStyle={{ width: '100vw', height: '100%' }}
      testId="message-search-sheet"
    >
      <div className={search.sheet}>
        <h2 className={search.sheetTitle} id="message-search-sheet-title">
          {t('chatSearch.title')}
        </h2>
        <div className={search.sheetBar}>
          <SearchField
            style={{ flex: 1 }}
            placeholder={t('chatSearch.roomPlaceholder')}
            aria-label={t('chatSearch.roomLabel')}
            value={q}
            onChange={setQ}
            autoFocus
            data-testid="message-search-room"
          />
          <button
            type="button"
            className={room.headerButton}
            onClick={onClose}
            aria-label={t('chatSearch.close')}
            data-testid="message-search-close"
          >
            <CloseOutline aria-hidden />
          </button>
        </div>
        <div className={search.sheetBody}>
          <MessageSearchResults q={query} roomId={roomId} onOpen={onClose} />
        </div>
      </div>
    </Sheet>
  );
}
