import { OIDC_CALLBACK_ERRORS, type OidcCallbackError, type OidcProvider } from '@polaris/contract';
import { ExclamationCircleOutline } from 'antd-mobile-icons';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate, useSearchParams } from 'react-router-dom';
import { type TicketOutcome, useConfirmLink, useRedeemTicket } from '@/api/oidc.ts';
import { Frame } from '@/app/Frame.tsx';
import { PATHS } from '@/app/paths.ts';
import { AuthLayout } from '@/components/auth/AuthLayout.tsx';
import { ProofFields, useProofForm } from '@/components/auth/ProofForm.tsx';
import { useFinishLogin } from '@/components/auth/useAuthNavigation.ts';
import { Button } from '@/components/Button.tsx';
import { Loading } from '@/components/QueryState.tsx';
import { useSecondFactor } from '@/components/SecondFactorField.tsx';
import uiStyles from '@/components/ui.module.css';
import { isApiError } from '@/lib/api-error.ts';

type Failure = OidcCallbackError | 'ticket';

const isCallbackError = (value: string | null): value is OidcCallbackError =>
  (OIDC_CALLBACK_ERRORS as readonly string[]).includes(value ?? '');

/**
 * Where a Google or Apple sign-in comes back (SPEC §2 login/hyper): the callback's one-time ticket becomes a
 * login, or, when the provider's verified email belongs to an existing account, that account's owner confirms
 * the link here first.
 */
export default function LoginHyperPage() {
  const { t } = useTranslation();
  const [params] = useSearchParams();
  const ticket = params.get('ticket');
  const callbackError = params.get('error');
  const redeem = useRedeemTicket();
  const finish = useFinishLogin();
  const [outcome, setOutcome] = useState<TicketOutcome | null>(null);
  const [failure, setFailure] = useState<Failure | null>(
    isCallbackError(callbackError) ? callbackError : ticket ? null : 'expired',
  );
  // A ticket is spent on first use: StrictMode's second effect run must not try it again.
  const tried = useRef(false);

  useEffect(() => {
    if (!ticket || failure || tried.current) return;
    tried.current = true;
    redeem.mutate(ticket, {
      onSuccess: (result) => {
        if (result.kind === 'done') finish(t('login.success'));
        else setOutcome(result);
      },
      // Spent, expired, unknown, or this tab holds no sign-in secret: to the user, all one expired link.
      onError: (error) => setFailure(isApiError(error, 'quiet') || isApiError(error, 'invalid') ? 'expired' : 'ticket'),
    });
  }, [ticket, failure, redeem, finish, t]);

  if (failure) return <FailedSignIn failure={failure} />;
  if (outcome?.kind === 'link' && ticket) {
    return <ConfirmLink ticket={ticket} provider={outcome.provider} email={outcome.email} />;
  }
  return (
    <Frame title={t('signin.title')}>
      <div data-testid="signin-pending">
        <Loading />
        <p className={uiStyles.center}>{t('signin.pending')}</p>
      </div>
    </Frame>
  );
}

function FailedSignIn({ failure }: { failure: Failure }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  return (
    <Frame title={t('signin.title')} back={() => navigate(PATHS.login, { replace: true })}>
      <div className={uiStyles.center} role="alert" data-testid="signin-failed">
        <ExclamationCircleOutline style={{ fontSize: 32 }} aria-hidden />
        <p data-testid="signin-failed-message">{t(`signin.failed.${failure}`)}</p>
        <Button variant="primary" onClick={() => navigate(PATHS.login, { replace: true })}>
          {t('signin.backToLogin')}
        </Button>
      </div>
    </Frame>
  );
}

const providerName = (provider: OidcProvider) => (provider === 'google' ? 'Google' : 'Apple');

function ConfirmLink({ ticket, provider, email }: { ticket: string; provider: OidcProvider; email: string }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const finish = useFinishLogin();
  const confirm = useConfirmLink();
  const proof = useProofForm();
  // Signed out: whether the account has Google Authenticator on is not known here, so the code is optional.
  const secondFactor = useSecondFactor('/user/oidc/link', { signedOut: true });

  const submit = () => {
    const input = proof.checked();
    const code = secondFactor.take();
    if (!input || !code) return;
    confirm.mutate(
      { ticket, ...input, ...code },
      {
        onSuccess: (loggedIn) => loggedIn && finish(t('signin.linked', { provider: providerName(provider) })),
        onError: (error) => {
          if (!secondFactor.handle(error)) proof.form.reportTo(['password', 'vcode'])(error);
        },
      },
    );
  };

  return (
    <AuthLayout
      title={t('signin.title')}
      heading={t('signin.linkHeading', { provider: providerName(provider) })}
      sub={t('signin.linkSub', { email, provider: providerName(provider) })}
      back={() => navigate(PATHS.login, { replace: true })}
      onSubmit={submit}
    >
      <ProofFields
        proof={proof}
        idPrefix="signin-link"
        email={email}
        submitLabel={t('signin.linkSubmit')}
        pending={confirm.isPending}
        secondFactor={secondFactor}
      />
    </AuthLayout>
  );
}
