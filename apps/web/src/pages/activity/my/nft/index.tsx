import { GiftOutline } from 'antd-mobile-icons';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';
import { type Nft, useNfts } from '@/api/activity.ts';
import { Frame } from '@/app/Frame.tsx';
import { href, PATHS } from '@/app/paths.ts';
import ui from '@/components/activity/activity.module.css';
import { EmptyState } from '@/components/EmptyState.tsx';
import { MoreLoader } from '@/components/MoreLoader.tsx';
import { LoadFailed, Loading } from '@/components/QueryState.tsx';
import { RequireLogin } from '@/components/RequireLogin.tsx';
import { apiAsset } from '@/lib/api-origin.ts';
import { formatDateAndTime } from '@/lib/format.ts';
import { useSettings } from '@/lib/settings.ts';

/** Attendance NFTs: one per check-in, with the badge image the server draws. */
export default function MyNftPage() {
  const { t } = useTranslation();
  return (
    <Frame title={t('nft.title')}>
      <RequireLogin>
        <Gallery />
      </RequireLogin>
    </Frame>
  );
}

function Gallery() {
  const { t } = useTranslation();
  const nfts = useNfts();
  if (nfts.isPending) return <Loading testId="nft-loading" />;
  if (nfts.isError) return <LoadFailed onRetry={() => void nfts.refetch()} message={nfts.error.message} />;
  const items = nfts.data.pages.flatMap((page) => page.items);
  if (items.length === 0) {
    return (
      <EmptyState testId="nft-empty" icon={<GiftOutline />} title={t('nft.emptyTitle')} body={t('nft.emptyBody')} />
    );
  }
  return (
    <>
      <ul
        data-testid="nft-list"
        style={{
          display: 'grid',
          gridTemplateColumns: 'repeat(2, 1fr)',
          gap: 12,
          margin: 0,
          padding: 0,
          listStyle: 'none',
        }}
      >
        {items.map((nft) => (
          <NftCard key={nft.tokenId} nft={nft} />
        ))}
      </ul>
      <MoreLoader query={nfts} />
    </>
  );
}

export function NftCard({ nft }: { nft: Nft }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const language = useSettings((state) => state.language);
  return (
    <li className={ui.panel} style={{ padding: 8 }} data-testid="nft-item" data-token={nft.tokenId}>
      <button
        type="button"
        onClick={() => navigate(href(PATHS.activityDetails, { id: nft.activity.id }))}
        style={{
          border: 0,
          padding: 0,
          background: 'none',
          width: '100%',
          textAlign: 'left',
          font: 'inherit',
          color: 'inherit',
          cursor: 'pointer',
        }}
      >
        <img
          src={apiAsset(nft.image)}
          alt={t('nft.alt', { title: nft.activity.title })}
          style={{ width: '100%', aspectRatio: '1', borderRadius: 8, display: 'block', background: 'var(--px-sunken)' }}
          loading="lazy"
        />
        <p className={ui.cardTitle} style={{ marginTop: 6, fontSize: 13 }}>
          {nft.activity.title}
        </p>
        <p className={ui.meta}>#{nft.tokenId}</p>
        <p className={ui.meta}>{t('nft.minted', { time: formatDateAndTime(nft.mintedAt, language) })}</p>
      </button>
    </li>
  );
}
