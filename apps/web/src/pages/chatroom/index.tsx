import { AddOutline } from 'antd-mobile-icons';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate, useSearchParams } from 'react-router-dom';
import { Frame } from '@/app/Frame.tsx';
import { href, PATHS } from '@/app/paths.ts';
import { Button } from '@/components/Button.tsx';
import { CreateRoomSheet } from '@/components/chat/CreateRoomSheet.tsx';
import css from '@/components/chat/chat.module.css';
import { InviteCard } from '@/components/chat/InviteCard.tsx';
import { MessageSearchResults } from '@/components/chat/MessageSearchResults.tsx';
import { RoomList, RoomsEmpty } from '@/components/chat/RoomList.tsx';
import { RoomSearch } from '@/components/chat/RoomSearch.tsx';
import searchCss from '@/components/chat/search.module.css';
import { useSocketErrors } from '@/components/chat/useChatSocket.ts';
import { RequireLogin } from '@/components/RequireLogin.tsx';
import { SearchField } from '@/components/SearchField.tsx';
import { Segmented } from '@/components/Segmented.tsx';
import { useDebounced } from '@/lib/useDebounced.ts';

/**
 * Community (tab 1): my rooms, newest first and live; search and join public rooms; create a room; an invite
 * link (`?invite=<token>`) lands here and asks to join.
 */
export default function CommunityPage() {
  const { t } = useTranslation();
  return (
    <Frame title={t('community.title')} back={false} layout="frame">
      <RequireLogin>
        <Community />
      </RequireLogin>
    </Frame>
  );
}

function Community() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [params, setParams] = useSearchParams();
  const invite = params.get('invite')?.trim() ?? '';
  const [q, setQ] = useState('');
  const [browsing, setBrowsing] = useState(false);
  const [creating, setCreating] = useState(false);
  // What the search box looks for: public rooms by name, or messages in all my rooms (docs/chat.md "Search").
  const [mode, setMode] = useState<'rooms' | 'messages'>('rooms');
  const query = useDebounced(q, 300);
  const searching = browsing || q.trim() !== '';
  useSocketErrors();

  return (
    <>
      <div className={css.toolbar}>
        <SearchField
          className={css.search}
          placeholder={mode === 'messages' ? t('chatSearch.allPlaceholder') : t('chat.searchPlaceholder')}
          aria-label={mode === 'messages' ? t('chatSearch.allLabel') : t('chat.searchLabel')}
          value={q}
          onChange={setQ}
          onFocus={() => setBrowsing(true)}
          onCancel={() => {
            setQ('');
            setBrowsing(false);
            setMode('rooms');
          }}
          showCancelButton={() => searching}
          cancelText={t('common.cancel')}
          data-testid="room-search"
        />
        {!searching && (
          <Button
            variant="primary"
            className={css.newRoom}
            size="small"
            onClick={() => setCreating(true)}
            data-testid="room-new"
          >
            <AddOutline aria-hidden /> {t('chat.newRoom')}
          </Button>
        )}
      </div>
      {invite && <InviteCard token={invite} onDismiss={() => setParams({}, { replace: true })} />}
      {searching && (
        <div className={searchCss.modes}>
          <Segmented<'rooms' | 'messages'>
            label={t('chatSearch.modeLabel')}
            value={mode}
            options={[
              { value: 'rooms', label: t('chatSearch.rooms') },
              { value: 'messages', label: t('chatSearch.messages') },
            ]}
            onChange={setMode}
            testId="community-search-mode"
          />
        </div>
      )}
      {searching && mode === 'messages' ? (
        <MessageSearchResults q={query} />
      ) : searching ? (
        <RoomSearch q={query} />
      ) : (
        <RoomList
          empty={
            <RoomsEmpty
              testId="community-empty"
              title={t('chat.emptyTitle')}
              body={t('chat.emptyBody')}
              action={<Button onClick={() => setBrowsing(true)}>{t('chat.browse')}</Button>}
            />
          }
        />
      )}
      <CreateRoomSheet
        open={creating}
        onClose={() => setCreating(false)}
        onCreated={(id) => {
          setCreating(false);
          navigate(href(PATHS.chat, { id }));
        }}
      />
    </>
  );
}
