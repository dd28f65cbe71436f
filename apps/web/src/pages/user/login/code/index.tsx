import { Button } from 'antd-mobile';
import { useTranslation } from 'react-i18next';
import { useLocation, useNavigate } from 'react-router-dom';
import { useCodeLogin } from '@/api/auth.ts';
import { PATHS } from '@/app/paths.ts';
import { AuthLayout, authStyles } from '@/components/auth/AuthLayout.tsx';
import { CodeField, EmailField, SubmitButton } from '@/components/auth/fields.tsx';
import { useFinishLogin, useLoginBack } from '@/components/auth/useAuthNavigation.ts';
import { useForm } from '@/components/useForm.ts';
import { CodeLoginForm } from '@/lib/auth-forms.ts';

export default function CodeLoginPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const carried = (useLocation().state as { email?: string } | null)?.email;
  const form = useForm({ email: carried ?? '', vcode: '' });
  const login = useCodeLogin();
  const back = useLoginBack();
  const finish = useFinishLogin();

  const submit = () => {
    const data = form.accept(form.validate(CodeLoginForm));
    if (!data) return;
    login.mutate(data, {
      onSuccess: (loggedIn) => loggedIn && finish(t('login.success')),
      onError: form.reportTo(['email', 'vcode']),
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
      <EmailField id="login-code-email" {...form.field('email')} />
      <CodeField
        id="login-code-code"
        email={form.values.email}
        purpose="login"
        sendTestId="login-code-send"
        onEmailError={(message) => form.setError('email', message)}
        {...form.field('vcode')}
      />
      <SubmitButton testId="login-code-submit" pending={login.isPending}>
        {t('login.submit')}
      </SubmitButton>
      <Button
        type="button"
        fill="outline"
        color="primary"
        block
        shape="rounded"
        onClick={() => navigate(PATHS.login, { replace: true, state: { email: form.values.email } })}
        data-testid="login-to-password"
      >
        {t('login.withPassword')}
      </Button>
    </AuthLayout>
  );
}
