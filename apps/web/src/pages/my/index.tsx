import { TOAST_DURATION_MS } from '@polaris/contract';
import { Button, Dialog, Toast } from 'antd-mobile';
import {
  BankcardOutline,
  CalendarOutline,
  FileOutline,
  GiftOutline,
  InformationCircleOutline,
  LockOutline,
  PayCircleOutline,
  PictureOutline,
  RightOutline,
  StarOutline,
  TeamOutline,
  UserOutline,
} from 'antd-mobile-icons';
import { type ReactNode, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router-dom';
import { useLogout, useUserInfo } from '@/api/auth.ts';
import { useSummary } from '@/api/wallet.ts';
import { Frame } from '@/app/Frame.tsx';
import { PATHS } from '@/app/paths.ts';
import { LanguageSwitch } from '@/components/me/LanguageSwitch.tsx';
import me from '@/components/me/me.module.css';
import styles from '@/components/mine/mine.module.css';
import { LoadFailed, Loading } from '@/components/QueryState.tsx';
import { VipBadge } from '@/components/VipBadge.tsx';
import { CurrencySheet } from '@/components/wallet/CurrencySheet.tsx';
import { copyText } from '@/lib/clipboard.ts';
import { useSession } from '@/lib/session.ts';
import { useSettings } from '@/lib/settings.ts';
import { currencyOf, formatMoney, shown } from '@/lib/wallet.ts';

/** My: who I am, what I hold, and the way to every page of "my" and to the app's settings. */
export default function MyPage() {
  const { t } = useTranslation();
  const loggedIn = useSession((state) => state.loginStatus);
  return (
    <Frame title={t('mine.title')}>
      {loggedIn ? <Account /> : <Guest />}
      <Settings />
      {loggedIn && <LogoutButton />}
    </Frame>
  );
}

function Guest() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  return (
    <section className={me.card} aria-labelledby="my-guest-title" data-testid="my-guest">
      <h2 className={me.name} id="my-guest-title">
        {t('me.guestTitle')}
      </h2>
      <p className={me.guestBody}>{t('mine.guestBody')}</p>
      <div className={me.actions}>
        <Button color="primary" shape="rounded" onClick={() => navigate(PATHS.login)} data-testid="my-login">
          {t('me.login')}
        </Button>
        <Button shape="rounded" onClick={() => navigate(PATHS.register)} data-testid="my-register">
          {t('me.register')}
        </Button>
      </div>
    </section>
  );
}

function Account() {
  const info = useUserInfo();
  const user = useSession((state) => state.userInfo);
  // The stored profile shows at once; only a first load with nothing stored waits or fails visibly.
  if (!user && info.isPending) return <Loading testId="my-loading" />;
  if (!user) return <LoadFailed onRetry={() => void info.refetch()} testId="my-failed" />;
  return (
    <>
      <Profile />
      <Entries />
    </>
  );
}

function Profile() {
  const { t } = useTranslation();
  const user = useSession((state) => state.userInfo);
  const showAssets = useSettings((state) => state.showAssets);
  const currency = currencyOf(useSettings((state) => state.currency));
  const summary = useSummary(currency);
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
    <section className={me.card} aria-label={t('me.account')} data-testid="my-profile">
      <div className={me.identity}>
        <div className={me.avatar} aria-hidden>
          {(name || user?.email || '?').slice(0, 1)}
        </div>
        <div>
          <p className={me.name} data-testid="my-name">
            {name || t('me.noName')} <VipBadge vip={user?.vip} />
          </p>
          <p className={me.email}>{user?.email}</p>
        </div>
      </div>
      <div className={me.uid}>
        <span>
          {t('me.uid')}: <span data-testid="my-uid">{user?.uid}</span>
        </span>
        <button
          type="button"
          className={me.copy}
          onClick={() => void copyUid()}
          aria-label={t('common.copy', { label: t('me.uid') })}
          data-testid="my-copy-uid"
        >
          <FileOutline aria-hidden />
        </button>
      </div>
      <Link to={PATHS.myAsset} className={styles.total} style={{ textDecoration: 'none' }} data-testid="my-total-link">
        <span>{t('wallet.total', { currency })}</span>
        <span className={styles.totalFigure} data-testid="my-total" aria-live="polite">
          {summary.isPending
            ? '…'
            : summary.isError
              ? t('wallet.loadFailed')
              : shown(formatMoney(summary.data?.total ?? '0', currency), showAssets)}
        </span>
      </Link>
    </section>
  );
}

