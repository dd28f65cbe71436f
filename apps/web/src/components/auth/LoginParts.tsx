import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';
import { PATHS } from '@/app/paths.ts';
import { Button } from '@/components/Button.tsx';

/** The two login pages' footer: link-style buttons to sign up and to reset the password. */
export function LoginFooter({ testIdPrefix }: { testIdPrefix: string }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  return (
    <>
      <Button
        type="button"
        variant="text"
        onClick={() => navigate(PATHS.register)}
        data-testid={`${testIdPrefix}-register`}
      >
        {t('login.register')}
      </Button>
      <Button
        type="button"
        variant="text"
        onClick={() => navigate(PATHS.forgot)}
        data-testid={`${testIdPrefix}-forgot`}
      >
        {t('login.forgot')}
      </Button>
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
