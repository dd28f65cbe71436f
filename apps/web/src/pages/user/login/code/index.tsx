import { Button } from 'antd-mobile';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation, useNavigate } from 'react-router-dom';
import { useCodeLogin } from '@/api/auth.ts';
import { PATHS } from '@/app/paths.ts';
import { AuthLayout, authStyles } from '@/components/AuthLayout.tsx';
import { reportFormError } from '@/components/form-errors.ts';
import { SendCodeButton } from '@/components/SendCodeButton.tsx';
import { TextField } from '@/components/TextField.tsx';
import { useFinishLogin, useLoginBack } from '@/components/useAuthNavigation.ts';
import { CodeLoginForm, type FieldErrors, validate } from '@/lib/auth-forms.ts';
import { useSettings } from '@/lib/settings.ts';

export default function CodeLoginPage() {
  const { t } = useTranslation();
  const language = useSettings((state) => state.language);
  const navigate = useNavigate();
  const carried = (useLocation().state as { email?: string } | null)?.email;
  const [email, setEmail] = useState(carried ?? '');
  const [vcode, setVcode] = useState('');
  const [errors, setErrors] = useState<FieldErrors>({});
  const login = useCodeLogin();
  const back = useLoginBack();
  const finish = useFinishLogin();

  const submit = () => {
    const checked = validate(CodeLoginForm, { email, vcode }, language);
    if (!checked.ok) {
      setErrors(checked.errors);
      return;
    }
    setErrors({});
    login.mutate(checked.data, {
      onSuccess: (loggedIn) => loggedIn && finish(t('login.success')),
      onError: (error) => reportFormError(error, ['email', 'vcode'], setErrors),
    });
  };

  return (
    <AuthLayout
      title={t('codeLogin.title')}
      heading={t('codeLogin.heading')}
      back={back}
      onSubmit={submit}
      footer={
        <>
          <button
            type="button"
            className={authStyles.link}
            onClick={() => navigate(PATHS.register)}
            data-testid="login-code-register"
          >
            {t('login.register')}
          </button>
          <button
            type="button"
            className={authStyles.link}
            onClick={() => navigate(PATHS.forgot)}
            data-testid="login-code-forgot"
          >
            {t('login.forgot')}
          </button>
        </>
      }
    >
      <TextField
        id="login-code-email"
        testId="login-code-email"
        label={t('contract:fields.email')}
        type="email"
        inputMode="email"
        autoComplete="email"
        placeholder={t('auth.emailPlaceholder')}
        value={email}
        onChange={setEmail}
        error={errors.email}
      />
      <TextField
        id="login-code-code"
        testId="login-code-code"
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
            purpose="login"
            testId="login-code-send"
            onErrors={(found) => setErrors((current) => ({ ...current, email: found.email }))}
          />
        }
      />
      <Button
        type="submit"
        color="primary"
        size="large"
        block
        shape="rounded"
        loading={login.isPending}
        disabled={login.isPending}
        data-testid="login-code-submit"
      >
        {t('login.submit')}
      </Button>
      <Button
        type="button"
        fill="outline"
        color="primary"
        block
        shape="rounded"
        onClick={() => navigate(PATHS.login, { replace: true, state: { email } })}
        data-testid="login-to-password"
      >
        {t('login.withPassword')}
      </Button>
    </AuthLayout>
  );
}
