import { Button } from 'antd-mobile';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation, useNavigate } from 'react-router-dom';
import { PATHS } from '@/app/paths.ts';
import { AuthLayout } from '@/components/AuthLayout.tsx';
import { TextField } from '@/components/TextField.tsx';
import { type FieldErrors, ForgotEmailForm, validate } from '@/lib/auth-forms.ts';
import { useSettings } from '@/lib/settings.ts';

/** Step 1 of 4: which account. The email travels to the next steps in route state, never in the URL. */
export default function ForgotPage() {
  const { t } = useTranslation();
  const language = useSettings((state) => state.language);
  const navigate = useNavigate();
  const carried = (useLocation().state as { email?: string } | null)?.email;
  const [email, setEmail] = useState(carried ?? '');
  const [errors, setErrors] = useState<FieldErrors>({});

  const submit = () => {
    const checked = validate(ForgotEmailForm, { email }, language);
    if (!checked.ok) {
      setErrors(checked.errors);
      return;
    }
    setErrors({});
    navigate(PATHS.forgotEmailCheck, { state: { email: checked.data.email } });
  };

  return (
    <AuthLayout title={t('forgot.title')} heading={t('forgot.heading')} sub={t('forgot.body')} onSubmit={submit}>
      <TextField
        id="forgot-email"
        testId="forgot-email"
        label={t('contract:fields.email')}
        type="email"
        inputMode="email"
        autoComplete="email"
        placeholder={t('auth.emailPlaceholder')}
        value={email}
        onChange={setEmail}
        error={errors.email}
      />
      <Button type="submit" color="primary" size="large" block shape="rounded" data-testid="forgot-next">
        {t('forgot.next')}
      </Button>
    </AuthLayout>
  );
}
