import { PullToRefresh, Tabs } from 'antd-mobile';
import { CheckCircleOutline, StopOutline } from 'antd-mobile-icons';
import { useTranslation } from 'react-i18next';
import { useNavigate, useSearchParams } from 'react-router-dom';
import { type Bounty, bountyKeys, type SubmissionState, useBounty, useBountySubmissions } from '@/api/bounty.ts';
import { useAsset } from '@/api/wallet.ts';
import { Frame } from '@/app/Frame.tsx';
import { PageNotFound } from '@/app/PageState.tsx';
import { href, PATHS } from '@/app/paths.ts';
import { BountyStateBadge, isBountyId } from '@/components/bounty/BountyBits.tsx';
import styles from '@/components/bounty/bounty.module.css';
import { SubmissionRow } from '@/components/bounty/manage/SubmissionRow.tsx';
import { EmptyState } from '@/components/EmptyState.tsx';
import { MoreLoader } from '@/components/MoreLoader.tsx';
import { LoadFailed, Loading, QueryView } from '@/components/QueryState.tsx';
import { Refreshable } from '@/components/Refreshable.tsx';
import { RequireLogin } from '@/components/RequireLogin.tsx';
import ui from '@/components/ui.module.css';
import { decimalsOf, escrowLeft } from '@/lib/bounty.ts';
import { formatDateAndTime } from '@/lib/format.ts';
import { useSettings } from '@/lib/settings.ts';
import { amountFigure, assetAmount } from '@/lib/wallet.ts';

const FILTERS = ['pending', 'approved', 'rejected', 'all'] as const;
type Filter = (typeof FILTERS)[number];

/**
 * /pages/bounty/bounty-manage/index?id= — the creator's review queue (`&state=` the filter): approve pays the winner
 * at once, reject needs a reason. SPEC §2: back goes to bounty-mine.
 */
export default function BountyManagePage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const id = params.get('id') ?? '';
  return (
    <Frame title={t('bounty.manage.title')} back={() => navigate(PATHS.bountyMine, { replace: true })}>
      <RequireLogin>
        {isBountyId(id) ? <ManageLoader id={id} /> : <PageNotFound title={t('bounty.notFoundTitle')} />}
      </RequireLogin>
    </Frame>
  );
}

function ManageLoader({ id }: { id: string }) {
  const { t } = useTranslation();
  const bounty = useBounty(id);
  return (
    <QueryView
      query={bounty}
      notFound={{ field: 'id', view: <PageNotFound title={t('bounty.notFoundTitle')} /> }}
      loadingTestId="bounty-manage-loading"
    >
      {(data) => <CreatorOnly bounty={data} />}
    </QueryView>
  );
}

/** The review page is the creator's: anyone else is told so, with a way to the bounty. */
function CreatorOnly({ bounty }: { bounty: Bounty }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  if (!bounty.can.manage) {
    return (
      <EmptyState
        testId="bounty-manage-forbidden"
        icon={<StopOutline />}
        title={t('bounty.manage.forbiddenTitle')}
        body={t('contract:bounty.notCreator')}
        action={
          <button
            type="button"
            className={ui.link}
            onClick={() => navigate(href(PATHS.bountyDetail, { id: bounty.id }), { replace: true })}
          >
            {t('bounty.manage.viewBounty')}
          </button>
        }
      />
    );
  }
  return (
    <Refreshable pull={PullToRefresh} refresh={[bountyKeys.all]}>
      <Manage bounty={bounty} />
    </Refreshable>
  );
}

