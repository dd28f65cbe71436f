import {
  BellOutline,
  CalendarOutline,
  FileOutline,
  GiftOutline,
  InformationCircleOutline,
  LockOutline,
  PayCircleOutline,
  PictureOutline,
  StarOutline,
  StopOutline,
  TeamOutline,
} from 'antd-mobile-icons';
import { useTranslation } from 'react-i18next';
import { PATHS } from '@/app/paths.ts';
import { ListGroup, ListRow } from '@/components/ListRow.tsx';
import { NoticesRow } from '@/components/notices/NoticesRow.tsx';
import { LanguageSwitch } from './LanguageSwitch.tsx';

/**
 * The Me tab's lists, one row style (`ListRow`: icon, label, value, chevron), in one vocabulary. They are what the
 * old "My" page repeated with other words; that page now opens the profile (issue 23 item 9). The wallet's own rows
 * (assets, payments, the currency, 計價幣別) stay in the wallet's section above.
 */
export function MeRows({ loggedIn }: { loggedIn: boolean }) {
  const { t } = useTranslation();
  return (
    <>
      {loggedIn && (
        <>
          <ListGroup id="me-account-title" title={t('mine.accountSection')}>
            <ListRow icon={<LockOutline />} title={t('mine.security')} to={PATHS.securityCenter} testId="me-security" />
            <NoticesRow icon={<BellOutline />} />
            <ListRow icon={<StarOutline />} title={t('mine.membership')} to={PATHS.vip} testId="me-vip" />
            <ListRow icon={<GiftOutline />} title={t('mine.invite')} to={PATHS.inviteGift} testId="me-invite" />
          </ListGroup>
          <ListGroup id="me-assets-title" title={t('mine.assetsSection')}>
            <ListRow icon={<PictureOutline />} title={t('mine.nfts')} to={PATHS.myNft} testId="me-nfts" />
            <ListRow
              icon={<PayCircleOutline />}
              title={t('mine.earnings')}
              to={PATHS.creatorStatistics}
              testId="me-earnings"
            />
            <ListRow icon={<CalendarOutline />} title={t('mine.calendar')} to={PATHS.myCalendar} testId="me-calendar" />
          </ListGroup>
        </>
      )}
      <ListGroup id="me-settings" title={t('me.settings')}>
        <LanguageSwitch />
        {loggedIn && (
          <ListRow icon={<StopOutline />} title={t('chatGuard.listTitle')} to={PATHS.chatBlocked} testId="me-blocked" />
        )}
      </ListGroup>
      <ListGroup id="me-more-title" title={t('mine.moreSection')}>
        <ListRow icon={<FileOutline />} title={t('me.agreement')} to={PATHS.agreement} testId="me-agreement" />
        <ListRow
          icon={<TeamOutline />}
          title={t('joinCommunity.entry')}
          to={PATHS.joinCommunity}
          testId="me-join-community"
        />
        <ListRow
          icon={<InformationCircleOutline />}
          title={t('aboutUs.entry')}
          to={PATHS.aboutUs}
          testId="me-about-us"
        />
      </ListGroup>
    </>
  );
}
