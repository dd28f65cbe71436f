import { PASSWORD_PATTERN, TOAST_DURATION_MS } from '@polaris/contract';
import { Toast } from 'antd-mobile';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';
import { isApiError } from '@/api/api-error.ts';
import { useChangePassword } from '@/api/security.ts';
import { Frame } from '@/app/Frame.tsx';
import { canGoBack } from '@/app/history.ts';
import { PATHS } from '@/app/paths.ts';
import { CodeField, ConfirmPasswordField, PasswordField, SubmitButton } from '@/components/auth/fields.tsx';
import { RequireLogin } from '@/components/RequireLogin.tsx';
import { TextField } from '@/components/TextField.tsx';
import ui from '@/components/ui.module.css';
import { cleanTotpInput, isTotpChallenge, isTotpInput } from '@/lib/security.ts';
import { useSession } from '@/lib/session.ts';

/**
 * Change the login password with the current one or a code mailed to the account; with Google Authenticator on,
 * the server's 468 adds its code field. Other devices are signed out (docs/security-centre.md).
 */
export default function LoginPasswordPage() {
  const { t } = useTranslation();
  return (
    <Frame title={t('security.password.title')}>
      <RequireLogin>
        <ChangePasswordForm />
      </RequireLogin>
    </Frame>
  );
}

type Field = 'old' | 'vcode' | 'password' | 'confirm' | 'totp';

function ChangePasswordForm() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const email = useSession((state) => state.userInfo?.email ?? '');
  const change = useChangePassword();
  const [mode, setMode] = useState<'old' | 'code'>('old');
  const [values, setValues] = useState<Record<Field, string>>({
    old: '',
    vcode: '',
    password: '',
    confirm: '',
    totp: '',
  });
  const [errors, setErrors] = useState<Partial<Record<Field, string>>>({});
  const [askTotp, setAskTotp] = useState(false);

  const bind = (name: Field, clean: (value: string) => string = (value) => value) => ({
    value: values[name],
    error: errors[name],
    onChange: (value: string) => {
      setValues((current) => ({ ...current, [name]: clean(value) }));
      setErrors((current) => ({ ...current, [name]: undefined }));
    },
  });

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (change.isPending) return;
    const found: Partial<Record<Field, string>> = {};
    const required = (label: string) => t('contract:validation.required', { field: label });
    if (mode === 'old' && values.old === '') found.old = required(t('security.password.oldLabel'));
    if (mode === 'code' && !/^\d{6}$/.test(values.vcode)) found.vcode = t('contract:validation.vcodeFormat');
    if (!PASSWORD_PATTERN.test(values.password)) found.password = t('contract:validation.passwordRule');
    if (values.confirm !== values.password) found.confirm = t('contract:validation.passwordMismatch');
    if (askTotp && !isTotpInput(values.totp)) found.totp = t('contract:security.totpFormat');
    setErrors(found);
    if (Object.keys(found).length > 0) return;
    change.mutate(
      {
        oldPassword: mode === 'old' ? values.old : undefined,
        vcode: mode === 'code' ? values.vcode : undefined,
        password: values.password,
        totp: askTotp ? values.totp.trim() : undefined,
      },
      {
        onSuccess: () => {
          Toast.show({ content: t('security.password.done'), duration: TOAST_DURATION_MS });
          if (canGoBack()) navigate(-1);
          else navigate(PATHS.securityCenter, { replace: true });
        },
        onError: (error) => {
          if (isTotpChallenge(error)) {
            setAskTotp(true);
            if (askTotp) setErrors({ totp: (error as Error).message });
            return;
          }
          if (!isApiError(error) || !error.unreported) return;
          const next: Partial<Record<Field, string>> = {};
          for (const { field, message } of error.fields) {
            const name: Field = field === 'oldPassword' ? 'old' : field === 'vcode' ? 'vcode' : 'password';
            next[name] ??= message;
          }
          if (Object.keys(next).length === 0) next[mode === 'old' ? 'old' : 'vcode'] = error.message;
          setErrors(next);
        },
      },
    );
  };

  return (
    <>
      <div className={ui.chips}>
        {(['old', 'code'] as const).map((choice) => (
          <button
            key={choice}
            type="button"
            className={ui.chip}
            aria-pressed={mode === choice}
            onClick={() => {
              setMode(choice);
              setErrors({});
            }}
            data-testid={`password-mode-${choice}`}
          >
            {choice === 'old' ? t('security.password.byOld') : t('security.password.byCode')}
          </button>
        ))}
      </div>
      <form className={ui.form} style={{ marginTop: 16 }} noValidate onSubmit={submit}>
        {mode === 'old' ? (
          <PasswordField
            id="password-old"
            label={t('security.password.oldLabel')}
            autoComplete="current-password"
            {...bind('old')}
          />
        ) : (
          <>
            <p className={ui.hint}>{t('security.password.explain', { email })}</p>
            <CodeField
              id="password-code"
              email={email}
              purpose="password"
              sendTestId="password-send-code"
              onEmailError={(message) => setErrors((current) => ({ ...current, vcode: message }))}
              {...bind('vcode')}
            />
          </>
        )}
        <PasswordField
          id="password-new"
          label={t('security.password.newLabel')}
          autoComplete="new-password"
          maxLength={16}
          {...bind('password')}
        />
        <ConfirmPasswordField id="password-confirm" maxLength={16} {...bind('confirm')} />
        {askTotp && (
          <TextField
            id="password-totp"
            testId="password-totp"
            label={t('security.gauth.codeLabel')}
            autoComplete="one-time-code"
            placeholder={t('security.gauth.codePlaceholder')}
            maxLength={11}
            {...bind('totp', cleanTotpInput)}
          />
        )}
        <SubmitButton testId="password-submit" pending={change.isPending}>
          {t('security.password.submit')}
        </SubmitButton>
      </form>
    </>
  );
}
