import { TOAST_DURATION_MS } from '@polaris/contract';
import { Toast } from 'antd-mobile';
import { LockOutline } from 'antd-mobile-icons';
import type { TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';
import { useSetTradePassword, useTradePasswordStatus } from '@/api/wallet.ts';
import { Frame } from '@/app/Frame.tsx';
import { canGoBack } from '@/app/history.ts';
import { PATHS } from '@/app/paths.ts';
import { CodeField, ConfirmPasswordField, PasswordField, SubmitButton } from '@/components/auth/fields.tsx';
import { LoadFailed, Loading } from '@/components/QueryState.tsx';
import { RequireLogin } from '@/components/RequireLogin.tsx';
import { SecondFactorField, useSecondFactor } from '@/components/SecondFactorField.tsx';
import ui from '@/components/ui.module.css';
import { useForm } from '@/components/useForm.ts';
import type { FieldErrors, Validation } from '@/lib/auth-forms.ts';
import { formatDateAndTime } from '@/lib/format.ts';
import { useSession } from '@/lib/session.ts';
import { useSettings } from '@/lib/settings.ts';
import { checkTradePassword, TRADE_PASSWORD_MAX, TRADE_PASSWORD_MIN } from '@/lib/wallet.ts';

/** Set or change the transaction password, proven by a code mailed to the account (docs/wallet.md). */
export default function TraderPasswordPage() {
  const { t } = useTranslation();
  return (
    <Frame title={t('tradePassword.title')}>
      <RequireLogin>
        <TradePasswordForm />
      </RequireLogin>
    </Frame>
  );
}

/** The form's own rules, said before the round trip: a 6-digit code, the transaction password rule, the same twice. */
function checkTradeForm(
  { vcode, password, confirm }: { vcode: string; password: string; confirm: string },
  t: TFunction,
): Validation<{ vcode: string; password: string }> {
  const errors: FieldErrors = {};
  if (vcode === '') errors.vcode = t('contract:validation.required', { field: t('contract:fields.vcode') });
  else if (!/^\d{6}$/.test(vcode)) errors.vcode = t('contract:validation.vcodeFormat');
  const problem = checkTradePassword(password);
  if (problem === 'empty') errors.password = t('contract:trade.empty');
  else if (problem) errors.password = t('tradePassword.rule', { min: TRADE_PASSWORD_MIN, max: TRADE_PASSWORD_MAX });
  if (confirm === '') {
    errors.confirm = t('contract:validation.required', { field: t('contract:fields.confirmPassword') });
  } else if (confirm !== password) errors.confirm = t('contract:validation.passwordMismatch');
  return Object.keys(errors).length > 0 ? { ok: false, errors } : { ok: true, data: { vcode, password } };
}

function TradePasswordForm() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const language = useSettings((state) => state.language);
  const email = useSession((state) => state.userInfo?.email ?? '');
  const status = useTradePasswordStatus();
  const save = useSetTradePassword();
  const form = useForm({ vcode: '', password: '', confirm: '' });
  const factor = useSecondFactor('/user/trade/password');

  if (status.isPending) return <Loading testId="trade-status-loading" />;
  if (status.isError) return <LoadFailed onRetry={() => void status.refetch()} />;
  const { blank, lockedUntil } = status.data;

  const submit = () => {
    const data = form.accept(checkTradeForm(form.values, t));
    const code = factor.take();
    if (!data || !code) return;
    save.mutate(
      { ...data, ...code },
      {
        onSuccess: () => {
          Toast.show({
            content: blank ? t('tradePassword.setDone') : t('tradePassword.changeDone'),
            duration: TOAST_DURATION_MS,
          });
          form.reset();
          if (canGoBack()) navigate(-1);
          else navigate(PATHS.me, { replace: true });
        },
        onError: (error) => {
          if (factor.handle(error)) return;
          form.reportTo(['vcode', 'password'])(error);
        },
      },
    );
  };

  return (
    <>
      <section className={ui.card} data-testid="trade-status" data-blank={blank}>
        <p className={ui.rowTitle} style={{ display: 'flex', alignItems: 'center', gap: 8 }}>
          <LockOutline aria-hidden />
          {blank ? t('tradePassword.statusBlank') : t('tradePassword.statusSet')}
        </p>
        {lockedUntil && (
          <p className={ui.error} role="status" data-testid="trade-locked">
            {t('tradePassword.lockedUntil', { time: formatDateAndTime(lockedUntil, language) })}
          </p>
        )}
        <p className={ui.hint} style={{ marginTop: 8 }}>
          {t('tradePassword.explain', { email })}
        </p>
      </section>
      <form
        className={ui.form}
        style={{ marginTop: 16 }}
        noValidate
        onSubmit={(event) => {
          event.preventDefault();
          submit();
        }}
      >
        <CodeField
          id="trade-code"
          email={email}
          purpose="trade"
          sendTestId="trade-send-code"
          onEmailError={(message) => form.setError('vcode', message)}
          {...form.field('vcode')}
        />
        <PasswordField
          id="trade-password"
          label={blank ? t('contract:fields.tradePassword') : t('tradePassword.newPassword')}
          autoComplete="new-password"
          placeholder={t('tradePassword.rule', { min: TRADE_PASSWORD_MIN, max: TRADE_PASSWORD_MAX })}
          maxLength={TRADE_PASSWORD_MAX}
          {...form.field('password')}
        />
        <ConfirmPasswordField id="trade-confirm" maxLength={TRADE_PASSWORD_MAX} {...form.field('confirm')} />
        <SecondFactorField factor={factor} id="trade-totp" />
        <SubmitButton testId="trade-submit" pending={save.isPending}>
          {blank ? t('tradePassword.set') : t('tradePassword.change')}
        </SubmitButton>
      </form>
    </>
  );
}
