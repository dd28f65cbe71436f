import type { SplitRole } from '@polaris/contract';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';
import { type ActivitySplit, useDistribution } from '@/api/split.ts';
import { href, PATHS } from '@/app/paths.ts';
import { Button } from '@/components/Button.tsx';
import { MoreLoader } from '@/components/MoreLoader.tsx';
import { LoadFailed, Loading } from '@/components/QueryState.tsx';
import ui from '@/components/ui.module.css';
import { amountFigure } from '@/lib/wallet.ts';
import { SplitEditor } from './SplitEditor.tsx';

const ROLE_KEYS: Record<SplitRole, string> = {
  organizer: 'distribution.roleOrganizer',
  cohost: 'distribution.roleCohost',
  referrer: 'distribution.roleReferrer',
};

/** Per activity: my roles, the split rule, my part frozen and released; the organizer edits the shares here. */
export function SplitList() {
  const { t } = useTranslation();
  const list = useDistribution();
  const [editing, setEditing] = useState<ActivitySplit | null>(null);
  if (list.isPending) return <Loading />;
  if (list.isError) return <LoadFailed onRetry={() => void list.refetch()} />;
  const items = list.data.pages.flatMap((page) => page.items);
  if (items.length === 0) {
    return (
      <p className={ui.center} data-testid="splits-empty">
        {t('distribution.empty')}
      </p>
    );
  }
  return (
    <>
      <div data-testid="splits">
        {items.map((item) => (
          <SplitCard key={item.activity.id} split={item} onEdit={() => setEditing(item)} />
        ))}
      </div>
      <MoreLoader query={list} end={t('earnings.endOfList')} />
      {editing && <SplitEditor split={editing} onClose={() => setEditing(null)} />}
    </>
  );
}

function SplitCard({ split, onEdit }: { split: ActivitySplit; onEdit(): void }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const state = split.settled
    ? t('distribution.stateSettled')
    : split.activity.status === 'cancelled'
      ? t('distribution.stateCancelled')
      : split.sold
        ? t('distribution.onlyRaise')
        : t('distribution.lowerUntilSale');
  return (
    <section className={ui.card} style={{ marginTop: 12 }} data-testid="split" data-activity={split.activity.id}>
      <div className={ui.sectionHead} style={{ margin: '0 0 8px', gap: 8 }}>
        <button
          type="button"
          className={ui.sectionLink}
          style={{ textAlign: 'left', fontWeight: 600 }}
          onClick={() => navigate(href(PATHS.activityDetails, { id: split.activity.id }))}
        >
          {split.activity.title}
        </button>
        <span style={{ display: 'flex', gap: 4, flexWrap: 'wrap', justifyContent: 'flex-end' }}>
          {split.roles.map((role) => (
            <span key={role} className={`${ui.badge} ${ui.success}`} data-testid="split-role" data-role={role}>
              {t(ROLE_KEYS[role])}
            </span>
          ))}
        </span>
      </div>
      <dl className={ui.kvList}>
        <div className={ui.kv}>
          <dt>{t('distribution.referralLabel')}</dt>
          <dd data-testid="split-referral-value">{t('distribution.percent', { percent: split.referralPercent })}</dd>
        </div>
        {split.cohosts.map((cohost) => (
          <div key={cohost.uid} className={ui.kv}>
            <dt>
              {cohost.current
                ? t('distribution.cohostLabel', { name: cohost.name })
                : t('distribution.formerCohostLabel', { name: cohost.name })}
            </dt>
            <dd data-testid="split-cohost-value">{t('distribution.percent', { percent: cohost.percent })}</dd>
          </div>
        ))}
        {split.mine.map((part) => (
          <div key={`${part.asset}-${part.role}`} className={ui.kv} data-testid="split-mine" data-role={part.role}>
            <dt>{t('distribution.myPart', { role: t(ROLE_KEYS[part.role]) })}</dt>
            <dd>
              {t('distribution.frozenReleased', {
                frozen: amountFigure(part.frozen, part.asset),
                released: amountFigure(part.released, part.asset),
                asset: part.asset,
              })}
            </dd>
          </div>
        ))}
      </dl>
      <p className={ui.hint} data-testid="split-state">
        {state}
      </p>
      {split.editable && (
        <Button block style={{ marginTop: 12 }} onClick={onEdit} data-testid="split-edit">
          {t('distribution.edit')}
        </Button>
      )}
    </section>
  );
}
