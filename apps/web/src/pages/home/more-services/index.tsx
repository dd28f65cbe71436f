import {
  AddCircleOutline,
  BankcardOutline,
  CheckShieldOutline,
  CouponOutline,
  FileOutline,
  GiftOutline,
  HistogramOutline,
  LockOutline,
  PayCircleOutline,
  PlayOutline,
  SendOutline,
  SetOutline,
  ShopbagOutline,
  StarOutline,
  UnorderedListOutline,
} from 'antd-mobile-icons';
import { type ReactNode, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';
import { Frame } from '@/app/Frame.tsx';
import { href, PATHS } from '@/app/paths.ts';
import { useJump } from '@/app/useJump.ts';
import { CurrencySheet } from '@/components/wallet/CurrencySheet.tsx';
import styles from './services.module.css';

interface Service {
  id: string;
  icon: ReactNode;
  label: string;
  to?: string;
  /** A tab destination of SPEC §2's jump helper: switched to, not pushed. */
  tab?: boolean;
}

/** Every wallet entry in one grid; only screens that exist are listed. */
export default function MoreServicesPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const go = useJump();
  const [choosing, setChoosing] = useState(false);
  const services: Service[] = [
    {
      id: 'deposit',
      icon: <AddCircleOutline />,
      label: t('wallet.deposit'),
      to: href(PATHS.chooseAsset, { next: 'deposit' }),
    },
    {
      id: 'transfer',
      icon: <SendOutline />,
      label: t('wallet.transfer'),
      to: href(PATHS.chooseAsset, { next: 'transfer' }),
    },
    {
      id: 'records',
      icon: <UnorderedListOutline />,
      label: t('wallet.records'),
      to: href(PATHS.chooseAsset, { next: 'records' }),
    },
    { id: 'red-packets', icon: <GiftOutline />, label: t('redpacket.title'), to: PATHS.redEnvelope },
    { id: 'payments', icon: <BankcardOutline />, label: t('payments.title'), to: PATHS.payments },
    { id: 'market', icon: <HistogramOutline />, label: t('market.title'), to: PATHS.market },
    { id: 'bounty', icon: <StarOutline />, label: t('bounty.home.title'), to: PATHS.bounty },
    { id: 'daogame', icon: <PlayOutline />, label: t('daogame.title'), to: PATHS.daogame, tab: true },
    { id: 'trade-password', icon: <LockOutline />, label: t('tradePassword.title'), to: PATHS.traderPassword },
    { id: 'security', icon: <CheckShieldOutline />, label: t('security.title'), to: PATHS.securityCenter },
    { id: 'my-asset', icon: <SetOutline />, label: t('myAsset.title'), to: PATHS.myAsset },
    { id: 'currency', icon: <PayCircleOutline />, label: t('currency.label') },
    { id: 'airdrop', icon: <CouponOutline />, label: t('airdrop.entry'), to: PATHS.airdrop },
    { id: 'shelves-coin', icon: <ShopbagOutline />, label: t('listing.entry'), to: PATHS.shelvesCoin },
    { id: 'reserves', icon: <FileOutline />, label: t('reserves.entry'), to: PATHS.reserves },
  ];
  return (
    <Frame title={t('services.title')}>
      <ul className={styles.grid} data-testid="services-grid">
        {services.map((service) => (
          <li key={service.id}>
            <button
              type="button"
              className={styles.item}
              onClick={() => (service.to ? (service.tab ? go : navigate)(service.to) : setChoosing(true))}
              data-testid={`service-${service.id}`}
            >
              <span className={styles.icon} aria-hidden>
                {service.icon}
              </span>
              {service.label}
            </button>
          </li>
        ))}
      </ul>
      <CurrencySheet visible={choosing} onClose={() => setChoosing(false)} />
    </Frame>
  );
}
