import { StarOutline } from 'antd-mobile-icons';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { type BountyFilter, useBountyList } from '@/api/bounty.ts';
import { EmptyState } from '@/components/EmptyState.tsx';
import { MoreLoader } from '@/components/MoreLoader.tsx';
import { LoadFailed, Loading } from '@/components/QueryState.tsx';
import { BountyCard } from './BountyCard.tsx';
import styles from './bounty.module.css';

/** An infinite list of bounty cards for a filter, with its loading, failure and empty states. */
export function BountyList({
  filter,
  empty,
  testId = 'bounty-list',
  limit,
}: {
  filter: BountyFilter;
  /** What to say (and offer) when nothing matches. */
  empty?: { title: string; body: string; action?: ReactNode };
  testId?: string;
  /** A short list (the home's featured ones): this many, and no loading of more. */
  limit?: number;
}) {
  const { t } = useTranslation();
  const list = useBountyList(filter, limit);
  if (list.isPending) return <Loading testId={`${testId}-loading`} />;
  if (list.isError) return <LoadFailed onRetry={() => void list.refetch()} message={list.error.message} />;
  const items = list.data.pages.flatMap((page) => page.items);
  if (items.length === 0) {
    return (
      <EmptyState
        testId={`${testId}-empty`}
        icon={<StarOutline />}
        title={empty?.title ?? t('bounty.list.emptyTitle')}
        body={empty?.body ?? t('bounty.list.emptyBody')}
        action={empty?.action}
      />
    );
  }
  return (
    <>
      <ul className={styles.list} data-testid={testId}>
        {items.map((bounty) => (
          <li key={bounty.id}>
            <BountyCard bounty={bounty} />
          </li>
        ))}
      </ul>
      <MoreLoader query={list} enabled={limit === undefined} />
    </>
  );
}
