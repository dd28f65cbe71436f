import { useTranslation } from 'react-i18next';
import { Navigate, useLocation, useNavigate } from 'react-router-dom';
import { PATHS } from '@/app/paths.ts';
import { AuthLayout } from '@/components/auth/AuthLayout.tsx';
import { CodeField, SubmitButton } from '@/components/auth/fields.tsx';
import { useForm } from '@/components/useForm.ts';
import { ForgotCodeForm } from '@/lib/auth-forms.ts';

/** Step 3 of 4: the code. It goes to the last step in route state (memory), not in the URL. */
export default function ForgotReceiveCodePage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const state = useLocation().state as { email?: string; vcode?: string } | null;
  const email = state?.email;
  const form = useForm({ vcode: state?.vcode ?? '' });

  if (!email) return <Navigate to={PATHS.forgot} replace />;

  const submit = () => {
    const data = form.accept(form.validate(ForgotCodeForm, { email, vcode: form.values.vcode }));
    if (!data) return;
    navigate(PATHS.forgotResetPassword, { state: data });
  };

  return (
    <AuthLayout
      title={t('forgot.title')}
      heading={t('forgot.codeHeading')}
      sub={t('forgot.codeBody', { email })}
      onSubmit={submit}
    >
      <CodeField
        id="forgot-code"
        email={email}
        purpose="reset"
        sendTestId="forgot-send-code"
        onEmailError={(message) => form.setError('email', message)}
        {...form.field('vcode')}
        error={form.errors.vcode ?? form.errors.email}
      />
      <SubmitButton testId="forgot-code-next">{t('forgot.next')}</SubmitButton>
    </AuthLayout>
  );
}
