import { HOSTING_GROUPS, type HostingGroup } from '@polaris/contract';
import { PullToRefresh } from 'antd-mobile';
import { AddCircleOutline } from 'antd-mobile-icons';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { hostKeys, useHosting } from '@/api/activity-manage.ts';
import { useCreateActivity } from '@/app/useCreateActivity.ts';
import ui from '@/components/activity/activity.module.css';
import { Chip } from '@/components/activity/Chip.tsx';
import { Button } from '@/components/Button.tsx';
import { EmptyState } from '@/components/EmptyState.tsx';
import { MoreLoader } from '@/components/MoreLoader.tsx';
import { LoadFailed, Loading } from '@/components/QueryState.tsx';
import { Refreshable } from '@/components/Refreshable.tsx';
import { HostedRow } from './HostedRow.tsx';
import css from './hosting.module.css';

/**
 * My activities → hosting: what the user organizes or co-hosts, in three groups (upcoming, drafts, past) with
 * their counts, an endless list with pull to refresh, and a way to create one when a group is empty.
 */
export function HostingList({ group, onGroup }: { group: HostingGroup; onGroup(group: HostingGroup): void }) {
  const { t } = useTranslation();
  const hosting = useHosting(group);
  const create = useCreateActivity();
  const items = useMemo(() => hosting.data?.pages.flatMap((page) => page.items) ?? [], [hosting.data]);
  const counts = hosting.data?.pages[0]?.counts;
  return (
    <>
      <fieldset className={css.groups} aria-label={t('hosting.groupsLabel')}>
        {HOSTING_GROUPS.map((key) => (
          <Chip key={key} on={key === group} onClick={() => onGroup(key)} testId={`hosting-group-${key}`}>
            {t(`hosting.groups.${key}`)}
            {counts && (
              <span className={css.count} data-testid={`hosting-count-${key}`}>
                {counts[key]}
              </span>
            )}
          </Chip>
        ))}
      </fieldset>
      {hosting.isPending ? (
        <Loading testId="hosting-loading" />
      ) : hosting.isError ? (
        <LoadFailed onRetry={() => void hosting.refetch()} message={hosting.error.message} />
      ) : (
        <Refreshable pull={PullToRefresh} refresh={[hostKeys.hostingAll()]}>
          {items.length === 0 ? (
            <EmptyState
              testId="hosting-empty"
              icon={<AddCircleOutline />}
              title={t(`hosting.empty.${group}`)}
              body={t('hosting.emptyBody')}
              action={
                <Button variant="primary" onClick={create} data-testid="hosting-create">
                  {t('hosting.create')}
                </Button>
              }
            />
          ) : (
            <ul className={ui.list} data-testid="hosting-list">
              {items.map((activity) => (
                <HostedRow key={activity.id} activity={activity} group={group} />
              ))}
            </ul>
          )}
          <MoreLoader query={hosting} />
        </Refreshable>
      )}
    </>
  );
}
