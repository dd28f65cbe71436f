import { Button } from 'antd-mobile';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation, useNavigate } from 'react-router-dom';
import { usePasswordLogin } from '@/api/auth.ts';
import { PATHS } from '@/app/paths.ts';
import { AuthLayout, authStyles } from '@/components/AuthLayout.tsx';
import { reportFormError } from '@/components/form-errors.ts';
import { TextField } from '@/components/TextField.tsx';
import { useFinishLogin, useLoginBack } from '@/components/useAuthNavigation.ts';
import { type FieldErrors, LoginForm, validate } from '@/lib/auth-forms.ts';
import { useSettings } from '@/lib/settings.ts';

export default function LoginPage() {
  const { t } = useTranslation();
  const language = useSettings((state) => state.language);
  const navigate = useNavigate();
  const carried = (useLocation().state as { email?: string } | null)?.email;
  const [email, setEmail] = useState(carried ?? '');
  const [password, setPassword] = useState('');
  const [errors, setErrors] = useState<FieldErrors>({});
  const login = usePasswordLogin();
  const back = useLoginBack();
  const finish = useFinishLogin();

  const submit = () => {
    const checked = validate(LoginForm, { email, password }, language);
    if (!checked.ok) {
      setErrors(checked.errors);
      return;
    }
    setErrors({});
    login.mutate(checked.data, {
      onSuccess: (loggedIn) => loggedIn && finish(t('login.success')),
      onError: (error) => reportFormError(error, ['email', 'password'], setErrors),
    });
  };

  return (
    <AuthLayout
      title={t('login.title')}
      heading={t('login.heading')}
      back={back}
      onSubmit={submit}
      footer={
        <>
          <button
            type="button"
            className={authStyles.link}
            onClick={() => navigate(PATHS.register)}
            data-testid="login-register"
          >
            {t('login.register')}
          </button>
          <button
            type="button"
            className={authStyles.link}
            onClick={() => navigate(PATHS.forgot)}
            data-testid="login-forgot"
          >
            {t('login.forgot')}
          </button>
        </>
      }
    >
      <TextField
        id="login-email"
        testId="login-email"
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
        id="login-password"
        testId="login-password"
        label={t('contract:fields.password')}
        type="password"
        autoComplete="current-password"
        placeholder={t('auth.passwordPlaceholder')}
        maxLength={64}
        value={password}
        onChange={setPassword}
        error={errors.password}
      />
      <Button
        type="submit"
        color="primary"
        size="large"
        block
        shape="rounded"
        loading={login.isPending}
        disabled={login.isPending}
        data-testid="login-submit"
      >
        {t('login.submit')}
      </Button>
      <Button
        type="button"
        fill="outline"
        color="primary"
        block
        shape="rounded"
        onClick={() => navigate(PATHS.loginCode, { replace: true, state: { email } })}
        data-testid="login-to-code"
      >
        {t('login.withCode')}
      </Button>
    </AuthLayout>
  );
}
