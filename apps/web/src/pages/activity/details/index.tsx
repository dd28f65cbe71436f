import { type Activity, type Registration, refundsInFull, TOAST_DURATION_MS } from '@polaris/contract';
import { Button, Dialog, Popup, Tag, Toast } from 'antd-mobile';
import {
  ClockCircleOutline,
  EnvironmentOutline,
  GlobalOutline,
  LinkOutline,
  TeamOutline,
  UserOutline,
} from 'antd-mobile-icons';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useSearchParams } from 'react-router-dom';
import { useActivity, useCancelSignUp, useSignUp } from '@/api/activity.ts';
import { isNotFound } from '@/api/request.ts';
import { Frame } from '@/app/Frame.tsx';
import { href, PATHS } from '@/app/paths.ts';
import { ActivityNotFound, isActivityId } from '@/components/activity/ActivityNotFound.tsx';
import ui from '@/components/activity/activity.module.css';
import { TransferTicket } from '@/components/activity/details/TransferTicket.tsx';
import { StatusBadge } from '@/components/activity/StatusBadge.tsx';
import { TicketQr } from '@/components/activity/TicketQr.tsx';
import { formatRange, formatWhen, zoneLabel } from '@/components/activity/time.ts';
import { toastUnreported } from '@/components/form-errors.ts';
import { LoadFailed, Loading } from '@/components/QueryState.tsx';
import { copyWithToast } from '@/components/RecordItem.tsx';
import { TextField } from '@/components/TextField.tsx';
import { TradePasswordPrompt } from '@/components/TradePasswordPrompt.tsx';
import { offerToSetTradePassword, tradeErrorOf } from '@/components/trade-errors.ts';
import { useSession } from '@/lib/session.ts';
import { useSettings } from '@/lib/settings.ts';
import { newIdempotencyKey } from '@/lib/wallet.ts';
import styles from './details.module.css';

type TicketType = Activity['ticketTypes'][number];

const toast = (content: string) => Toast.show({ content, duration: TOAST_DURATION_MS });

/**
 * The full-refund right an organizer's change of the start or the venue gave a paid place, while it lasts:
 * "The organizer changed the time — you can cancel for a full refund until …".
 */
