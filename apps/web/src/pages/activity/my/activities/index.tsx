import { HOSTING_GROUPS, type HostingGroup } from '@polaris/contract';
import { PullToRefresh, Tabs } from 'antd-mobile';
import { CalendarOutline } from 'antd-mobile-icons';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate, useSearchParams } from 'react-router-dom';
import { activityKeys, type Ticket, useTickets, type When } from '@/api/activity.ts';
import { Frame } from '@/app/Frame.tsx';
import { href, PATHS } from '@/app/paths.ts';
import ui from '@/components/activity/activity.module.css';
import { StatusBadge } from '@/components/activity/StatusBadge.tsx';
import { TicketQr } from '@/components/activity/TicketQr.tsx';
import { formatWhen } from '@/components/activity/time.ts';
import { useOfflineTickets } from '@/components/activity/useOfflineTickets.ts';
import { EmptyState } from '@/components/EmptyState.tsx';
import { HostingList } from '@/components/host/hosting/HostingList.tsx';
import { MoreLoader } from '@/components/MoreLoader.tsx';
import { LoadFailed, Loading } from '@/components/QueryState.tsx';
import { Refreshable } from '@/components/Refreshable.tsx';
import { RequireLogin } from '@/components/RequireLogin.tsx';
import { cityLabel } from '@/lib/city-name.ts';
import type { SavedTickets } from '@/lib/offline-store.ts';
import { useSession } from '@/lib/session.ts';
import { useSettings } from '@/lib/settings.ts';
import { assetAmount } from '@/lib/wallet.ts';

type Tab = When | 'hosting';

/**
 * My activities: my tickets, upcoming or past, each with its QR code while it is valid; and what I host, by group
 * (docs/activity-screens-host.md "Hosting"). The tab and the group are kept in the query string
 * (`?when=past`, `?when=hosting&group=drafts`).
 */
export default function MyActivitiesPage() {
  const { t } = useTranslation();
  const [params, setParams] = useSearchParams();
  const whenParam = params.get('when');
  const tab: Tab = whenParam === 'past' || whenParam === 'hosting' ? whenParam : 'upcoming';
  const groupParam = params.get('group') ?? '';
  const group: HostingGroup = (HOSTING_GROUPS as readonly string[]).includes(groupParam)
    ? (groupParam as HostingGroup)
    : 'upcoming';
  return (
    <Frame title={t('tickets.title')} layout="frame">
      <RequireLogin>
        <Tabs
          activeKey={tab}
          onChange={(key) => setParams(key === 'upcoming' ? {} : { when: key }, { replace: true })}
          style={{ background: 'var(--px-surface)' }}
        >
          <Tabs.Tab key="upcoming" title={<span data-testid="tickets-tab-upcoming">{t('tickets.upcoming')}</span>} />
          <Tabs.Tab key="past" title={<span data-testid="tickets-tab-past">{t('tickets.past')}</span>} />
          <Tabs.Tab key="hosting" title={<span data-testid="tickets-tab-hosting">{t('hosting.tab')}</span>} />
        </Tabs>
        <div style={{ padding: 16 }}>
          {tab === 'hosting' ? (
            <HostingList
              group={group}
              onGroup={(next) =>
                setParams(next === 'upcoming' ? { when: 'hosting' } : { when: 'hosting', group: next }, {
                  replace: true,
                })
              }
            />
          ) : (
            <TicketList when={tab} />
          )}
        </div>
      </RequireLogin>
    </Frame>
  );
}

