import { CheckCircleOutline } from 'antd-mobile-icons';
import { useTranslation } from 'react-i18next';
import { useAssets, useSetVisibility } from '@/api/wallet.ts';
import { Frame } from '@/app/Frame.tsx';
import { Button } from '@/components/Button.tsx';
import { EmptyState } from '@/components/EmptyState.tsx';
import { LoadFailed, Loading } from '@/components/QueryState.tsx';
import { RequireLogin } from '@/components/RequireLogin.tsx';
import ui from '@/components/ui.module.css';
import { AssetRow } from '@/components/wallet/AssetRow.tsx';

/** Assets hidden from the Me tab, each with "add" to show it again. */
export default function AddAssetPage() {
  const { t } = useTranslation();
  return (
    <Frame title={t('addAsset.title')}>
      <RequireLogin>
        <HiddenAssets />
      </RequireLogin>
    </Frame>
  );
}

function HiddenAssets() {
  const { t } = useTranslation();
  const assets = useAssets();
  const visibility = useSetVisibility();
  if (assets.isPending) return <Loading testId="add-asset-loading" />;
  if (assets.isError) return <LoadFailed onRetry={() => void assets.refetch()} />;
  const hidden = assets.data.items.filter((asset) => !asset.visible);
  if (hidden.length === 0) {
    return (
      <EmptyState
        icon={<CheckCircleOutline />}
        title={t('addAsset.allShown')}
        body={t('addAsset.allShownBody')}
        testId="add-asset-empty"
      />
    );
  }
  return (
    <div className={ui.list} data-testid="add-asset-list">
      {hidden.map((asset) => (
        <AssetRow
          key={asset.code}
          code={asset.code}
          detail={asset.name}
          end={
            <Button
              size="small"
              disabled={visibility.isPending && visibility.variables?.asset === asset.code}
              onClick={() => visibility.mutate({ asset: asset.code, visible: true })}
              data-testid={`add-asset-${asset.code}`}
            >
              {t('addAsset.add')}
            </Button>
          }
        />
      ))}
    </div>
  );
}
