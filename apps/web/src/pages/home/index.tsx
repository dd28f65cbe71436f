import { TOAST_DURATION_MS } from '@polaris/contract';
import { Button, Dialog, PullToRefresh, Toast } from 'antd-mobile';
import {
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
import { authKeys, useLogout } from '@/api/auth.ts';
import { walletKeys } from '@/api/wallet.ts';
import { Frame } from '@/app/Frame.tsx';
import { PATHS } from '@/app/paths.ts';
import { LanguageSwitch } from '@/components/me/LanguageSwitch.tsx';
import styles from '@/components/me/me.module.css';
import { Refreshable } from '@/components/Refreshable.tsx';
import { VipBadge } from '@/components/VipBadge.tsx';
import { Wallet } from '@/components/wallet/Wallet.tsx';
import { copyText } from '@/lib/clipboard.ts';
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
      {loggedIn && <LogoutButton />}
    </>
  );
  return (
    <Frame title={t('me.title')} back={false}>
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
        <Button color="primary" shape="rounded" onClick={() => navigate(PATHS.login)} data-testid="me-login">
          {t('me.login')}
        </Button>
        <Button shape="rounded" onClick={() => navigate(PATHS.register)} data-testid="me-register">
          {t('me.register')}
        </Button>
      </div>
    </section>
  );
}

function Profile() {
  const { t } = useTranslation();
  const user = useSession((state) => state.userInfo);
  const name = user?.uname || user?.openName;
  const copyUid = async () => {
    const label = t('me.uid');
    const ok = user?.uid ? await copyText(user.uid) : false;
    Toast.show({
      content: ok ? t('common.copied', { label }) : t('common.copyFailed', { label }),
      duration: TOAST_DURATION_MS,
    });
  };
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
        <div className={styles.avatar} aria-hidden>
          {(name || user?.email || '?').slice(0, 1)}
        </div>
        <div style={{ flex: 1 }}>
          <p className={styles.name}>
            {name || t('me.noName')} <VipBadge vip={user?.vip} />
          </p>
          <p className={styles.email} data-testid="me-email">
            {user?.email}
          </p>
        </div>
        <RightOutline aria-hidden />
      </Link>
      <div className={styles.uid}>
        <span>
          {t('me.uid')}: <span data-testid="me-uid">{user?.uid}</span>
        </span>
        <button
          type="button"
          className={styles.copy}
          onClick={() => void copyUid()}
          aria-label={t('common.copy', { label: t('me.uid') })}
          data-testid="me-copy-uid"
        >
          <FileOutline aria-hidden />
        </button>
      </div>
    </section>
  );
}

function LogoutButton() {
  const { t } = useTranslation();
  const logout = useLogout();
  const confirm = async () => {
    const sure = await Dialog.confirm({
      title: t('me.logoutTitle'),
      content: t('me.logoutContent'),
      confirmText: t('common.confirm'),
      cancelText: t('common.cancel'),
    });
    if (!sure) return;
    await logout.mutateAsync();
    Toast.show({ content: t('me.loggedOut'), duration: TOAST_DURATION_MS });
  };
  return (
    <Button
      className={styles.logout}
      block
      shape="rounded"
      color="danger"
      fill="outline"
      loading={logout.isPending}
      disabled={logout.isPending}
      onClick={() => void confirm()}
      data-testid="logout"
    >
      {t('me.logout')}
    </Button>
  );
}
