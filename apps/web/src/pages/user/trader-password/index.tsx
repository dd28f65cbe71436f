import { TOAST_DURATION_MS } from '@polaris/contract';
import { Button, Toast } from 'antd-mobile';
import { LockOutline } from 'antd-mobile-icons';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';
import { useSetTradePassword, useTradePasswordStatus } from '@/api/wallet.ts';
import { Frame } from '@/app/Frame.tsx';
import { canGoBack } from '@/app/history.ts';
import { PATHS } from '@/app/paths.ts';
import { reportFormError } from '@/components/form-errors.ts';
import { LoadFailed, Loading } from '@/components/QueryState.tsx';
import { RequireLogin } from '@/components/RequireLogin.tsx';
import { SendCodeButton } from '@/components/SendCodeButton.tsx';
import { TextField } from '@/components/TextField.tsx';
import ui from '@/components/ui.module.css';
import type { FieldErrors } from '@/lib/auth-forms.ts';
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

function TradePasswordForm() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const language = useSettings((state) => state.language);
  const email = useSession((state) => state.userInfo?.email ?? '');
  const status = useTradePasswordStatus();
  const save = useSetTradePassword();
  const [vcode, setVcode] = useState('');
  const [password, setPassword] = useState('');
  const [confirm, setConfirm] = useState('');
  const [errors, setErrors] = useState<FieldErrors>({});

  if (status.isPending) return <Loading testId="trade-status-loading" />;
  if (status.isError) return <LoadFailed onRetry={() => void status.refetch()} />;
  const { blank, lockedUntil } = status.data;

  const submit = () => {
    const found: FieldErrors = {};
    if (vcode === '') found.vcode = t('contract:validation.required', { field: t('contract:fields.vcode') });
    else if (!/^\d{6}$/.test(vcode)) found.vcode = t('contract:validation.vcodeFormat');
    const problem = checkTradePassword(password);
    if (problem === 'empty') found.password = t('contract:trade.empty');
    else if (problem) found.password = t('tradePassword.rule', { min: TRADE_PASSWORD_MIN, max: TRADE_PASSWORD_MAX });
    if (confirm === '') {
      found.confirm = t('contract:validation.required', { field: t('contract:fields.confirmPassword') });
    } else if (confirm !== password) found.confirm = t('contract:validation.passwordMismatch');
    setErrors(found);
    if (Object.values(found).some(Boolean)) return;
    save.mutate(
      { vcode, password },
      {
        onSuccess: () => {
          Toast.show({
            content: blank ? t('tradePassword.setDone') : t('tradePassword.changeDone'),
            duration: TOAST_DURATION_MS,
          });
          setVcode('');
          setPassword('');
          setConfirm('');
          if (canGoBack()) navigate(-1);
          else navigate(PATHS.me, { replace: true });
        },
        onError: (error) => reportFormError(error, ['vcode', 'password'], setErrors),
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
        <TextField
          id="trade-code"
          testId="trade-code"
          label={t('contract:fields.vcode')}
          inputMode="numeric"
          autoComplete="one-time-code"
          placeholder={t('auth.vcodePlaceholder')}
          maxLength={6}
          value={vcode}
          onChange={(value) => setVcode(value.replace(/\D/g, ''))}
          error={errors.vcode}
          suffix={
            <SendCodeButton
              email={email}
              purpose="trade"
              testId="trade-send-code"
              onErrors={(found) => setErrors((current) => ({ ...current, vcode: found.email }))}
            />
          }
        />
        <TextField
          id="trade-password"
          testId="trade-password"
          label={blank ? t('contract:fields.tradePassword') : t('tradePassword.newPassword')}
          type="password"
          autoComplete="new-password"
          placeholder={t('tradePassword.rule', { min: TRADE_PASSWORD_MIN, max: TRADE_PASSWORD_MAX })}
          maxLength={TRADE_PASSWORD_MAX}
          value={password}
          onChange={setPassword}
          error={errors.password}
        />
        <TextField
          id="trade-confirm"
          testId="trade-confirm"
          label={t('contract:fields.confirmPassword')}
          type="password"
          autoComplete="new-password"
          placeholder={t('auth.confirmPlaceholder')}
          maxLength={TRADE_PASSWORD_MAX}
          value={confirm}
          onChange={setConfirm}
          error={errors.confirm}
        />
        <Button
          type="submit"
          color="primary"
          size="large"
          block
          shape="rounded"
          loading={save.isPending}
          disabled={save.isPending}
          data-testid="trade-submit"
        >
          {blank ? t('tradePassword.set') : t('tradePassword.change')}
        </Button>
      </form>
    </>
  );
}
