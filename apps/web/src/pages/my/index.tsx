import {
  BankcardOutline,
  CalendarOutline,
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
import { useUserInfo } from '@/api/auth.ts';
import { useSummary } from '@/api/wallet.ts';
import { Frame } from '@/app/Frame.tsx';
import { PATHS } from '@/app/paths.ts';
import { Button } from '@/components/Button.tsx';
import { LanguageSwitch } from '@/components/me/LanguageSwitch.tsx';
import me from '@/components/me/me.module.css';
import { LogoutButton, ProfileIdentity, UidRow } from '@/components/me/ProfileParts.tsx';
import styles from '@/components/mine/mine.module.css';
import { LoadFailed, Loading } from '@/components/QueryState.tsx';
import { CurrencySheet } from '@/components/wallet/CurrencySheet.tsx';
import { useSession } from '@/lib/session.ts';
import { useSettings } from '@/lib/settings.ts';
import { currencyOf, formatMoney, shown } from '@/lib/wallet.ts';

/** My: who I am, what I hold, and the way to every page of "my" and to the app's settings. */
export default function MyPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const loggedIn = useSession((state) => state.loginStatus);
  return (
    <Frame title={t('mine.title')}>
      {loggedIn ? <Account /> : <Guest />}
      <Settings />
      {loggedIn && <LogoutButton testId="my-logout" afterLogout={() => navigate(PATHS.me, { replace: true })} />}
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
        <Button variant="primary" onClick={() => navigate(PATHS.login)} data-testid="my-login">
          {t('me.login')}
        </Button>
        <Button onClick={() => navigate(PATHS.register)} data-testid="my-register">
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
  const showAssets = useSettings((state) => state.showAssets);
  const currency = currencyOf(useSettings((state) => state.currency));
  const summary = useSummary(currency);
  return (
    <section className={me.card} aria-label={t('me.account')} data-testid="my-profile">
      <div className={me.identity}>
        <ProfileIdentity testIdPrefix="my" />
      </div>
      <UidRow testIdPrefix="my" />
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
