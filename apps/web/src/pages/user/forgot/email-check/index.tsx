import { SpinLoading } from 'antd-mobile';
import { CloseCircleOutline } from 'antd-mobile-icons';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { Navigate, useLocation, useNavigate } from 'react-router-dom';
import { useCheckEmail } from '@/api/auth.ts';
import { Frame } from '@/app/Frame.tsx';
import styles from '@/app/PageState.module.css';
import { PATHS } from '@/app/paths.ts';
import { Button } from '@/components/Button.tsx';

/** Step 2 of 4: only a registered email may reset (SPEC §5). A registered one moves on by itself. */
export default function ForgotEmailCheckPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const email = (useLocation().state as { email?: string } | null)?.email;
  const check = useCheckEmail(email);
  const registered = check.data?.registered === true;

  useEffect(() => {
    if (registered && email) navigate(PATHS.forgotReceiveCode, { replace: true, state: { email } });
  }, [registered, email, navigate]);

  if (!email) return <Navigate to={PATHS.forgot} replace />;

  return (
    <Frame title={t('forgot.title')}>
      {check.data?.registered === false ? (
        <div className="px-center" data-testid="forgot-not-registered">
          <CloseCircleOutline className={styles.icon} aria-hidden />
          <h2 className={styles.heading} role="alert">
            {t('contract:auth.emailNotRegistered')}
          </h2>
          <p className={styles.body}>{email}</p>
          <Button
            variant="primary"
            block
            onClick={() => navigate(PATHS.forgot, { replace: true, state: { email } })}
            data-testid="forgot-change-email"
          >
            {t('forgot.changeEmail')}
          </Button>
          <Button block onClick={() => navigate(PATHS.register, { replace: true })} data-testid="forgot-register">
            {t('forgot.register')}
          </Button>
        </div>
      ) : check.isError ? (
        <div className="px-center">
          <p className={styles.body} role="alert">
            {check.error.message}
          </p>
          <Button variant="primary" onClick={() => void check.refetch()} data-testid="forgot-retry">
            {t('forgot.retry')}
          </Button>
        </div>
      ) : (
        <div className="px-center" role="status" data-testid="forgot-checking">
          <SpinLoading color="primary" aria-hidden />
          <p className={styles.body}>{t('forgot.checking')}</p>
        </div>
      )}
    </Frame>
  );
}
