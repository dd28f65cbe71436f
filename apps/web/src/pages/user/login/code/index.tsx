import { useTranslation } from 'react-i18next';
import { useLocation } from 'react-router-dom';
import { useCodeLogin } from '@/api/auth.ts';
import { AuthLayout } from '@/components/auth/AuthLayout.tsx';
import { CodeField, EmailField, SubmitButton } from '@/components/auth/fields.tsx';
import { LoginFooter, SwitchLoginButton } from '@/components/auth/LoginParts.tsx';
import { ProviderButtons } from '@/components/auth/ProviderButtons.tsx';
import { useFinishLogin, useLoginBack } from '@/components/auth/useAuthNavigation.ts';
import { useForm } from '@/components/useForm.ts';
import { CodeLoginForm } from '@/lib/auth-forms.ts';

export default function CodeLoginPage() {
  const { t } = useTranslation();
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
      footer={<LoginFooter testIdPrefix="login-code" />}
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
      <SwitchLoginButton to="password" email={form.values.email} />
      <ProviderButtons />
    </AuthLayout>
  );
}
