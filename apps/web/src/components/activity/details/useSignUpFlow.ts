import { type Activity, type PromoCheck, TOAST_DURATION_MS } from '@polaris/contract';
import { Toast } from 'antd-mobile';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate, useSearchParams } from 'react-router-dom';
import { useSignUp } from '@/api/activity.ts';
import { useCheckPromo } from '@/api/activity-promo.ts';
import { useDeposit } from '@/api/deposit.ts';
import { useAsset } from '@/api/wallet.ts';
import { href, PATHS } from '@/app/paths.ts';
import { signUpCharge } from '@/components/activity/deposit/deposit-text.ts';
import { toastUnreported } from '@/components/form-errors.ts';
import { tradeErrorOf, tradePasswordMissing } from '@/components/trade-errors.ts';
import { isApiError } from '@/lib/api-error.ts';
import { useSession } from '@/lib/session.ts';
import { assetAmount, newIdempotencyKey } from '@/lib/wallet.ts';
import { isZeroAmount, promoPriceOf, typesWithPromo } from './promo-pricing.ts';
import { pauseSignUp, resumeSignUp, shortfallOf } from './signup-funds.ts';

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

/** The ledger's refusal of a payment the balance does not cover (`wallet.insufficient` on `amount`). */
const isShortOfFunds = (error: unknown) =>
  isApiError(error, 'invalid') && error.fields.some((field) => field.field === 'amount');

/**
 * Signing up from the details page: the chosen ticket type, what will happen (a seat, held for approval, the
 * waitlist: the server's rule), the confirmation sheet with the price, the balance and the questions, and for a
 * paid ticket the transaction password. A balance short of the price is said first, with the way to deposit
 * (the asset's deposit page, then back here with the sheet open again: `?signup=<ticket type>`), and no password
 * is asked for. A new idempotency key each time the sheet opens; retries inside it reuse it.
 */