function Manage({ bounty }: { bounty: Bounty }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const language = useSettings((state) => state.language);
  const [params, setParams] = useSearchParams();
  const raw = params.get('state');
  const filter: Filter = (FILTERS as readonly string[]).includes(raw ?? '') ? (raw as Filter) : 'pending';
  const decimals = useAsset(bounty.asset).data?.decimals ?? decimalsOf(bounty.total, bounty.perWinner);
  const held = bounty.state === 'ended' || bounty.state === 'completed' ? '0' : escrowLeft(bounty, decimals);
  return (
    <div data-testid="bounty-manage" data-id={bounty.id}>
      <section className={ui.card}>
        <div className={styles.cardHead}>
          <button
            type="button"
            className={styles.cardTitle}
            style={{
              border: 0,
              background: 'none',
              padding: 0,
              textAlign: 'left',
              cursor: 'pointer',
              color: 'inherit',
            }}
            onClick={() => navigate(href(PATHS.bountyDetail, { id: bounty.id }))}
            data-testid="bounty-manage-title"
          >
            {bounty.title}
          </button>
          <BountyStateBadge state={bounty.state} />
        </div>
        <div className={styles.stats}>
          <div className={styles.stat}>
            <span className={styles.statValue} data-testid="bounty-manage-paid">
              {bounty.paidCount}/{bounty.winners}
            </span>
            <span className={styles.statLabel}>{t('bounty.manage.paidCount')}</span>
          </div>
          <div className={styles.stat}>
            <span className={styles.statValue} data-testid="bounty-manage-escrow">
              {amountFigure(held, bounty.asset)}
            </span>
            <span className={styles.statLabel}>{t('bounty.manage.escrowLeftOf', { asset: bounty.asset })}</span>
          </div>
          <div className={styles.stat}>
            <span className={styles.statValue} data-testid="bounty-manage-pending">
              {bounty.pendingCount}
            </span>
            <span className={styles.statLabel}>{t('bounty.detail.pending')}</span>
          </div>
        </div>
        <dl className={ui.kvList} style={{ marginTop: 8 }}>
          <div className={ui.kv}>
            <dt>{t('bounty.manage.perWinner')}</dt>
            <dd>{assetAmount(bounty.perWinner, bounty.asset)}</dd>
          </div>
          <div className={ui.kv}>
            <dt>{t('bounty.fields.deadline')}</dt>
            <dd>{formatDateAndTime(bounty.deadline, language)}</dd>
          </div>
          <div className={ui.kv}>
            <dt>{t('bounty.detail.reviewUntil')}</dt>
            <dd data-testid="bounty-manage-review-until">{formatDateAndTime(bounty.reviewUntil, language)}</dd>
          </div>
        </dl>
        <p className={ui.hint}>{t(`bounty.manage.stateNote.${bounty.state}`)}</p>
      </section>
      <Tabs
        activeKey={filter}
        onChange={(key) => {
          const next = new URLSearchParams(params);
          if (key === 'pending') next.delete('state');
          else next.set('state', key);
          setParams(next, { replace: true });
        }}
        style={{ marginTop: 12, background: 'var(--px-surface)', borderRadius: 12 }}
      >
        {FILTERS.map((key) => (
          <Tabs.Tab
            key={key}
            title={<span data-testid={`bounty-filter-${key}`}>{t(`bounty.manage.filter.${key}`)}</span>}
          />
        ))}
      </Tabs>
      <div style={{ marginTop: 12 }}>
        <SubmissionList bounty={bounty} state={filter === 'all' ? undefined : filter} />
      </div>
    </div>
  );
}

function SubmissionList({ bounty, state }: { bounty: Bounty; state?: SubmissionState }) {
  const { t } = useTranslation();
  const submissions = useBountySubmissions(bounty.id, state);
  if (submissions.isPending) return <Loading testId="bounty-submissions-loading" />;
  if (submissions.isError) {
    return <LoadFailed onRetry={() => void submissions.refetch()} message={submissions.error.message} />;
  }
  const items = submissions.data.pages.flatMap((page) => page.items);
  if (items.length === 0) {
    return (
      <EmptyState
        testId="bounty-submissions-empty"
        icon={<CheckCircleOutline />}
        title={t(state === 'pending' ? 'bounty.manage.emptyPendingTitle' : 'bounty.manage.emptyTitle')}
        body={t('bounty.manage.emptyBody')}
      />
    );
  }
  return (
    <>
      <ul className={styles.list} data-testid="bounty-submissions">
        {items.map((submission) => (
          <SubmissionRow key={submission.id} bounty={bounty} submission={submission} />
        ))}
      </ul>
      <MoreLoader query={submissions} />
    </>
  );
}
