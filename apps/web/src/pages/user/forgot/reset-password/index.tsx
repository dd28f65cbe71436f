import { TOAST_DURATION_MS } from '@polaris/contract';
import { Button, Toast } from 'antd-mobile';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Navigate, useLocation, useNavigate } from 'react-router-dom';
import { useResetPassword } from '@/api/auth.ts';
import { PATHS } from '@/app/paths.ts';
import { AuthLayout } from '@/components/AuthLayout.tsx';
import { reportFormError } from '@/components/form-errors.ts';
import { TextField } from '@/components/TextField.tsx';
import { type FieldErrors, ResetForm, validateWithConfirm } from '@/lib/auth-forms.ts';
import { useSettings } from '@/lib/settings.ts';

/** Step 4 of 4: the new password. A wrong code comes back from the server and is shown as a toast. */
export default function ForgotResetPasswordPage() {
  const { t } = useTranslation();
  const language = useSettings((state) => state.language);
  const navigate = useNavigate();
  const state = useLocation().state as { email?: string; vcode?: string } | null;
  const [password, setPassword] = useState('');
  const [confirmPassword, setConfirmPassword] = useState('');
  const [errors, setErrors] = useState<FieldErrors>({});
  const reset = useResetPassword();

  if (!state?.email || !state.vcode) return <Navigate to={PATHS.forgot} replace />;
  const { email, vcode } = state;

  const submit = () => {
    const checked = validateWithConfirm(ResetForm, { email, vcode, password, confirmPassword }, language);
    if (!checked.ok) {
      setErrors(checked.errors);
      // Email and code were checked on earlier steps; if they are wrong now, say so rather than hide it.
      const earlier = checked.errors.vcode ?? checked.errors.email;
      if (earlier) Toast.show({ content: earlier, duration: TOAST_DURATION_MS });
      return;
    }
    setErrors({});
    reset.mutate(checked.data, {
      onSuccess: () => {
        Toast.show({ content: t('forgot.success'), duration: TOAST_DURATION_MS });
        navigate(PATHS.login, { replace: true, state: { email } });
      },
      onError: (error) => reportFormError(error, ['password'], setErrors),
    });
  };

  return (
    <AuthLayout title={t('forgot.title')} heading={t('forgot.resetHeading')} sub={email} onSubmit={submit}>
      <TextField
        id="forgot-password"
        testId="forgot-password"
        label={t('forgot.newPassword')}
        type="password"
        autoComplete="new-password"
        placeholder={t('auth.passwordPlaceholder')}
        maxLength={64}
        value={password}
        onChange={setPassword}
        error={errors.password}
      />
      <TextField
        id="forgot-confirm"
        testId="forgot-confirm"
        label={t('contract:fields.confirmPassword')}
        type="password"
        autoComplete="new-password"
        placeholder={t('auth.confirmPlaceholder')}
        maxLength={64}
        value={confirmPassword}
        onChange={setConfirmPassword}
        error={errors.confirmPassword}
      />
      <Button
        type="submit"
        color="primary"
        size="large"
        block
        shape="rounded"
        loading={reset.isPending}
        disabled={reset.isPending}
        data-testid="forgot-submit"
      >
        {t('forgot.submit')}
      </Button>
    </AuthLayout>
  );
}