export function useSignUpFlow(activity: Activity, invite: string | undefined) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const loggedIn = useSession((state) => state.loginStatus);
  // A code checked on this screen: its discounted prices, and the hidden types it shows.
  const [promo, setPromo] = useState<PromoCheck | null>(null);
  const [promoError, setPromoError] = useState<string>();
  const checkPromo = useCheckPromo();
  const types = typesWithPromo(activity.ticketTypes, promo);
  const onSale = types.filter((type) => type.onSale && !type.hidden);
  const [chosen, setChosen] = useState<string | undefined>(onSale[0]?.id);
  const ticket = types.find((type) => type.id === chosen) ?? onSale[0];
  const promoPrice = promoPriceOf(promo, ticket?.id);
  /** What the sign-up charges: the list price, or the code's price for the chosen type. */
  const toPay = promoPrice?.pay ?? ticket?.price ?? '0';
  const free = ticket !== undefined && (ticket.free || isZeroAmount(toPay));
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
  const [params, setParams] = useSearchParams();
  // A free ticket (or one a code makes free) of an activity that asks a no-show deposit freezes it: confirmed like
  // a price.
  const depositTerms = useDeposit(activity.id).data?.deposit ?? null;
  const charge = signUpCharge(ticket ? { free, price: toPay, asset: ticket.asset } : undefined, depositTerms);
  const paid = charge !== null;
  const balance = useAsset(confirming && charge ? charge.asset : '');
  const shortfall =
    charge && balance.data ? shortfallOf(charge.amount, balance.data.available, balance.data.decimals) : null;

  // Back from the deposit page: the sheet opens again on the ticket, with what was typed.
  const resumeTicket = params.get('signup');
  useEffect(() => {
    if (!resumeTicket || !loggedIn) return;
    const paused = resumeSignUp(activity.id);
    const type = activity.ticketTypes.find((item) => item.id === resumeTicket && item.onSale);
    setParams(
      (current) => {
        current.delete('signup');
        return current;
      },
      { replace: true },
    );
    if (!type) return;
    setChosen(type.id);
    if (paused?.ticketTypeId === type.id) setAnswers(paused.answers);
    setKey(newIdempotencyKey());
    setConfirming(true);
  }, [resumeTicket, loggedIn, activity, setParams]);

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

  /** The code went wrong between the check and the sign-up (used up meanwhile, say): said under its field. */
  const promoRefused = (error: unknown) => {
    const field = isApiError(error) ? error.fields.find((item) => item.field === 'promoCode') : undefined;
    if (!field) return false;
    setPromo(null);
    setPromoError(field.message);
    setPaying(false);
    setConfirming(false);
    return true;
  };

  const promoCode = promoPrice ? promo?.code : undefined;

  const submitFree = () => {
    if (!ticket) return;
    signUp.mutate(
      { activityId: activity.id, ticketTypeId: ticket.id, inviteCode: invite, promoCode, answers },
      {
        onSuccess: (registration) => done(registration.status),
        onError: (error) => {
          if (!promoRefused(error)) toastUnreported(error);
        },
      },
    );
  };

  const submitPaid = (password: string) => {
    if (!ticket) return;
    signUp.mutate(
      {
        activityId: activity.id,
        ticketTypeId: ticket.id,
        inviteCode: invite,
        promoCode,
        answers,
        password,
        idempotencyKey: key,
      },
      {
        onSuccess: (registration) => done(registration.status),
        onError: (error) => {
          if (promoRefused(error)) return;
          if (isShortOfFunds(error)) {
            // The balance moved since the sheet showed it: back to the sheet, which now says what is missing.
            setPaying(false);
            void balance.refetch();
            return;
          }
          const trade = tradeErrorOf(error);
          if (trade?.kind === 'wrong') return setTradeError(trade.message);
          if (trade?.kind === 'notSet') return tradePasswordMissing();
          setPaying(false);
          toastUnreported(error);
        },
      },
    );
  };

  /** To the asset's deposit page, which offers the way back here; the answers typed wait in this tab. */
  const deposit = () => {
    if (!ticket || !charge) return;
    pauseSignUp(activity.id, { ticketTypeId: ticket.id, answers });
    const back = href(PATHS.activityDetails, { id: activity.id, signup: ticket.id, ...(invite ? { invite } : {}) });
    navigate(href(PATHS.assetDetails, { asset: charge.asset, deposit: '1', returnTo: back }));
  };

  /** Checks a typed code: its prices apply and the hidden types it shows can be chosen (the first of them is). */
  const applyPromo = (code: string) => {
    if (!code.trim()) return;
    checkPromo.mutate(
      { activityId: activity.id, code: code.trim() },
      {
        onSuccess: (checked) => {
          setPromo(checked);
          setPromoError(undefined);
          const unlocked = checked.unlocked.find((type) => type.onSale);
          if (unlocked) setChosen(unlocked.id);
          else if (!checked.prices.some((price) => price.ticketTypeId === ticket?.id))
            setChosen(checked.prices[0]?.ticketTypeId ?? chosen);
        },
        onError: (error) => {
          const field = isApiError(error) ? error.fields.find((item) => item.field === 'code') : undefined;
          if (field) setPromoError(field.message);
          else toastUnreported(error);
        },
      },
    );
  };

  return {
    loggedIn,
    ticket,
    /** The ticket types to choose from: the page's, and the hidden ones the code shows. */
    types,
    /** The applied code, its price for the chosen type, what is paid, whether that is nothing. */
    promo,
    promoPrice,
    toPay,
    free,
    promoError,
    checkingPromo: checkPromo.isPending,
    applyPromo,
    clearPromo: () => {
      setPromo(null);
      setPromoError(undefined);
      if (ticket?.hidden) setChosen(undefined);
    },
    /** What signing up moves (the price, or the no-show deposit it freezes), null when nothing. */
    charge,
    depositTerms,
    /** For a paid ticket, the balance in its asset (loading while the sheet opens), and what it lacks. */
    balance: paid ? { available: balance.data?.available ?? null, failed: balance.isError, shortfall } : null,
    deposit,
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
      if (!paid) submitFree();
      else if (balance.data && !shortfall) setPaying(true);
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
