import { Tabs } from 'antd-mobile';
import { GiftOutline } from 'antd-mobile-icons';
import { useTranslation } from 'react-i18next';
import { useNavigate, useSearchParams } from 'react-router-dom';
import { type AirdropFilter, useAirdrops } from '@/api/airdrop.ts';
import { Frame } from '@/app/Frame.tsx';
import { href, PATHS } from '@/app/paths.ts';
import { AirdropFacts, PhaseBadge } from '@/components/airdrop/AirdropFacts.tsx';
import { EmptyState } from '@/components/EmptyState.tsx';
import { MoreLoader } from '@/components/MoreLoader.tsx';
import { LoadFailed, Loading } from '@/components/QueryState.tsx';
import ui from '@/components/ui.module.css';

/** Current and past airdrops: project, token, pool, reward rule, window and distribution; a tap opens the detail. */
export default function AirdropsPage() {
  const { t } = useTranslation();
  const [params, setParams] = useSearchParams();
  const filter: AirdropFilter = params.get('tab') === 'past' ? 'past' : 'current';
  return (
    <Frame title={t('airdrop.title')} layout="frame">
      <Tabs
        activeKey={filter}
        onChange={(key) => setParams(key === 'past' ? { tab: 'past' } : {}, { replace: true })}
        style={{ background: 'var(--px-surface)' }}
      >
        <Tabs.Tab key="current" title={<span data-testid="airdrop-tab-current">{t('airdrop.tabs.current')}</span>} />
        <Tabs.Tab key="past" title={<span data-testid="airdrop-tab-past">{t('airdrop.tabs.past')}</span>} />
      </Tabs>
      <div style={{ padding: 16 }}>
        <AirdropList filter={filter} />
      </div>
    </Frame>
  );
}

function AirdropList({ filter }: { filter: AirdropFilter }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const airdrops = useAirdrops(filter);
  if (airdrops.isPending) return <Loading testId="airdrop-loading" />;
  if (airdrops.isError) return <LoadFailed onRetry={() => void airdrops.refetch()} />;
  const items = airdrops.data.pages.flatMap((page) => page.items);
  if (items.length === 0) {
    return (
      <EmptyState
        icon={<GiftOutline />}
        title={t(`airdrop.empty.${filter}`)}
        body={t('airdrop.empty.hint')}
        testId="airdrop-empty"
      />
    );
  }
  return (
    <>
      <ul style={{ margin: 0, padding: 0, listStyle: 'none' }} data-testid="airdrop-list">
        {items.map((airdrop) => (
          <li key={airdrop.id}>
            <button
              type="button"
              className={ui.card}
              style={{ width: '100%', textAlign: 'left', border: 'none', font: 'inherit', cursor: 'pointer' }}
              onClick={() => navigate(href(PATHS.airdropDetail, { id: airdrop.id }))}
              data-testid="airdrop-item"
              data-id={airdrop.id}
            >
              <div className={ui.sectionHead} style={{ marginBottom: 4 }}>
                <h2 className={ui.rowTitle} style={{ margin: 0 }}>
                  {airdrop.project} · {airdrop.asset}
                </h2>
                <PhaseBadge phase={airdrop.phase} />
              </div>
              {airdrop.mine && (
                <span className={`${ui.badge} ${ui.success}`} data-testid="airdrop-mine">
                  {airdrop.mine.paid
                    ? t('airdrop.paid', { amount: airdrop.mine.paid, asset: airdrop.asset })
                    : t('airdrop.signedUp')}
                </span>
              )}
              <AirdropFacts airdrop={airdrop} />
            </button>
          </li>
        ))}
      </ul>
      <MoreLoader query={airdrops} />
    </>
  );
}