function Entry({
  icon,
  label,
  to,
  end,
  testId,
}: {
  icon: ReactNode;
  label: string;
  to: string;
  end?: string;
  testId: string;
}) {
  return (
    <Link className={styles.entry} to={to} data-testid={testId}>
      <span className={me.rowIcon} aria-hidden>
        {icon}
      </span>
      <span className={styles.entryLabel}>{label}</span>
      {end && <span className={styles.entryEnd}>{end}</span>}
      <RightOutline aria-hidden />
    </Link>
  );
}

function Entries() {
  const { t } = useTranslation();
  return (
    <>
      <nav className={me.section} aria-labelledby="my-account-title">
        <h2 className={me.sectionTitle} id="my-account-title">
          {t('mine.accountSection')}
        </h2>
        <div className={me.list}>
          <Entry icon={<LockOutline />} label={t('mine.security')} to={PATHS.securityCenter} testId="my-security" />
          <Entry icon={<UserOutline />} label={t('mine.personal')} to={PATHS.personalCenter} testId="my-personal" />
          <Entry icon={<StarOutline />} label={t('mine.membership')} to={PATHS.vip} testId="my-vip" />
          <Entry icon={<GiftOutline />} label={t('mine.invite')} to={PATHS.inviteGift} testId="my-invite" />
        </div>
      </nav>
      <nav className={me.section} aria-labelledby="my-assets-title">
        <h2 className={me.sectionTitle} id="my-assets-title">
          {t('mine.assetsSection')}
        </h2>
        <div className={me.list}>
          <Entry icon={<BankcardOutline />} label={t('mine.assets')} to={PATHS.myAsset} testId="my-assets" />
          <Entry icon={<PictureOutline />} label={t('mine.nfts')} to={PATHS.myNft} testId="my-nfts" />
          <Entry
            icon={<PayCircleOutline />}
            label={t('mine.earnings')}
            to={PATHS.creatorStatistics}
            testId="my-earnings"
          />
          <Entry icon={<CalendarOutline />} label={t('mine.calendar')} to={PATHS.myCalendar} testId="my-calendar" />
        </div>
      </nav>
      <nav className={me.section} aria-labelledby="my-more-title">
        <h2 className={me.sectionTitle} id="my-more-title">
          {t('mine.moreSection')}
        </h2>
        <div className={me.list}>
          <Entry icon={<TeamOutline />} label={t('mine.community')} to={PATHS.joinCommunity} testId="my-community" />
          <Entry icon={<InformationCircleOutline />} label={t('mine.about')} to={PATHS.aboutUs} testId="my-about" />
        </div>
      </nav>
    </>
  );
}

function Settings() {
  const { t } = useTranslation();
  const currency = currencyOf(useSettings((state) => state.currency));
  const [choosing, setChoosing] = useState(false);
  return (
    <section className={me.section} aria-labelledby="my-settings-title">
      <h2 className={me.sectionTitle} id="my-settings-title">
        {t('me.settings')}
      </h2>
      <div className={me.list}>
        <LanguageSwitch />
        <button
          type="button"
          className={styles.entry}
          onClick={() => setChoosing(true)}
          aria-label={t('currency.current', { currency })}
          data-testid="my-currency"
        >
          <PayCircleOutline className={me.rowIcon} aria-hidden />
          <span className={styles.entryLabel}>{t('mine.currency')}</span>
          <span className={styles.entryEnd}>{currency}</span>
          <RightOutline aria-hidden />
        </button>
      </div>
      <CurrencySheet visible={choosing} onClose={() => setChoosing(false)} />
    </section>
  );
}

function LogoutButton() {
  const { t } = useTranslation();
  const navigate = useNavigate();
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
    navigate(PATHS.me, { replace: true });
  };
  return (
    <Button
      className={me.logout}
      block
      shape="rounded"
      color="danger"
      fill="outline"
      loading={logout.isPending}
      disabled={logout.isPending}
      onClick={() => void confirm()}
      data-testid="my-logout"
    >
      {t('me.logout')}
    </Button>
  );
}
