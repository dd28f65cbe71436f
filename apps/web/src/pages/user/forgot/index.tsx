import { useTranslation } from 'react-i18next';
import { useLocation, useNavigate } from 'react-router-dom';
import { PATHS } from '@/app/paths.ts';
import { AuthLayout } from '@/components/auth/AuthLayout.tsx';
import { EmailField, SubmitButton } from '@/components/auth/fields.tsx';
import { useForm } from '@/components/useForm.ts';
import { ForgotEmailForm } from '@/lib/auth-forms.ts';

/** Step 1 of 4: which account. The email travels to the next steps in route state, never in the URL. */
export default function ForgotPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const carried = (useLocation().state as { email?: string } | null)?.email;
  const form = useForm({ email: carried ?? '' });

  const submit = () => {
    const data = form.accept(form.validate(ForgotEmailForm));
    if (!data) return;
    navigate(PATHS.forgotEmailCheck, { state: { email: data.email } });
  };

  return (
    <AuthLayout title={t('forgot.title')} heading={t('forgot.heading')} sub={t('forgot.body')} onSubmit={submit}>
      <EmailField id="forgot-email" {...form.field('email')} />
      <SubmitButton testId="forgot-next">{t('forgot.next')}</SubmitButton>
    </AuthLayout>
  );
}
