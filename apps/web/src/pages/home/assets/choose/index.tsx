import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate, useSearchParams } from 'react-router-dom';
import { useAssets } from '@/api/wallet.ts';
import { Frame } from '@/app/Frame.tsx';
import { href, PATHS } from '@/app/paths.ts';
import { LoadFailed, Loading } from '@/components/QueryState.tsx';
import { RequireLogin } from '@/components/RequireLogin.tsx';
import { SearchField } from '@/components/SearchField.tsx';
import ui from '@/components/ui.module.css';
import { AssetRow } from '@/components/wallet/AssetRow.tsx';
import { useSettings } from '@/lib/settings.ts';
import { amountFigure, assetSubtitle, shown } from '@/lib/wallet.ts';

/** Where a chosen asset leads: `?next=deposit|transfer|records` (default: the asset's details). */
const NEXT: Record<string, (asset: string) => string> = {
  deposit: (asset) => href(PATHS.assetDetails, { asset, deposit: 1 }),
  transfer: (asset) => href(PATHS.transfer, { asset }),
  records: (asset) => href(PATHS.assetRecords, { asset }),
};
const details = (asset: string) => href(PATHS.assetDetails, { asset });

export default function ChooseAssetPage() {
  const { t } = useTranslation();
  const [params] = useSearchParams();
  const next = params.get('next') ?? '';
  // The title says what the choice is for: the same list serves deposits, transfers and records.
  const title = next in NEXT ? t(`choose.${next}`) : t('choose.title');
  return (
    <Frame title={title}>
      <RequireLogin>
        <AssetChoice next={NEXT[next] ?? details} />
      </RequireLogin>
    </Frame>
  );
}

function AssetChoice({ next }: { next(asset: string): string }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const showAssets = useSettings((state) => state.showAssets);
  const [query, setQuery] = useState('');
  const assets = useAssets();
  const needle = query.trim().toLowerCase();
  const items = (assets.data?.items ?? []).filter(
    (asset) => !needle || asset.code.toLowerCase().includes(needle) || asset.name.toLowerCase().includes(needle),
  );
  return (
    <>
      <SearchField
        placeholder={t('choose.search')}
        value={query}
        onChange={setQuery}
        aria-label={t('choose.search')}
        data-testid="choose-search"
        style={{ marginBottom: 12, '--background': 'var(--px-surface)', '--height': '40px' }}
      />
      {assets.isPending ? (
        <Loading />
      ) : assets.isError ? (
        <LoadFailed onRetry={() => void assets.refetch()} />
      ) : items.length === 0 ? (
        <p className={ui.center} data-testid="choose-empty">
          {t('choose.none')}
        </p>
      ) : (
        <ul className={ui.list} style={{ margin: 0, padding: 0, listStyle: 'none' }}>
          {items.map((asset) => (
            <li key={asset.code}>
              <AssetRow
                code={asset.code}
                detail={assetSubtitle(asset, t)}
                end={<span className={ui.figure}>{shown(amountFigure(asset.available, asset.code), showAssets)}</span>}
                onClick={() => navigate(next(asset.code), { replace: true })}
                testId={`choose-asset-${asset.code}`}
              />
            </li>
          ))}
        </ul>
      )}
    </>
  );
}
