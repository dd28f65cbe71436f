import type { ChatBlockedPerson } from '@polaris/contract';
import { UserOutline } from 'antd-mobile-icons';
import { useTranslation } from 'react-i18next';
import { useBlockChange, useBlocks } from '@/api/chat-guard.ts';
import { Frame } from '@/app/Frame.tsx';
import { showToast } from '@/app/overlays.ts';
import { Button } from '@/components/Button.tsx';
import { displayName } from '@/components/chat/format.ts';
import { RoomAvatar } from '@/components/chat/RoomAvatar.tsx';
import css from '@/components/chat-guard/chat-guard.module.css';
import { EmptyState } from '@/components/EmptyState.tsx';
import { toastUnreported } from '@/components/form-errors.ts';
import { LoadFailed, Loading } from '@/components/QueryState.tsx';
import { RequireLogin } from '@/components/RequireLogin.tsx';
import { formatDateAndTime } from '@/lib/format.ts';
import { useSettings } from '@/lib/settings.ts';

/** /pages/my/blocked/index — the people I blocked in chat, newest first, each with Unblock (docs/chat.md). */
export default function BlockedPeoplePage() {
  const { t } = useTranslation();
  return (
    <Frame title={t('chatGuard.listTitle')}>
      <RequireLogin>
        <Blocked />
      </RequireLogin>
    </Frame>
  );
}

function Blocked() {
  const { t } = useTranslation();
  const query = useBlocks();
  if (query.isPending) return <Loading testId="blocked-loading" />;
  if (query.isError) {
    return (
      <LoadFailed onRetry={() => void query.refetch()} message={t('chatGuard.listFailed')} testId="blocked-failed" />
    );
  }
  if (query.data.length === 0) {
    return (
      <EmptyState
        testId="blocked-empty"
        icon={<UserOutline />}
        title={t('chatGuard.listEmptyTitle')}
        body={t('chatGuard.listEmptyBody')}
      />
    );
  }
  return (
    <ul className={css.list} data-testid="blocked-list" aria-label={t('chatGuard.listTitle')}>
      {query.data.map((person) => (
        <BlockedRow key={person.uid} person={person} />
      ))}
    </ul>
  );
}

function BlockedRow({ person }: { person: ChatBlockedPerson }) {
  const { t } = useTranslation();
  const language = useSettings((state) => state.language);
  const change = useBlockChange();
  const name = displayName(t, person.name, person.uid);
  return (
    <li className={css.person} data-testid="blocked-person" data-uid={person.uid}>
      <RoomAvatar seed={person.uid} person={person.uid} name={name} avatar={person.avatar} size="small" />
      <span className={css.personText}>
        <span className={css.personName}>{name}</span>
        <span className={css.reportMeta}>
          {t('chatGuard.blockedOn', { date: formatDateAndTime(person.blockedAt, language) })}
        </span>
      </span>
      <Button
        size="small"
        aria-label={`${t('chatGuard.unblock')} ${name}`}
        onClick={() =>
          change.mutate(
            { uid: person.uid, block: false },
            {
              onSuccess: () => void showToast(t('chatGuard.unblocked', { name }), 2000),
              onError: (error) => toastUnreported(error),
            },
          )
        }
        data-testid="blocked-unblock"
      >
        {t('chatGuard.unblock')}
      </Button>
    </li>
  );
}