function RefundRight({ activity, registration }: { activity: Activity; registration: Registration }) {
  const { t } = useTranslation();
  const language = useSettings((state) => state.language);
  const { fullRefundUntil: until, fullRefundReason: reason } = registration;
  if (!until || !reason || !registration.asset || !activity.abilities.cancelRegistration) return null;
  if (Date.now() >= new Date(until).getTime()) return null;
  const params = {
    until: `${formatWhen(until, activity.timezone, language)} (${zoneLabel(until, activity.timezone)})`,
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

/** Activity details (`?id=` the activity's public code; `code=` is accepted too), sign-up, cancel, share. */
export default function ActivityDetailsPage() {
  const { t } = useTranslation();
  const [params] = useSearchParams();
  const id = params.get('id') ?? params.get('code') ?? '';
  const invite = params.get('invite') ?? undefined;
  const valid = isActivityId(id);
  const activity = useActivity(valid ? id : '', invite);
  return (
    <Frame title={t('activity.details')}>
      {!valid || isNotFound(activity.error, 'id') ? (
        <ActivityNotFound />
      ) : activity.isPending ? (
        <Loading testId="details-loading" />
      ) : activity.isError ? (
        <LoadFailed onRetry={() => void activity.refetch()} message={activity.error.message} testId="details-error" />
      ) : (
        <Details activity={activity.data} invite={invite} />
      )}
    </Frame>
  );
}

function priceText(type: Pick<TicketType, 'free' | 'price' | 'asset'>, t: (key: string) => string) {
  return type.free ? t('activity.free') : `${type.price} ${type.asset ?? ''}`.trim();
}

function Details({ activity, invite }: { activity: Activity; invite?: string }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const language = useSettings((state) => state.language);
  const loggedIn = useSession((state) => state.loginStatus);
  const mine = activity.myRegistration;
  const live = mine && ['pending', 'approved', 'waitlisted'].includes(mine.status) ? mine : null;
  const onSale = activity.ticketTypes.filter((type) => type.onSale);
  const [chosen, setChosen] = useState<string | undefined>(onSale[0]?.id);
  const ticket = activity.ticketTypes.find((type) => type.id === chosen) ?? onSale[0];
  const full = activity.capacity !== null && activity.seatsTaken >= activity.capacity;
  const typeFull = ticket?.capacity != null && ticket.sold >= ticket.capacity;
  const outcome = activity.requireApproval && !invite ? 'pending' : full || typeFull ? 'waitlisted' : 'approved';
  const signUp = useSignUp();
  const cancel = useCancelSignUp();
  const [confirming, setConfirming] = useState(false);
  const [paying, setPaying] = useState(false);
  const [tradeError, setTradeError] = useState<string>();
  const [key, setKey] = useState('');
  const [answers, setAnswers] = useState<Record<string, string>>({});
  const [answerErrors, setAnswerErrors] = useState<Record<string, string>>({});
  /** Required questions must be answered before anything is sent, so nothing typed is lost to a refusal. */
  const answersReady = () => {
    const missing = Object.fromEntries(
      activity.questions
        .filter((question) => question.required && !answers[question.id]?.trim())
        .map((question) => [question.id, t('activity.questionRequired')]),
    );
    setAnswerErrors(missing);
    return Object.keys(missing).length === 0;
  };
  const cover = activity.cover?.sizes.at(-1)?.url;

  const done = (status: string) => {
    setConfirming(false);
    setPaying(false);
    toast(t(`activity.result.${status}`));
  };

  const start = () => {
    if (!loggedIn) return navigate(PATHS.login);
    if (!ticket) return;
    setKey(newIdempotencyKey());
    setTradeError(undefined);
    setConfirming(true);
  };

  const submitFree = () => {
    if (!ticket) return;
    signUp.mutate(
      { activityId: activity.id, ticketTypeId: ticket.id, inviteCode: invite, answers },
      { onSuccess: (registration) => done(registration.status), onError: (error) => toastUnreported(error) },
    );
  };

  const submitPaid = (password: string) => {
    if (!ticket) return;
    signUp.mutate(
      { activityId: activity.id, ticketTypeId: ticket.id, inviteCode: invite, answers, password, idempotencyKey: key },
      {
        onSuccess: (registration) => done(registration.status),
        onError: (error) => {
          const trade = tradeErrorOf(error);
          if (trade?.kind === 'wrong') return setTradeError(trade.message);
          setPaying(false);
          if (trade?.kind === 'notSet') return void offerToSetTradePassword(navigate);
          toastUnreported(error);
        },
      },
    );
  };

  const askCancel = async () => {
    if (!live) return;
    const paid = live.price !== '0' && live.asset !== null && Number(live.price) > 0;
    const early = refundsInFull(activity.startsAt, live.fullRefundUntil);
    const rule = !paid
      ? t('activity.cancelFree')
      : live.status === 'pending'
        ? t('activity.cancelPending', { amount: live.price, asset: live.asset })
        : early
          ? t('activity.cancelRefund', { amount: live.price, asset: live.asset })
          : t('activity.cancelNoRefund', { amount: live.price, asset: live.asset });
    const ok = await Dialog.confirm({
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
      onSuccess: () => toast(t('activity.cancelled')),
      onError: (error) => toastUnreported(error),
    });
  };

  const share = async () => {
    const title = activity.marketing.shareTitle ?? activity.title;
    if (typeof navigator.share === 'function') {
      try {
        await navigator.share({ title, text: activity.marketing.shareText ?? title, url: activity.shareUrl });
        return;
      } catch (error) {
        if (error instanceof DOMException && error.name === 'AbortError') return;
      }
    }
    await copyWithToast(activity.shareUrl, t('activity.shareLink'));
  };

  return (
    <div data-testid="activity-details" data-id={activity.id}>
      {cover ? <img className={styles.cover} src={cover} alt="" /> : <div className={styles.cover} aria-hidden />}
      <h1 className={styles.title} data-testid="details-title">
        {activity.title}
      </h1>
      <div className={styles.tags}>
        <Tag color="primary" fill="outline">
          {t(`activity.category.${activity.category}`)}
        </Tag>
        {activity.status === 'cancelled' && (
          <Tag color="danger" data-testid="details-cancelled">
            {t('activity.statusCancelled')}
          </Tag>
        )}
        {activity.status === 'draft' && <Tag color="warning">{t('activity.statusDraft')}</Tag>}
        {activity.status === 'published' && activity.phase !== 'upcoming' && (
          <Tag color="default">{t(`activity.phase.${activity.phase}`)}</Tag>
        )}
        {activity.requireApproval && <Tag color="warning">{t('activity.approvalTag')}</Tag>}
      </div>
      <div className={ui.panel}>
        <p className={styles.line} data-testid="details-time">
          <ClockCircleOutline aria-hidden />
          <span>
            {formatRange(activity.startsAt, activity.endsAt, activity.timezone, language)}{' '}
            <span className={ui.muted}>({zoneLabel(activity.startsAt, activity.timezone)})</span>
          </span>
        </p>
        {activity.online ? (
          <p className={styles.line} data-testid="details-online">
            <GlobalOutline aria-hidden />
            {activity.onlineUrl ? (
              <a href={activity.onlineUrl} target="_blank" rel="noreferrer noopener">
                {activity.onlineUrl}
              </a>
            ) : (
              <span>{t('activity.onlineHidden')}</span>
            )}
          </p>
        ) : null}
        {(activity.city || activity.address) && (
          <p className={styles.line} data-testid="details-venue">
            <EnvironmentOutline aria-hidden />
            {activity.latitude !== null && activity.longitude !== null ? (
              <Link
                to={href(PATHS.openLocation, {
                  lat: activity.latitude,
                  lng: activity.longitude,
                  name: [activity.city, activity.address].filter(Boolean).join(' · '),
                })}
                data-testid="details-venue-map"
              >
                {[activity.city, activity.address].filter(Boolean).join(' · ')}
              </Link>
            ) : (
              <span>{[activity.city, activity.address].filter(Boolean).join(' · ')}</span>
            )}
          </p>
        )}
        <p className={styles.line} data-testid="details-organizer">
          <UserOutline aria-hidden />
          <span>
            {t('activity.organizer')}: {activity.organizer.name}
            {activity.coHosts.length > 0 && ` · ${activity.coHosts.map((host) => host.name).join(', ')}`}
          </span>
        </p>
        <p className={styles.line} data-testid="details-capacity">
          <TeamOutline aria-hidden />
          <span>
            {activity.capacity === null
              ? t('activity.going', { count: activity.seatsTaken })
              : t('activity.seats', { taken: activity.seatsTaken, capacity: activity.capacity })}
            {activity.waitlisted > 0 && ` · ${t('activity.waitlistCount', { count: activity.waitlisted })}`}
          </span>
        </p>
        {full && (
          <p className={styles.notice} data-testid="details-full">
            {t('activity.fullNotice')}
          </p>
        )}
        {activity.requireApproval && (
          <p className={styles.notice} data-testid="details-approval">
            {t('activity.approvalNotice')}
          </p>
        )}
      </div>

      {live && (
        <section className={ui.panel} style={{ marginTop: 12 }} data-testid="my-registration">
          <div className={ui.sectionHead} style={{ margin: '0 0 8px' }}>
            <h2 className={ui.sectionTitle}>{t('activity.myTicket')}</h2>
            <StatusBadge status={live.status} checkedIn={live.checkedIn} />
          </div>
          <p className={ui.muted} style={{ margin: 0 }}>
            {live.ticketType.name} · {live.asset ? `${live.price} ${live.asset}` : t('activity.free')}
          </p>
          {live.status === 'waitlisted' && (
            <p className={styles.notice} data-testid="details-waitlist-position">
              {t('activity.waitlistPosition', { position: live.waitlistPosition ?? '-' })}
            </p>
          )}
          {live.status === 'pending' && <p className={styles.notice}>{t('activity.pendingNotice')}</p>}
          <RefundRight activity={activity} registration={live} />
          {live.qr && !live.checkedIn && <TicketQr payload={live.qr} />}
          {live.status === 'approved' && !live.checkedIn && activity.phase !== 'ended' && (
            <Button
              block
              fill="outline"
              color="primary"
              onClick={() => navigate(href(PATHS.selfCheckin, { id: activity.id }))}
              data-testid="details-self-checkin"
            >
              {t('activity.selfCheckin')}
            </Button>
          )}
        </section>
      )}
      {mine && !live && mine.status !== 'cancelled' && (
        <p className={styles.notice} data-testid="details-ended-registration">
          <StatusBadge status={mine.status} checkedIn={mine.checkedIn} />{' '}
          {mine.note ? t(`tickets.note.${mine.note}`, { defaultValue: '' }) : ''}
        </p>
      )}

      {activity.ticketTypes.length > 0 && (
        <section className={ui.section}>
          <h2 className={ui.sectionTitle} style={{ margin: '0 4px 8px' }}>
            {t('activity.tickets')}
          </h2>
          <fieldset style={{ border: 0, margin: 0, padding: 0 }}>
            {activity.ticketTypes.map((type) => {
              const left = type.capacity === null ? null : Math.max(0, type.capacity - type.sold);
              return (
                <button
                  key={type.id}
                  type="button"
                  aria-pressed={ticket?.id === type.id}
                  disabled={!type.onSale || !!live}
                  className={`${styles.ticket} ${ticket?.id === type.id && !live ? styles.ticketOn : ''}`}
                  onClick={() => setChosen(type.id)}
                  data-testid={`ticket-type-${type.id}`}
                >
                  <span>
                    <strong>{type.name}</strong>
                    <br />
                    <span className={ui.muted}>
                      {!type.onSale
                        ? t('activity.notOnSale')
                        : left === null
                          ? t('activity.open')
                          : left === 0
                            ? t('activity.soldOut')
                            : t('activity.left', { count: left })}
                    </span>
                  </span>
                  <span className={ui.price} data-testid="ticket-price">
                    {priceText(type, t)}
                  </span>
                </button>
              );
            })}
          </fieldset>
        </section>
      )}

      {activity.description && (
        <section className={ui.section}>
          <h2 className={ui.sectionTitle} style={{ margin: '0 4px 8px' }}>
            {t('activity.about')}
          </h2>
          <div className={ui.panel}>
            <p className={styles.description} data-testid="details-description">
              {activity.description}
            </p>
          </div>
        </section>
      )}

      <div className={styles.bar}>
        <Button shape="rounded" onClick={() => void share()} data-testid="details-share">
          <LinkOutline aria-hidden /> {t('activity.share')}
        </Button>
        {activity.abilities.manage && (
          <Button
            shape="rounded"
            onClick={() => navigate(href(PATHS.manageActivity, { id: activity.id }))}
            data-testid="details-manage"
          >
            {t('activity.manage')}
          </Button>
        )}
        {live?.status === 'approved' && !live.checkedIn && new Date(activity.startsAt).getTime() > Date.now() && (
          <TransferTicket activityId={activity.id} />
        )}
        {live ? (
          activity.abilities.cancelRegistration ? (
            <Button
              shape="rounded"
              color="danger"
              fill="outline"
              loading={cancel.isPending}
              onClick={() => void askCancel()}
              data-testid="details-cancel"
            >
              {t('activity.cancelRegistration')}
            </Button>
          ) : (
            <Button shape="rounded" disabled>
              {t(`tickets.status.${live.checkedIn ? 'checkedIn' : live.status}`)}
            </Button>
          )
        ) : (
          <Button
            shape="rounded"
            color="primary"
            disabled={loggedIn && (!activity.abilities.signUp || !ticket)}
            onClick={start}
            data-testid="details-signup"
          >
            {!loggedIn
              ? t('activity.loginToJoin')
              : activity.abilities.signUp
                ? outcome === 'waitlisted'
                  ? t('activity.joinWaitlist')
                  : outcome === 'pending'
                    ? t('activity.requestToJoin')
                    : t('activity.signUp')
                : t('activity.closed')}
          </Button>
        )}
      </div>

      <Popup
        visible={confirming && !paying}
        onMaskClick={() => setConfirming(false)}
        onClose={() => setConfirming(false)}
        bodyStyle={{ borderRadius: '16px 16px 0 0' }}
        destroyOnClose
      >
        {ticket && (
          <div className={ui.sheet} data-testid="signup-confirm">
            <h2 className={ui.sheetTitle}>{t('activity.confirmTitle')}</h2>
            <dl style={{ margin: 0 }}>
              <div className={ui.kv}>
                <dt>{t('activity.activity')}</dt>
                <dd>{activity.title}</dd>
              </div>
              <div className={ui.kv}>
                <dt>{t('activity.ticket')}</dt>
                <dd>{ticket.name}</dd>
              </div>
              <div className={ui.kv}>
                <dt>{t('activity.price')}</dt>
                <dd data-testid="signup-confirm-price">{priceText(ticket, t)}</dd>
              </div>
            </dl>
            <p className={styles.notice} data-testid="signup-confirm-outcome" data-outcome={outcome}>
              {t(`activity.outcome.${outcome}${ticket.free ? 'Free' : 'Paid'}`)}
            </p>
            {!ticket.free && <p className={ui.muted}>{t('activity.refundRule')}</p>}
            {activity.questions.map((question) => (
              <TextField
                key={question.id}
                id={`question-${question.id}`}
                testId={`signup-question-${question.id}`}
                label={`${question.label}${question.required ? ' *' : ''}`}
                value={answers[question.id] ?? ''}
                onChange={(value) => {
                  setAnswers((current) => ({ ...current, [question.id]: value }));
                  setAnswerErrors(({ [question.id]: _answered, ...rest }) => rest);
                }}
                maxLength={500}
                error={answerErrors[question.id]}
              />
            ))}
            <div className={ui.actions}>
              <Button shape="rounded" onClick={() => setConfirming(false)} data-testid="signup-confirm-cancel">
                {t('common.cancel')}
              </Button>
              <Button
                shape="rounded"
                color="primary"
                loading={signUp.isPending}
                disabled={signUp.isPending}
                onClick={() => {
                  if (!answersReady()) return;
                  if (ticket.free) submitFree();
                  else setPaying(true);
                }}
                data-testid="signup-confirm-ok"
              >
                {ticket.free ? t('common.confirm') : t('activity.pay')}
              </Button>
            </div>
          </div>
        )}
      </Popup>
      <TradePasswordPrompt
        visible={paying}
        title={t('activity.payTitle')}
        summary={
          ticket
            ? t('activity.paySummary', { amount: ticket.price, asset: ticket.asset ?? '', title: activity.title })
            : undefined
        }
        pending={signUp.isPending}
        error={tradeError}
        onClose={() => {
          setPaying(false);
          setConfirming(false);
        }}
        onSubmit={submitPaid}
      />
    </div>
  );
}
