import { LockOutline } from 'antd-mobile-icons';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';
import { PATHS } from '@/app/paths.ts';
import { useRouteInfo } from '@/app/route-info.ts';
import { Button } from '@/components/Button.tsx';
import { EmptyState } from './EmptyState.tsx';

/**
 * The one guest wall (issue 23 item 10): a page that belongs to an account tells a guest what it is
 * ("登入後查看「轉帳」", its name from the route table through `useRouteInfo`) and offers both logging in and signing
 * up. Either returns here afterwards: the auth pages step back over themselves when they succeed
 * (docs/web-client.md "Paths and routes").
 */
export function GuestWall({ title }: { title?: string }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { signInTitle } = useRouteInfo();
  const key = title ?? signInTitle;
  const page = key ? t(key) : null;
  return (
    <EmptyState
      icon={<LockOutline />}
      title={page ? t('guestWall.title', { page }) : t('guestWall.titleGeneric')}
      body={t('guestWall.body')}
      testId="guest-wall"
      action={
        <div style={{ display: 'grid', gridTemplateColumns: '1fr 1fr', gap: 12, width: '100%', maxWidth: 320 }}>
          <Button variant="primary" onClick={() => navigate(PATHS.login)} data-testid="guest-wall-login">
            {t('guestWall.login')}
          </Button>
          <Button onClick={() => navigate(PATHS.register)} data-testid="guest-wall-register">
            {t('guestWall.register')}
          </Button>
        </div>
      }
    />
  );
}
