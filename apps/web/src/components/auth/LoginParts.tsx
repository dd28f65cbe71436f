import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';
import { PATHS } from '@/app/paths.ts';
import { Button } from '@/components/Button.tsx';
import { authStyles } from './AuthLayout.tsx';

/** The two login pages' footer: links to sign up and to reset the password. */
export function LoginFooter({ testIdPrefix }: { testIdPrefix: string }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  return (
    <>
      <button
        type="button"
        className={authStyles.link}
        onClick={() => navigate(PATHS.register)}
        data-testid={`${testIdPrefix}-register`}
      >
        {t('login.register')}
      </button>
      <button
        type="button"
        className={authStyles.link}
        onClick={() => navigate(PATHS.forgot)}
        data-testid={`${testIdPrefix}-forgot`}
      >
        {t('login.forgot')}
      </button>
    </>
  );
}

/** Switches between logging in by password and by code, keeping the email typed so far. */
export function SwitchLoginButton({ to, email }: { to: 'password' | 'code'; email: string }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  return (
    <Button
      type="button"
      block
      onClick={() => navigate(to === 'code' ? PATHS.loginCode : PATHS.login, { replace: true, state: { email } })}
      data-testid={to === 'code' ? 'login-to-code' : 'login-to-password'}
    >
      {t(to === 'code' ? 'login.withCode' : 'login.withPassword')}
    </Button>
  );
}
