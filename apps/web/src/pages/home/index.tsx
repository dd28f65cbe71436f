import { PullToRefresh } from 'antd-mobile';
import {
  BellOutline,
  FileOutline,
  GiftOutline,
  InformationCircleOutline,
  RightOutline,
  StarOutline,
  TeamOutline,
  UserOutline,
} from 'antd-mobile-icons';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router-dom';
import { authKeys } from '@/api/auth.ts';
import { walletKeys } from '@/api/wallet.ts';
import { Frame } from '@/app/Frame.tsx';
import { PATHS } from '@/app/paths.ts';
import { Button } from '@/components/Button.tsx';
import { LanguageSwitch } from '@/components/me/LanguageSwitch.tsx';
import styles from '@/components/me/me.module.css';
import { LogoutButton, ProfileIdentity, UidRow } from '@/components/me/ProfileParts.tsx';
import { NoticeBell } from '@/components/notices/NoticeBell.tsx';
import { NoticesRow } from '@/components/notices/NoticesRow.tsx';
import { Refreshable } from '@/components/Refreshable.tsx';
import { Wallet } from '@/components/wallet/Wallet.tsx';
import { useSession } from '@/lib/session.ts';

/** Me (tab 2): profile, the wallet (total, quick actions, assets, entries), settings. Pull down to refresh. */
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
      <section className={styles.section} aria-labelledby="me-settings">
        <h2 className={styles.sectionTitle} id="me-settings">
          {t('me.settings')}
        </h2>
        <div className={styles.list}>
          {loggedIn && <NoticesRow icon={<BellOutline className={styles.rowIcon} aria-hidden />} />}
          <LanguageSwitch />
          {loggedIn && (
            <div className={styles.row}>
              <StarOutline className={styles.rowIcon} aria-hidden />
              <Link className={styles.rowLabel} to={PATHS.vip} data-testid="me-vip">
                {t('vip.entry')}
              </Link>
            </div>
          )}
          {loggedIn && (
            <div className={styles.row}>
              <GiftOutline className={styles.rowIcon} aria-hidden />
              <Link className={styles.rowLabel} to={PATHS.inviteGift} data-testid="me-invite">
                {t('invite.entry')}
              </Link>
            </div>
          )}
          {loggedIn && (
            <div className={styles.row}>
              <UserOutline className={styles.rowIcon} aria-hidden />
              <Link className={styles.rowLabel} to={PATHS.personalCenter} data-testid="me-profile-edit">
                {t('profile.title')}
              </Link>
            </div>
          )}
          <div className={styles.row}>
            <FileOutline className={styles.rowIcon} aria-hidden />
            <Link className={styles.rowLabel} to={PATHS.agreement} data-testid="me-agreement">
              {t('me.agreement')}
            </Link>
          </div>
          <div className={styles.row}>
            <TeamOutline className={styles.rowIcon} aria-hidden />
            <Link className={styles.rowLabel} to={PATHS.joinCommunity} data-testid="me-join-community">
              {t('joinCommunity.entry')}
            </Link>
          </div>
          <div className={styles.row}>
            <InformationCircleOutline className={styles.rowIcon} aria-hidden />
            <Link className={styles.rowLabel} to={PATHS.aboutUs} data-testid="me-about-us">
              {t('aboutUs.entry')}
            </Link>
          </div>
        </div>
      </section>
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
      {/* The header opens My: the profile, every page of "my" and the settings (pages/my/index.tsx). */}
      <Link
        className={styles.identity}
        to={PATHS.my}
        style={{ color: 'inherit', textDecoration: 'none' }}
        aria-label={t('mine.open')}
        data-testid="me-open-my"
      >
        <ProfileIdentity testIdPrefix="me" />
        <RightOutline aria-hidden />
      </Link>
      <UidRow testIdPrefix="me" />
    </section>
  );
}
