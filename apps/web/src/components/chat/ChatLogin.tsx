import { MessageOutline } from 'antd-mobile-icons';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';
import { PATHS } from '@/app/paths.ts';
import { Button } from '@/components/Button.tsx';
import { EmptyState } from '@/components/EmptyState.tsx';
import { useSession } from '@/lib/session.ts';

/** Chat belongs to an account: a guest is told so and offered the login (which brings them back here). */
export function ChatLogin({ children }: { children: ReactNode }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const loggedIn = useSession((state) => state.loginStatus);
  if (loggedIn) return <>{children}</>;
  return (
    <EmptyState
      testId="chat-login-required"
      icon={<MessageOutline />}
      title={t('chat.loginTitle')}
      body={t('chat.loginBody')}
      action={
        <Button variant="primary" onClick={() => navigate(PATHS.login)} data-testid="chat-login">
          {t('chat.login')}
        </Button>
      }
    />
  );
}
