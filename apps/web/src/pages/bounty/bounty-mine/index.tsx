import { PullToRefresh, Tabs } from 'antd-mobile';
import { useTranslation } from 'react-i18next';
import { useNavigate, useSearchParams } from 'react-router-dom';
import { bountyKeys, type MineRole } from '@/api/bounty.ts';
import { Frame } from '@/app/Frame.tsx';
import { PATHS } from '@/app/paths.ts';
import { MineList } from '@/components/bounty/MineList.tsx';
import { Refreshable } from '@/components/Refreshable.tsx';
import { RequireLogin } from '@/components/RequireLogin.tsx';

/**
 * /pages/bounty/bounty-mine/index — the bounties I created and those I submitted to (`?role=submitted`).
 * SPEC §2: back goes to the bounty index.
 */
export default function BountyMinePage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [params, setParams] = useSearchParams();
  const role: MineRole = params.get('role') === 'submitted' ? 'submitted' : 'created';
  return (
    <Frame title={t('bounty.mine.title')} layout="frame" back={() => navigate(PATHS.bounty, { replace: true })}>
      <RequireLogin>
        <Tabs
          activeKey={role}
          onChange={(key) => setParams(key === 'submitted' ? { role: 'submitted' } : {}, { replace: true })}
          style={{ background: 'var(--px-surface)' }}
        >
          <Tabs.Tab key="created" title={<span data-testid="bounty-tab-created">{t('bounty.mine.created')}</span>} />
          <Tabs.Tab
            key="submitted"
            title={<span data-testid="bounty-tab-submitted">{t('bounty.mine.submitted')}</span>}
          />
        </Tabs>
        <div style={{ padding: 16 }}>
          <Refreshable pull={PullToRefresh} refresh={[bountyKeys.all]}>
            <MineList role={role} />
          </Refreshable>
        </div>
      </RequireLogin>
    </Frame>
  );
}
