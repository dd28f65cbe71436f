import { Switch } from 'antd-mobile';
import { AddOutline, LinkOutline } from 'antd-mobile-icons';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';
import { useAssets, useSetVisibility } from '@/api/wallet.ts';
import { Frame } from '@/app/Frame.tsx';
import { PATHS } from '@/app/paths.ts';
import { Button } from '@/components/Button.tsx';
import { LoadFailed, Loading } from '@/components/QueryState.tsx';
import { RequireLogin } from '@/components/RequireLogin.tsx';
import ui from '@/components/ui.module.css';
import { AssetRow } from '@/components/wallet/AssetRow.tsx';
import { useSettings } from '@/lib/settings.ts';
import { amountFigure, shown } from '@/lib/wallet.ts';

/** Which assets the Me tab lists: one switch per asset (optimistic, rolled back if the server refuses). */
export default function MyAssetPage() {
  const { t } = useTranslation();
  return (
    <Frame title={t('myAsset.title')}>
      <RequireLogin>
        <MyAssets />
      </RequireLogin>
    </Frame>
  );
}

function MyAssets() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const showAssets = useSettings((state) => state.showAssets);
  const assets = useAssets();
  const visibility = useSetVisibility();
  if (assets.isPending) return <Loading testId="my-asset-loading" />;
  if (assets.isError) return <LoadFailed onRetry={() => void assets.refetch()} />;
  return (
    <>
      <p className={ui.hint} style={{ margin: '0 4px 8px' }}>
        {t('myAsset.hint')}
      </p>
      <div className={ui.list} data-testid="my-asset-list">
        {assets.data.items.map((asset) => (
          <AssetRow
            key={asset.code}
            code={asset.code}
            detail={`${asset.name} · ${shown(amountFigure(asset.available, asset.code), showAssets)}`}
            end={
              <Switch
                checked={asset.visible}
                onChange={(visible) => visibility.mutate({ asset: asset.code, visible })}
                aria-label={asset.code}
                data-testid={`my-asset-toggle-${asset.code}`}
              />
            }
          />
        ))}
      </div>
      <div className={ui.actions}>
        <Button onClick={() => navigate(PATHS.addAsset)} data-testid="my-asset-add">
          <AddOutline aria-hidden /> {t('addAsset.title')}
        </Button>
        <Button onClick={() => navigate(PATHS.choiceChain)} data-testid="my-asset-chains">
          <LinkOutline aria-hidden /> {t('chains.title')}
        </Button>
      </div>
    </>
  );
}
