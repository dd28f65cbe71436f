import { RECORD_TYPES } from '@polaris/contract';
import { Tabs } from 'antd-mobile';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router-dom';
import { type RecordType, useRecords } from '@/api/wallet.ts';
import { Frame } from '@/app/Frame.tsx';
import { MoreLoader } from '@/components/MoreLoader.tsx';
import { LoadFailed, Loading } from '@/components/QueryState.tsx';
import { RecordItem } from '@/components/RecordItem.tsx';
import { RequireLogin } from '@/components/RequireLogin.tsx';
import ui from '@/components/ui.module.css';
import { AssetNotFound, isAssetCode } from '@/components/wallet/AssetNotFound.tsx';
import { RecordDetail } from '@/components/wallet/RecordDetail.tsx';
import { isNotFound } from '@/lib/api-error.ts';

const ALL = 'all';

/**
 * Every movement of one asset, newest first, loaded page by page over the server's cursor; filter by type. A row
 * opens its detail (`&record=<reference>`, so a bounty or a red packet can link to it too).
 */
export default function RecordsMorePage() {
  const { t } = useTranslation();
  const [params, setParams] = useSearchParams();
  const asset = (params.get('asset') ?? '').toUpperCase();
  const typeParam = params.get('type') ?? ALL;
  const type = (RECORD_TYPES as readonly string[]).includes(typeParam) ? (typeParam as RecordType) : undefined;
  const choose = (key: string) => {
    const next = new URLSearchParams(params);
    if (key === ALL) next.delete('type');
    else next.set('type', key);
    setParams(next, { replace: true });
  };
  const reference = params.get('record');
  const closeDetail = () => {
    const next = new URLSearchParams(params);
    next.delete('record');
    setParams(next, { replace: true });
  };
  return (
    <Frame title={t('records.title', { asset })} layout="frame">
      {!isAssetCode(asset) ? (
        <AssetNotFound />
      ) : (
        <RequireLogin>
          <Tabs
            activeKey={type ?? ALL}
            onChange={choose}
            style={{ background: 'var(--px-surface)', '--title-font-size': '14px' } as React.CSSProperties}
          >
            {[ALL, ...RECORD_TYPES].map((key) => (
              <Tabs.Tab
                key={key}
                title={<span data-testid={`records-tab-${key}`}>{t(`records.filter.${key}`)}</span>}
              />
            ))}
          </Tabs>
          <div style={{ padding: 16 }}>
            <RecordList asset={asset} type={type} reference={reference} onCloseDetail={closeDetail} />
          </div>
        </RequireLogin>
      )}
    </Frame>
  );
}

function RecordList(props: { asset: string; type?: RecordType; reference: string | null; onCloseDetail(): void }) {
  const { asset, type, reference } = props;
  const { t } = useTranslation();
  const records = useRecords(asset, type);
  const known = records.data?.pages.flatMap((page) => page.items).find((item) => item.reference === reference);
  const detail = <RecordDetail asset={asset} reference={reference} known={known} onClose={props.onCloseDetail} />;
  if (isNotFound(records.error, 'asset')) return <AssetNotFound />;
  if (records.isPending) return <Loading testId="records-loading" />;
  if (records.isError) return <LoadFailed onRetry={() => void records.refetch()} message={records.error.message} />;
  const items = records.data.pages.flatMap((page) => page.items);
  if (items.length === 0) {
    return (
      <>
        <p className={ui.center} data-testid="records-empty">
          {t('records.empty')}
        </p>
        {detail}
      </>
    );
  }
  return (
    <>
      <ul className={ui.list} style={{ margin: 0, padding: 0, listStyle: 'none' }} data-testid="records-list">
        {items.map((record) => (
          <RecordItem key={record.id} record={record} asset={asset} replace />
        ))}
      </ul>
      <MoreLoader query={records} end={t('records.end')} endTestId="records-end" />
      {detail}
    </>
  );
}
