import { useTranslation } from 'react-i18next';
import { useLocation } from 'react-router-dom';
import { usePasswordLogin } from '@/api/auth.ts';
import { AuthLayout } from '@/components/auth/AuthLayout.tsx';
import { EmailField, PasswordField, SubmitButton } from '@/components/auth/fields.tsx';
import { LoginFooter, SwitchLoginButton } from '@/components/auth/LoginParts.tsx';
import { ProviderButtons } from '@/components/auth/ProviderButtons.tsx';
import { useFinishLogin, useLoginBack } from '@/components/auth/useAuthNavigation.ts';
import { useForm } from '@/components/useForm.ts';
import { LoginForm } from '@/lib/auth-forms.ts';

/** Sign-in with email and password; the same screen at every login path (SPEC §2 lists two). */
export function PasswordLogin() {
  const { t } = useTranslation();
  const carried = (useLocation().state as { email?: string } | null)?.email;
  const form = useForm({ email: carried ?? '', password: '' });
  const login = usePasswordLogin();
  const back = useLoginBack();
  const finish = useFinishLogin();

  const submit = () => {
    const data = form.accept(form.validate(LoginForm));
    if (!data) return;
    login.mutate(data, {
      onSuccess: (loggedIn) => loggedIn && finish(t('login.success')),
      onError: form.reportTo(['email', 'password']),
    });
  };

  return (
    <AuthLayout
      title={t('login.title')}
      heading={t('login.heading')}
      back={back}
      onSubmit={submit}
      footer={<LoginFooter testIdPrefix="login" />}
    >
      <EmailField id="login-email" {...form.field('email')} />
      <PasswordField id="login-password" autoComplete="current-password" {...form.field('password')} />
      <SubmitButton testId="login-submit" pending={login.isPending}>
        {t('login.submit')}
      </SubmitButton>
      <SwitchLoginButton to="code" email={form.values.email} />
      <ProviderButtons />
    </AuthLayout>
  );
}