function TicketList({ when }: { when: When }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const tickets = useTickets(when);
  const uid = useSession((state) => state.userInfo?.uid);
  const fresh = useMemo(() => tickets.data?.pages.flatMap((page) => page.items), [tickets.data]);
  const saved = useOfflineTickets(when === 'upcoming' ? uid : undefined, when === 'upcoming' ? fresh : undefined);
  // No network (the query waits, paused) or no answer: the tickets saved the last time the list loaded.
  if (!tickets.data && saved && (tickets.fetchStatus === 'paused' || tickets.isError)) {
    return <SavedTicketList saved={saved} />;
  }
  if (tickets.isPending) return <Loading testId="tickets-loading" />;
  if (tickets.isError) return <LoadFailed onRetry={() => void tickets.refetch()} message={tickets.error.message} />;
  const items = fresh ?? [];
  return (
    <Refreshable pull={PullToRefresh} refresh={[activityKeys.all]}>
      {items.length === 0 ? (
        <EmptyState
          testId="tickets-empty"
          icon={<CalendarOutline />}
          title={t(when === 'past' ? 'tickets.emptyPast' : 'tickets.emptyUpcoming')}
          body={t('tickets.emptyBody')}
          action={
            <button type="button" className={ui.link} onClick={() => navigate(PATHS.activityHome)}>
              {t('tickets.browse')}
            </button>
          }
        />
      ) : (
        <ul className={ui.list} data-testid="tickets-list">
          {items.map((ticket) => (
            <TicketItem key={ticket.id} ticket={ticket} />
          ))}
        </ul>
      )}
      <MoreLoader query={tickets} />
    </Refreshable>
  );
}

function SavedTicketList({ saved }: { saved: SavedTickets }) {
  const { t } = useTranslation();
  const language = useSettings((state) => state.language);
  // What was upcoming when saved and has not ended since, with a code to show at the door.
  const items = saved.items.filter(
    (ticket) => ticket.qr && !ticket.checkedIn && Date.parse(ticket.activity.endsAt) > Date.now(),
  );
  return (
    <>
      <p className={ui.muted} role="status" data-testid="tickets-offline">
        {t('offline.ticketsSaved', { time: formatSavedAt(saved.savedAt, language) })}
      </p>
      {items.length === 0 ? (
        <EmptyState
          testId="tickets-empty"
          icon={<CalendarOutline />}
          title={t('offline.noSavedTickets')}
          body={t('offline.noSavedTicketsBody')}
        />
      ) : (
        <ul className={ui.list} data-testid="tickets-list">
          {items.map((ticket) => (
            <TicketItem key={ticket.id} ticket={ticket} />
          ))}
        </ul>
      )}
    </>
  );
}

function formatSavedAt(iso: string, language: string): string {
  return new Intl.DateTimeFormat(language, { dateStyle: 'medium', timeStyle: 'short' }).format(new Date(iso));
}

function TicketItem({ ticket }: { ticket: Ticket }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const language = useSettings((state) => state.language);
  const { activity } = ticket;
  return (
    <li className={ui.panel} data-testid="ticket-item" data-activity={activity.id} data-status={ticket.status}>
      <div className={ui.sectionHead} style={{ margin: 0 }}>
        <button
          type="button"
          className={ui.link}
          style={{ fontSize: 15, fontWeight: 600, color: 'inherit', textAlign: 'left' }}
          onClick={() => navigate(href(PATHS.activityDetails, { id: activity.id }))}
          data-testid="ticket-title"
        >
          {activity.title}
        </button>
        <StatusBadge status={ticket.status} checkedIn={ticket.checkedIn} />
      </div>
      <p className={ui.meta}>{formatWhen(activity.startsAt, activity.timezone, language)}</p>
      <p className={ui.meta}>
        {[
          cityLabel(activity.city, activity.cityNames) || (activity.online ? t('activity.online') : ''),
          ticket.ticketType.name,
          ticket.asset ? assetAmount(ticket.price, ticket.asset) : t('activity.free'),
        ]
          .filter(Boolean)
          .join(' · ')}
      </p>
      {ticket.status === 'waitlisted' && (
        <p className={ui.meta}>{t('activity.waitlistPosition', { position: ticket.waitlistPosition ?? '-' })}</p>
      )}
      {ticket.note && <p className={ui.meta}>{t(`tickets.note.${ticket.note}`, { defaultValue: '' })}</p>}
      {ticket.qr && !ticket.checkedIn && (
        <>
          <TicketQr payload={ticket.qr} size={180} />
          <p className={ui.muted} style={{ textAlign: 'center', margin: 0 }}>
            {t('tickets.showAtDoor')}
          </p>
        </>
      )}
    </li>
  );
}
