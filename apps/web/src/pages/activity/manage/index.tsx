import type { Activity } from '@polaris/contract';
import { Tabs, Toast } from 'antd-mobile';
import { lazy, Suspense, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router-dom';
import { type Attendee, type AttendeeFilter, useAttendees, useDecide, useOverview } from '@/api/activity-manage.ts';
import { confirm } from '@/app/overlays.ts';
import { DepositPanel } from '@/components/activity/deposit/DepositPanel.tsx';
import { formatWhen } from '@/components/activity/time.ts';
import { Button } from '@/components/Button.tsx';
import styles from '@/components/host/host.module.css';
import { Forbidden, isForbidden, ManageShell } from '@/components/host/ManageShell.tsx';
import { CancelActivity, ManageTools } from '@/components/host/ManageTools.tsx';
import { LoadFailed, Loading } from '@/components/QueryState.tsx';
import { isApiError } from '@/lib/api-error.ts';
import { useSettings } from '@/lib/settings.ts';
import { amountFigure, assetAmount } from '@/lib/wallet.ts';

/** The "Message attendees" form and its list: a chunk of its own. */
const BlastComposer = lazy(() => import('@/components/activity/blast/BlastComposer.tsx'));

const FILTERS: readonly AttendeeFilter[] = ['approved', 'pending', 'waitlisted', 'checkedIn', 'rejected', 'cancelled'];

/** /pages/activity/manage/index?id= — the organizer's overview, attendees and tools. */
export default function ManagePage() {
  const { t } = useTranslation();
  return (
    <ManageShell title={t('manage.title')} isIndex>
      {(activity) => <Manage activity={activity} />}
    </ManageShell>
  );
}

function Manage({ activity }: { activity: Activity }) {
  const { t } = useTranslation();
  const overview = useOverview(activity.id);
  const language = useSettings((state) => state.language);
  const [filter, setFilter] = useState<AttendeeFilter>('approved');
  const [_exporting, _setExporting] = useState(false);
  // `section=attendees` (the hosting list's "Attendees" shortcut) opens the page at its attendee list.
  const [params] = useSearchParams();
  const toAttendees = params.get('section') === 'attendees';
  useEffect(() => {
    if (toAttendees && overview.isSuccess) document.getElementById('manage-attendees-title')?.scrollIntoView();
  }, [toAttendees, overview.isSuccess]);
  if (overview.isPending) return <Loading testId="manage-loading" />;
  if (overview.isError) {
    if (isForbidden(overview.error)) return <Forbidden />;
    return <LoadFailed onRetry={() => void overview.refetch()} message={overview.error.message} />;
  }
  const { counts, escrow, held, released, capacity, seatsTaken, discounts } = overview.data;
  const review = () => {
    setFilter('pending');
    document.getElementById('manage-attendees-title')?.scrollIntoView({ block: 'start' });
  };
  const stat = (key: string, value: number | string, testId: string) => (
    <div className={styles.stat} data-testid={testId} data-value={value}>
      <span className={styles.statValue}>{value}</span>
      <span className={styles.statLabel}>{t(`manage.counts.${key}`)}</span>
    </div>
  );
  return (
    <div className={styles.form} style={{ paddingBottom: 24 }}>
      <section className={styles.section}>
        <h2 className={styles.sectionTitle} data-testid="manage-activity-title">
          {activity.title}
        </h2>
        <p className={styles.hint} data-testid="manage-status">
          {t(`manage.status.${activity.status}`)} · {t(`manage.phase.${activity.phase}`)}
          {capacity !== null ? ` · ${t('manage.seats', { taken: seatsTaken, capacity })}` : ''}
        </p>
        <div className={styles.stats}>
          {stat('registered', counts.approved + counts.pending + counts.waitlisted, 'manage-count-registered')}
          {stat('approved', counts.approved, 'manage-count-approved')}
          {stat('waitlisted', counts.waitlisted, 'manage-count-waitlisted')}
          {stat('checkedIn', counts.checkedIn, 'manage-count-checkedin')}
          {stat('pending', counts.pending, 'manage-count-pending')}
          {stat('cancelled', counts.cancelled, 'manage-count-cancelled')}
        </div>
        <div data-testid="manage-escrow">
          <p className={styles.label}>{t('manage.escrow')}</p>
          {escrow.length === 0 ? (
            <p className={styles.hint}>{t('manage.noMoney')}</p>
          ) : (
            escrow.map((item) => (
              <p key={item.asset} className={styles.hint} data-testid={`manage-escrow-${item.asset}`}>
                {assetAmount(item.amount, item.asset)}
              </p>
            ))
          )}
          {held.map((item) => (
            <p key={item.asset} className={styles.hint} data-testid={`manage-held-${item.asset}`}>
              {t('manage.held', {
                amount: amountFigure(item.amount, item.asset),
                asset: item.asset,
                date: formatWhen(item.releaseAt, activity.timezone, language),
              })}
            </p>
          ))}
          {released.map((item) => (
            <p key={item.asset} className={styles.hint}>
              {t('manage.released', { amount: amountFigure(item.amount, item.asset), asset: item.asset })}
            </p>
          ))}
        </div>
        {discounts.length > 0 && (
          <div data-testid="manage-discounts">
            <p className={styles.label}>{t('promo.discounts')}</p>
            {discounts.map((item) => (
              <p key={`${item.code}-${item.asset}`} className={styles.hint}>
                {t('promo.discountLine', {
                  code: item.code,
                  tickets: item.tickets,
                  asset: item.asset,
                  discount: amountFigure(item.discount, item.asset),
                  paid: amountFigure(item.paid, item.asset),
                })}
              </p>
            ))}
          </div>
        )}
      </section>

      <DepositPanel activity={activity} />

      <ManageTools activity={activity} pending={counts.pending} onReview={review} />

      {activity.status === 'published' && (
        <Suspense fallback={<Loading />}>
          <BlastComposer activity={activity} />
        </Suspense>
      )}

      <section className={styles.section} aria-labelledby="manage-attendees-title">
        <h2 className={styles.sectionTitle} id="manage-attendees-title">
          {t('manage.attendees')}
        </h2>
        <Tabs activeKey={filter} onChange={(key) => setFilter(key as AttendeeFilter)}>
          {FILTERS.map((key) => (
            <Tabs.Tab
              key={key}
              title={<span data-testid={`manage-filter-${key}`}>{t(`manage.filters.${key}`)}</span>}
            />
          ))}
        </Tabs>
        <AttendeeList activityId={activity.id} filter={filter} />
      </section>

      <CancelActivity activity={activity} />
    </div>
  );
}

function AttendeeList({ activityId, filter }: { activityId: string; filter: AttendeeFilter }) {
  const { t } = useTranslation();
  const attendees = useAttendees(activityId, filter);
  if (attendees.isPending) return <Loading />;
  if (attendees.isError)
    return <LoadFailed onRetry={() => void attendees.refetch()} message={attendees.error.message} />;
  if (attendees.data.items.length === 0) {
    return (
      <p className={styles.hint} data-testid="manage-attendees-empty">
        {t('manage.noAttendees')}
      </p>
    );
  }
  return (
    <ul style={{ listStyle: 'none', margin: 0, padding: 0 }} data-testid="manage-attendees">
      {attendees.data.items.map((attendee) => (
        <AttendeeRow key={attendee.registrationId} activityId={activityId} attendee={attendee} />
      ))}
    </ul>
  );
}

function AttendeeRow({ activityId, attendee }: { activityId: string; attendee: Attendee }) {
  const { t } = useTranslation();
  const decide = useDecide(activityId);
  const act = async (approve: boolean) => {
    if (!approve) {
      const ok = await confirm({
        content: t('manage.rejectConfirm', { name: attendee.user.name }),
        confirmText: t('manage.reject'),
        cancelText: t('common.cancel'),
      });
      if (!ok) return;
    }
    decide.mutate(
      { registrationId: attendee.registrationId, approve },
      {
        onError: (error) => {
          if (isApiError(error) && error.unreported) Toast.show({ content: error.message });
        },
      },
    );
  };
  const paid = attendee.asset && attendee.paid !== '0' ? ` · ${attendee.paid} ${attendee.asset}` : '';
  const promo = attendee.promoCode
    ? ` · ${t('promo.attendee', { code: attendee.promoCode, discount: attendee.asset ? assetAmount(attendee.discount, attendee.asset) : attendee.discount })}`
    : '';
  return (
    <li
      className={styles.person}
      data-testid="manage-attendee"
      data-uid={attendee.user.uid}
      data-status={attendee.status}
    >
      <div className={styles.personMain}>
        <div className={styles.personName}>{attendee.user.name || attendee.user.email}</div>
        <div className={styles.personMeta}>
          {attendee.user.email} · {attendee.ticketType}
          {paid}
          {promo}
        </div>
        <div className={styles.personMeta} data-testid="manage-attendee-state">
          {attendee.checkedIn ? t('manage.filters.checkedIn') : t(`manage.filters.${attendee.status}`)}
          {attendee.waitlistPosition !== null ? ` #${attendee.waitlistPosition}` : ''}
        </div>
      </div>
      {attendee.status === 'pending' && (
        <div style={{ display: 'flex', gap: 6 }}>
          <Button
            variant="primary"
            size="small"
            loading={decide.isPending}
            onClick={() => void act(true)}
            data-testid="manage-approve"
          >
            {t('manage.approve')}
          </Button>
          <Button variant="danger" size="small" onClick={() => void act(false)} data-testid="manage-reject">
            {t('manage.reject')}
          </Button>
        </div>
      )}
    </li>
  );
}
