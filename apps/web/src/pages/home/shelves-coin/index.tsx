import { useTranslation } from 'react-i18next';
import { type Listing, useMyListings } from '@/api/airdrop.ts';
import { Frame } from '@/app/Frame.tsx';
import { ListingForm } from '@/components/listing/ListingForm.tsx';
import { MoreLoader } from '@/components/MoreLoader.tsx';
import { LoadFailed, Loading } from '@/components/QueryState.tsx';
import { RequireLogin } from '@/components/RequireLogin.tsx';
import ui from '@/components/ui.module.css';
import { apiAsset } from '@/lib/api-origin.ts';
import { formatFullDate } from '@/lib/format.ts';
import { useSettings } from '@/lib/settings.ts';

/** Token listing ("shelves-coin"): the application form and my applications with their review state. */
export default function ShelvesCoinPage() {
  const { t } = useTranslation();
  return (
    <Frame title={t('listing.title')}>
      <RequireLogin>
        <div style={{ padding: 16 }}>
          <p className={ui.hint} style={{ marginTop: 0 }}>
            {t('listing.intro')}
          </p>
          <section className={ui.card} aria-labelledby="listing-form-title">
            <h2 className={ui.rowTitle} id="listing-form-title" style={{ marginBottom: 12 }}>
              {t('listing.form')}
            </h2>
            <ListingForm />
          </section>
          <MyListings />
        </div>
      </RequireLogin>
    </Frame>
  );
}

const STATUS_LOOK: Record<Listing['status'], string> = { pending: '', approved: ui.success!, rejected: ui.danger! };

function MyListings() {
  const { t } = useTranslation();
  const language = useSettings((state) => state.language);
  const listings = useMyListings();
  const items = listings.data?.pages.flatMap((page) => page.items) ?? [];
  return (
    <section className={ui.section} aria-labelledby="listing-mine">
      <div className={ui.sectionHead}>
        <h2 className={ui.sectionTitle} id="listing-mine">
          {t('listing.mine')}
        </h2>
      </div>
      {listings.isPending ? (
        <Loading />
      ) : listings.isError ? (
        <LoadFailed onRetry={() => void listings.refetch()} />
      ) : items.length === 0 ? (
        <p className={ui.hint} data-testid="listing-mine-empty">
          {t('listing.mineEmpty')}
        </p>
      ) : (
        <ul className={ui.list} style={{ margin: 0, padding: 0, listStyle: 'none' }} data-testid="listing-mine">
          {items.map((item) => (
            <li key={item.id} className={ui.row} data-testid="listing-item" data-status={item.status}>
              {item.logo?.sizes[0] && (
                <img
                  src={apiAsset(item.logo.sizes[0].url)}
                  alt=""
                  width={36}
                  height={36}
                  style={{ borderRadius: 18 }}
                />
              )}
              <div className={ui.rowMain}>
                <p className={ui.rowTitle}>
                  {item.symbol} · {item.name}
                </p>
                <p className={ui.rowSub}>
                  {item.chain} · {t('listing.appliedOn', { date: formatFullDate(item.createdAt, language) })}
                </p>
                {item.status === 'rejected' && item.reviewNote && (
                  <p className={ui.rowSub}>{t('listing.reason', { note: item.reviewNote })}</p>
                )}
              </div>
              <span className={`${ui.badge} ${STATUS_LOOK[item.status]}`}>{t(`listing.status.${item.status}`)}</span>
            </li>
          ))}
        </ul>
      )}
      <MoreLoader query={listings} enabled={items.length > 0} />
    </section>
  );
}
