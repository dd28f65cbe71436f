import { PASSWORD_PATTERN, TOAST_DURATION_MS } from '@polaris/contract';
import { Toast } from 'antd-mobile';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';
import { useChangePassword } from '@/api/security.ts';
import { Frame } from '@/app/Frame.tsx';
import { canGoBack } from '@/app/history.ts';
import { PATHS } from '@/app/paths.ts';
import { CodeField, ConfirmPasswordField, PasswordField, SubmitButton } from '@/components/auth/fields.tsx';
import { RequireLogin } from '@/components/RequireLogin.tsx';
import { SecondFactorField, useSecondFactor } from '@/components/SecondFactorField.tsx';
import ui from '@/components/ui.module.css';
import { isApiError } from '@/lib/api-error.ts';
import { useSession } from '@/lib/session.ts';

/**
 * Change the login password with the current one or a code mailed to the account; with Google Authenticator on,
 * its code field is there from the start (SecondFactorField). Other devices are signed out (docs/security-centre.md).
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

type Field = 'old' | 'vcode' | 'password' | 'confirm';

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
  });
  const [errors, setErrors] = useState<Partial<Record<Field, string>>>({});
  const factor = useSecondFactor('/user/password/change');

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
    setErrors(found);
    const code = factor.take();
    if (Object.keys(found).length > 0 || !code) return;
    change.mutate(
      {
        oldPassword: mode === 'old' ? values.old : undefined,
        vcode: mode === 'code' ? values.vcode : undefined,
        password: values.password,
        ...code,
      },
      {
        onSuccess: () => {
          Toast.show({ content: t('security.password.done'), duration: TOAST_DURATION_MS });
          if (canGoBack()) navigate(-1);
          else navigate(PATHS.securityCenter, { replace: true });
        },
        onError: (error) => {
          if (factor.handle(error)) return;
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
        <SecondFactorField factor={factor} id="password-totp" />
        <SubmitButton testId="password-submit" pending={change.isPending}>
          {t('security.password.submit')}
        </SubmitButton>
      </form>
    </>
  );
}
