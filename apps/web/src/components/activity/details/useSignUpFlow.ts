import { type Activity, TOAST_DURATION_MS } from '@polaris/contract';
import { Toast } from 'antd-mobile';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';
import { useSignUp } from '@/api/activity.ts';
import { PATHS } from '@/app/paths.ts';
import { toastUnreported } from '@/components/form-errors.ts';
import { tradeErrorOf, tradePasswordMissing } from '@/components/trade-errors.ts';
import { useSession } from '@/lib/session.ts';
import { assetAmount, newIdempotencyKey } from '@/lib/wallet.ts';

export type TicketType = Activity['ticketTypes'][number];

/** "Free", or the price and its asset. */
export function priceText(type: Pick<TicketType, 'free' | 'price' | 'asset'>, t: (key: string) => string) {
  return type.free ? t('activity.free') : type.asset ? assetAmount(type.price, type.asset) : type.price;
}

/** Every seat is taken (a new sign-up joins the waitlist). */
export const isFull = (activity: Activity) => activity.capacity !== null && activity.seatsTaken >= activity.capacity;

/** The user's registration while it still holds or awaits a place. */
export function liveRegistration(activity: Activity) {
  const mine = activity.myRegistration;
  return mine && ['pending', 'approved', 'waitlisted'].includes(mine.status) ? mine : null;
}

/**
 * Signing up from the details page: the chosen ticket type, what will happen (a seat, held for approval, the
 * waitlist: the server's rule), the confirmation sheet with the questions, and for a paid ticket the transaction
 * password. A new idempotency key each time the sheet opens; retries inside it reuse it.
 */
export function useSignUpFlow(activity: Activity, invite: string | undefined) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const loggedIn = useSession((state) => state.loginStatus);
  const onSale = activity.ticketTypes.filter((type) => type.onSale);
  const [chosen, setChosen] = useState<string | undefined>(onSale[0]?.id);
  const ticket = activity.ticketTypes.find((type) => type.id === chosen) ?? onSale[0];
  const typeFull = ticket?.capacity != null && ticket.sold >= ticket.capacity;
  const outcome =
    activity.requireApproval && !invite ? 'pending' : isFull(activity) || typeFull ? 'waitlisted' : 'approved';
  const signUp = useSignUp();
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

  const done = (status: string) => {
    setConfirming(false);
    setPaying(false);
    Toast.show({ content: t(`activity.result.${status}`), duration: TOAST_DURATION_MS });
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
          if (trade?.kind === 'notSet') return tradePasswordMissing();
          setPaying(false);
          toastUnreported(error);
        },
      },
    );
  };

  return {
    loggedIn,
    ticket,
    choose: setChosen,
    outcome,
    start,
    /** The confirmation sheet is open (and the password prompt is not). */
    confirming: confirming && !paying,
    paying,
    pending: signUp.isPending,
    tradeError,
    answers,
    answerErrors,
    answer: (questionId: string, value: string) => {
      setAnswers((current) => ({ ...current, [questionId]: value }));
      setAnswerErrors(({ [questionId]: _answered, ...rest }) => rest);
    },
    /** The sheet's OK: with the questions answered, a free ticket is sent, a paid one asks for the password. */
    confirm: () => {
      if (!answersReady()) return;
      if (ticket?.free) submitFree();
      else setPaying(true);
    },
    submitPaid,
    closeSheet: () => setConfirming(false),
    closePayment: () => {
      setPaying(false);
      setConfirming(false);
    },
  };
}

export type SignUpFlow = ReturnType<typeof useSignUpFlow>;
