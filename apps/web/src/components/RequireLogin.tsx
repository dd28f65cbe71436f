import { LockOutline } from 'antd-mobile-icons';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';
import { PATHS } from '@/app/paths.ts';
import { Button } from '@/components/Button.tsx';
import { useSession } from '@/lib/session.ts';
import { EmptyState } from './EmptyState.tsx';

/** Wallet pages belong to an account: a guest sees why, and a way to log in, instead of an empty page. */
export function RequireLogin({ children }: { children: ReactNode }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const loggedIn = useSession((state) => state.loginStatus);
  if (loggedIn) return <>{children}</>;
  return (
    <EmptyState
      icon={<LockOutline />}
      title={t('wallet.loginTitle')}
      body={t('wallet.loginBody')}
      testId="wallet-login-required"
      action={
        <Button variant="primary" onClick={() => navigate(PATHS.login)} data-testid="wallet-login">
          {t('me.login')}
        </Button>
      }
    />
  );
}
