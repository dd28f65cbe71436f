import type { Activity, Registration } from '@polaris/contract';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';
import { href, PATHS } from '@/app/paths.ts';
import ui from '@/components/activity/activity.module.css';
import { MyDeposit } from '@/components/activity/deposit/DepositNotice.tsx';
import { StatusBadge } from '@/components/activity/StatusBadge.tsx';
import { TicketQr } from '@/components/activity/TicketQr.tsx';
import { formatWhen } from '@/components/activity/time.ts';
import { Button } from '@/components/Button.tsx';
import { useSettings } from '@/lib/settings.ts';
import { assetAmount } from '@/lib/wallet.ts';
import styles from './details.module.css';
import { TicketNft } from './TicketNft.tsx';
import { liveRegistration } from './useSignUpFlow.ts';
import { WalletButtons } from './WalletButtons.tsx';

/**
 * My ticket while it holds or awaits a place: type and price, status, waitlist position, the refund right, the QR
 * until it is used, self check-in. A registration that is over shows its status and note in one line.
 */
export function MyRegistration({ activity }: { activity: Activity }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const mine = activity.myRegistration;
  const live = liveRegistration(activity);
  return (
    <>
      {live && (
        <section className={ui.panel} style={{ marginTop: 12 }} data-testid="my-registration">
          <div className={ui.sectionHead} style={{ margin: '0 0 8px' }}>
            <h2 className={ui.sectionTitle}>{t('activity.myTicket')}</h2>
            <StatusBadge status={live.status} checkedIn={live.checkedIn} />
          </div>
          <p className={ui.muted} style={{ margin: 0 }}>
            {live.ticketType.name} · {live.asset ? assetAmount(live.price, live.asset) : t('activity.free')}
          </p>
          {live.status === 'waitlisted' && (
            <p className={styles.notice} data-testid="details-waitlist-position">
              {t('activity.waitlistPosition', { position: live.waitlistPosition ?? '-' })}
            </p>
          )}
          {live.status === 'pending' && <p className={styles.notice}>{t('activity.pendingNotice')}</p>}
          <RefundRight activity={activity} registration={live} />
          <MyDeposit activityId={activity.id} timezone={activity.timezone} />
          {live.qr && !live.checkedIn && <TicketQr payload={live.qr} />}
          {live.status === 'approved' && live.qr && activity.phase !== 'ended' && (
            <WalletButtons activityId={activity.id} />
          )}
          {live.status === 'approved' && !live.checkedIn && activity.phase !== 'ended' && (
            <Button
              block
              onClick={() => navigate(href(PATHS.selfCheckin, { id: activity.id }))}
              data-testid="details-self-checkin"
            >
              {t('activity.selfCheckin')}
            </Button>
          )}
          {live.status === 'approved' && <TicketNft activityId={activity.id} />}
        </section>
      )}
      {mine && !live && mine.status !== 'cancelled' && (
        <p className={styles.notice} data-testid="details-ended-registration">
          <StatusBadge status={mine.status} checkedIn={mine.checkedIn} />{' '}
          {mine.note ? t(`tickets.note.${mine.note}`, { defaultValue: '' }) : ''}
        </p>
      )}
    </>
  );
}

/**
 * The full-refund right an organizer's change of the start or the venue gave a paid place, while it lasts:
 * "The organizer changed the time — you can cancel for a full refund until …".
 */
function RefundRight({ activity, registration }: { activity: Activity; registration: Registration }) {
  const { t } = useTranslation();
  const language = useSettings((state) => state.language);
  const { fullRefundUntil: until, fullRefundReason: reason } = registration;
  if (!until || !reason || !registration.asset || !activity.can.cancelRegistration) return null;
  if (Date.now() >= new Date(until).getTime()) return null;
  const params = {
    until: formatWhen(until, activity.timezone, language),
  };
  const text = {
    timeChanged: t('activity.refundRightTime', params),
    venueChanged: t('activity.refundRightVenue', params),
    timeAndVenueChanged: t('activity.refundRightTimeAndVenue', params),
  }[reason];
  return (
    <p className={styles.notice} data-testid="details-refund-right">
      {text}
    </p>
  );
}
