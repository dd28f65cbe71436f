import { type Activity, refundsInFull, TOAST_DURATION_MS } from '@polaris/contract';
import { Toast } from 'antd-mobile';
import { LinkOutline } from 'antd-mobile-icons';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';
import { useCancelSignUp } from '@/api/activity.ts';
import { confirm } from '@/app/overlays.ts';
import { href, PATHS } from '@/app/paths.ts';
import ui from '@/components/activity/activity.module.css';
import { Button } from '@/components/Button.tsx';
import { toastUnreported } from '@/components/form-errors.ts';
import { useShareLink } from '@/components/share.ts';
import { amountFigure } from '@/lib/wallet.ts';
import styles from './details.module.css';
import { TransferTicket } from './TransferTicket.tsx';
import { liveRegistration, type SignUpFlow } from './useSignUpFlow.ts';

/** The actions under the details: for hosts share and manage; for others share, give the ticket away, cancel, or sign up. */
export function DetailsBar({ activity, flow }: { activity: Activity; flow: SignUpFlow }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const live = liveRegistration(activity);
  const cancel = useCancelSignUp();

  /** The documented rule for this registration, asked before it goes (docs/activity-screens-guest.md "Cancel"). */
  const askCancel = async () => {
    if (!live) return;
    const paid = live.price !== '0' && live.asset !== null && Number(live.price) > 0;
    const early = refundsInFull(activity.startsAt, live.fullRefundUntil);
    const rule = !paid
      ? t('activity.cancelFree')
      : live.status === 'pending'
        ? t('activity.cancelPending', { amount: amountFigure(live.price, live.asset ?? ''), asset: live.asset })
        : early
          ? t('activity.cancelRefund', { amount: amountFigure(live.price, live.asset ?? ''), asset: live.asset })
          : t('activity.cancelNoRefund', { amount: amountFigure(live.price, live.asset ?? ''), asset: live.asset });
    const ok = await confirm({
      title: t('activity.cancelTitle'),
      content: (
        <div data-testid="cancel-rule">
          <p style={{ margin: 0 }}>{rule}</p>
          <p className={ui.muted}>{t('activity.refundRule')}</p>
        </div>
      ),
      confirmText: t('activity.cancelConfirm'),
      cancelText: t('activity.keep'),
    });
    if (!ok) return;
    cancel.mutate(activity.id, {
      onSuccess: () => Toast.show({ content: t('activity.cancelled'), duration: TOAST_DURATION_MS }),
      onError: (error) => toastUnreported(error),
    });
  };

  const shareLink = useShareLink();
  /** The device's share sheet with the marketing title and text; elsewhere, or when sharing fails, a copy. */
  const share = () => {
    const title = activity.marketing.shareTitle ?? activity.title;
    const text = activity.marketing.shareText ?? title;
    return shareLink({ title, text, url: activity.shareUrl }, t('activity.shareLink'));
  };

  const manage = (
    <Button
      variant="primary"
      onClick={() => navigate(href(PATHS.manageActivity, { id: activity.id }))}
      data-testid="details-manage"
    >
      {t('activity.manage')}
    </Button>
  );
  const shareButton = (
    <Button onClick={() => void share()} data-testid="details-share">
      <LinkOutline aria-hidden /> {t('activity.share')}
    </Button>
  );

  // The organizer and co-hosts run this activity: their actions, never a sign-up of their own.
  if (activity.can.manage) {
    return (
      <div className={styles.bar} data-testid="details-host-actions">
        {activity.status === 'published' && shareButton}
        {live && activity.can.cancelRegistration && (
          <Button
            variant="danger"
            loading={cancel.isPending}
            onClick={() => void askCancel()}
            data-testid="details-cancel"
          >
            {t('activity.cancelRegistration')}
          </Button>
        )}
        {manage}
      </div>
    );
  }

  return (
    <div className={styles.bar}>
      {shareButton}
      {activity.can.transferTicket && <TransferTicket activityId={activity.id} />}
      {live ? (
        activity.can.cancelRegistration ? (
          <Button
            variant="danger"
            loading={cancel.isPending}
            onClick={() => void askCancel()}
            data-testid="details-cancel"
          >
            {t('activity.cancelRegistration')}
          </Button>
        ) : (
          <Button disabled>{t(`tickets.status.${live.checkedIn ? 'checkedIn' : live.status}`)}</Button>
        )
      ) : (
        <Button
          variant="primary"
          disabled={flow.loggedIn && (!activity.can.signUp || !flow.ticket)}
          onClick={flow.start}
          data-testid="details-signup"
        >
          {!flow.loggedIn
            ? t('activity.loginToJoin')
            : activity.can.signUp
              ? flow.outcome === 'waitlisted'
                ? t('activity.joinWaitlist')
                : flow.outcome === 'pending'
                  ? t('activity.requestToJoin')
                  : t('activity.signUp')
              : t('activity.closed')}
        </Button>
      )}
    </div>
  );
}
