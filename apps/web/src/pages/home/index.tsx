import { PullToRefresh } from 'antd-mobile';
import { RightOutline } from 'antd-mobile-icons';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router-dom';
import { authKeys } from '@/api/auth.ts';
import { walletKeys } from '@/api/wallet.ts';
import { Frame } from '@/app/Frame.tsx';
import { PATHS } from '@/app/paths.ts';
import { Button } from '@/components/Button.tsx';
import { MeRows } from '@/components/me/MeRows.tsx';
import styles from '@/components/me/me.module.css';
import { LogoutButton, ProfileIdentity, UidRow } from '@/components/me/ProfileParts.tsx';
import { NoticeBell } from '@/components/notices/NoticeBell.tsx';
import { Refreshable } from '@/components/Refreshable.tsx';
import { Wallet } from '@/components/wallet/Wallet.tsx';
import { useSession } from '@/lib/session.ts';

/**
 * Me (tab 2): the profile card (opening the profile page), the wallet (total, quick actions, assets), then one list of
 * rows: account, assets and activities, settings, more. Pull down to refresh.
 */
export default function MePage() {
  const { t } = useTranslation();
  const loggedIn = useSession((state) => state.loginStatus);
  const content = (
    <>
      {loggedIn ? (
        <>
          <Profile />
          <Wallet />
        </>
      ) : (
        <Guest />
      )}
      <MeRows loggedIn={loggedIn} />
      {loggedIn && <LogoutButton testId="logout" />}
    </>
  );
  return (
    <Frame title={t('me.title')} back={false} left={loggedIn ? <NoticeBell /> : undefined}>
      {loggedIn ? (
        <Refreshable pull={PullToRefresh} refresh={[walletKeys.all, authKeys.userInfo()]}>
          {content}
        </Refreshable>
      ) : (
        content
      )}
    </Frame>
  );
}

function Guest() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  return (
    <section className={styles.card} aria-labelledby="me-guest-title" data-testid="me-guest">
      <h2 className={styles.name} id="me-guest-title">
        {t('me.guestTitle')}
      </h2>
      <p className={styles.guestBody}>{t('me.guestBody')}</p>
      <div className={styles.actions}>
        <Button variant="primary" onClick={() => navigate(PATHS.login)} data-testid="me-login">
          {t('me.login')}
        </Button>
        <Button onClick={() => navigate(PATHS.register)} data-testid="me-register">
          {t('me.register')}
        </Button>
      </div>
    </section>
  );
}

function Profile() {
  const { t } = useTranslation();
  return (
    <section className={styles.card} aria-label={t('me.account')} data-testid="me-profile">
      {/* The header opens the one profile page: the picture, the names, the email (pages/my/personal-center). */}
      <Link
        className={styles.identity}
        to={PATHS.personalCenter}
        style={{ color: 'inherit', textDecoration: 'none' }}
        data-testid="me-open-profile"
      >
        <ProfileIdentity testIdPrefix="me" />
        {/* Named by the person's name it shows, then what it does (WCAG 2.5.3 Label in Name, as RecordItem). */}
        <span className="px-visually-hidden">{t('profile.open')}</span>
        <RightOutline aria-hidden />
      </Link>
      <UidRow testIdPrefix="me" />
    </section>
  );
}
