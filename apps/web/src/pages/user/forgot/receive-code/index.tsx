import { Button } from 'antd-mobile';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Navigate, useLocation, useNavigate } from 'react-router-dom';
import { PATHS } from '@/app/paths.ts';
import { AuthLayout } from '@/components/AuthLayout.tsx';
import { SendCodeButton } from '@/components/SendCodeButton.tsx';
import { TextField } from '@/components/TextField.tsx';
import { type FieldErrors, ForgotCodeForm, validate } from '@/lib/auth-forms.ts';
import { useSettings } from '@/lib/settings.ts';

/** Step 3 of 4: the code. It goes to the last step in route state (memory), not in the URL. */
export default function ForgotReceiveCodePage() {
  const { t } = useTranslation();
  const language = useSettings((state) => state.language);
  const navigate = useNavigate();
  const state = useLocation().state as { email?: string; vcode?: string } | null;
  const email = state?.email;
  const [vcode, setVcode] = useState(state?.vcode ?? '');
  const [errors, setErrors] = useState<FieldErrors>({});

  if (!email) return <Navigate to={PATHS.forgot} replace />;

  const submit = () => {
    const checked = validate(ForgotCodeForm, { email, vcode }, language);
    if (!checked.ok) {
      setErrors(checked.errors);
      return;
    }
    setErrors({});
    navigate(PATHS.forgotResetPassword, { state: checked.data });
  };

  return (
    <AuthLayout
      title={t('forgot.title')}
      heading={t('forgot.codeHeading')}
      sub={t('forgot.codeBody', { email })}
      onSubmit={submit}
    >
      <TextField
        id="forgot-code"
        testId="forgot-code"
        label={t('contract:fields.vcode')}
        inputMode="numeric"
        autoComplete="one-time-code"
        placeholder={t('auth.vcodePlaceholder')}
        maxLength={6}
        value={vcode}
        onChange={(value) => setVcode(value.replace(/\D/g, ''))}
        error={errors.vcode ?? errors.email}
        suffix={
          <SendCodeButton
            email={email}
            purpose="reset"
            testId="forgot-send-code"
            onErrors={(found) => setErrors((current) => ({ ...current, email: found.email }))}
          />
        }
      />
      <Button type="submit" color="primary" size="large" block shape="rounded" data-testid="forgot-code-next">
        {t('forgot.next')}
      </Button>
    </AuthLayout>
  );
}
