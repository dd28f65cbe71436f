import { TOAST_DURATION_MS } from '@polaris/contract';
import { Toast } from 'antd-mobile';
import { useTranslation } from 'react-i18next';
import { Navigate, useLocation, useNavigate } from 'react-router-dom';
import { useResetPassword } from '@/api/auth.ts';
import { PATHS } from '@/app/paths.ts';
import { AuthLayout } from '@/components/auth/AuthLayout.tsx';
import { ConfirmPasswordField, PasswordField, SubmitButton } from '@/components/auth/fields.tsx';
import { SecondFactorField, useSecondFactor } from '@/components/SecondFactorField.tsx';
import { useForm } from '@/components/useForm.ts';
import { ResetForm } from '@/lib/auth-forms.ts';

/**
 * Step 4 of 4: the new password. A wrong code comes back from the server and is shown as a toast. Signed out, the
 * page cannot know whether the account has Google Authenticator on, so its (optional) code field is always there.
 */
export default function ForgotResetPasswordPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const state = useLocation().state as { email?: string; vcode?: string } | null;
  const form = useForm({ password: '', confirmPassword: '' });
  const reset = useResetPassword();
  const secondFactor = useSecondFactor('/user/reset', { signedOut: true });

  if (!state?.email || !state.vcode) return <Navigate to={PATHS.forgot} replace />;
  const { email, vcode } = state;

  const submit = () => {
    const checked = form.validateWithConfirm(ResetForm, { email, vcode, ...form.values });
    const data = form.accept(checked);
    const code = secondFactor.take();
    if (!code) return;
    if (!data) {
      // Email and code were checked on earlier steps; if they are wrong now, say so rather than hide it.
      const earlier = checked.ok ? undefined : (checked.errors.vcode ?? checked.errors.email);
      if (earlier) Toast.show({ content: earlier, duration: TOAST_DURATION_MS });
      return;
    }
    reset.mutate(
      { ...data, ...code },
      {
        onSuccess: () => {
          Toast.show({ content: t('forgot.success'), duration: TOAST_DURATION_MS });
          navigate(PATHS.login, { replace: true, state: { email } });
        },
        onError: (error) => {
          if (!secondFactor.handle(error)) form.reportTo(['password'])(error);
        },
      },
    );
  };

  return (
    <AuthLayout title={t('forgot.title')} heading={t('forgot.resetHeading')} sub={email} onSubmit={submit}>
      <PasswordField
        id="forgot-password"
        label={t('forgot.newPassword')}
        autoComplete="new-password"
        {...form.field('password')}
      />
      <ConfirmPasswordField id="forgot-confirm" {...form.field('confirmPassword')} />
      <SecondFactorField factor={secondFactor} id="forgot-totp" />
      <SubmitButton testId="forgot-submit" pending={reset.isPending}>
        {t('forgot.submit')}
      </SubmitButton>
    </AuthLayout>
  );
}
