import { TOAST_DURATION_MS } from '@polaris/contract';
import { Toast } from 'antd-mobile';
import type { TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';
import { useSetTradePassword } from '@/api/wallet.ts';
import { CodeField, ConfirmPasswordField, PasswordField, SubmitButton } from '@/components/auth/fields.tsx';
import { SecondFactorField, useSecondFactor } from '@/components/SecondFactorField.tsx';
import ui from '@/components/ui.module.css';
import { useForm } from '@/components/useForm.ts';
import type { FieldErrors, Validation } from '@/lib/auth-forms.ts';
import { useSession } from '@/lib/session.ts';
import { checkTradePassword, TRADE_PASSWORD_MAX, TRADE_PASSWORD_MIN } from '@/lib/wallet.ts';

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

/**
 * Sets (or changes) the transaction password with a code mailed to the account: on its page, and in the sheet a
 * payment opens when none is set yet (TradePasswordPrompt), so the payment goes on where it was.
 */
export function TradePasswordSetForm({ blank, onDone }: { blank: boolean; onDone(): void }) {
  const { t } = useTranslation();
  const email = useSession((state) => state.userInfo?.email ?? '');
  const save = useSetTradePassword();
  const form = useForm({ vcode: '', password: '', confirm: '' });
  const factor = useSecondFactor('/user/trade/password');

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
          onDone();
        },
        onError: (error) => {
          if (factor.handle(error)) return;
          form.reportTo(['vcode', 'password'])(error);
        },
      },
    );
  };

  return (
    <form
      className={ui.form}
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
  );
}
