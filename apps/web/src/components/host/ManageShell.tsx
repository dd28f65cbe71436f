import type { Activity } from '@polaris/contract';
import { StopOutline } from 'antd-mobile-icons';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation, useNavigate, useSearchParams } from 'react-router-dom';
import { useHostActivity } from '@/api/activity-manage.ts';
import { Frame } from '@/app/Frame.tsx';
import { href, PATHS } from '@/app/paths.ts';
import { ActivityNotFound, isActivityId } from '@/components/activity/ActivityNotFound.tsx';
import { Button } from '@/components/Button.tsx';
import { EmptyState } from '@/components/EmptyState.tsx';
import { LoadFailed, Loading } from '@/components/QueryState.tsx';
import { RequireLogin } from '@/components/RequireLogin.tsx';
import { isApiError, isNotFound } from '@/lib/api-error.ts';

/**
 * SPEC §2 back from manage pages: a sub-page goes back to the manage page with the current query;
 * the manage page itself goes to the organizer's list of activities (my activities → hosting).
 */
function useManageBack(isIndex: boolean): () => void {
  const navigate = useNavigate();
  const { search } = useLocation();
  return () => {
    if (isIndex) navigate(href(PATHS.myActivities, { when: 'hosting' }), { replace: true });
    else navigate(`${PATHS.manageActivity}${search}`, { replace: true });
  };
}

export function Forbidden() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  return (
    <EmptyState
      icon={<StopOutline />}
      title={t('manage.forbiddenTitle')}
      body={t('manage.forbiddenBody')}
      testId="manage-forbidden"
      action={<Button onClick={() => navigate(PATHS.activityHome)}>{t('manage.home')}</Button>}
    />
  );
}

export function isForbidden(error: unknown): boolean {
  return isApiError(error) && error.status === 403;
}

/** A manage page: nav bar with the SPEC back, login and host checks, then the page with the activity. */
export function ManageShell({
  title,
  isIndex = false,
  offline,
  children,
}: {
  title: string;
  isIndex?: boolean;
  /** What the page shows when there is no network to load the activity (the check-in scanner queues scans). */
  offline?: (id: string) => ReactNode;
  children(activity: Activity): ReactNode;
}) {
  const [params] = useSearchParams();
  const id = params.get('id') ?? '';
  const back = useManageBack(isIndex);
  return (
    <Frame title={title} back={back}>
      {!isActivityId(id) ? (
        <ActivityNotFound />
      ) : (
        <RequireLogin>
          <ActivityLoader id={id} offline={offline}>
            {children}
          </ActivityLoader>
        </RequireLogin>
      )}
    </Frame>
  );
}

function ActivityLoader({
  id,
  offline,
  children,
}: {
  id: string;
  offline?: (id: string) => ReactNode;
  children(activity: Activity): ReactNode;
}) {
  const activity = useHostActivity(id);
  // No network: the query waits (paused) or its request failed to leave the device.
  const unreachable =
    (activity.isPending && activity.fetchStatus === 'paused') ||
    (activity.isError && (isApiError(activity.error, 'network') || isApiError(activity.error, 'timeout')));
  if (offline && unreachable) return <>{offline(id)}</>;
  if (activity.isError) {
    if (isForbidden(activity.error)) return <Forbidden />;
    if (isNotFound(activity.error, 'id')) return <ActivityNotFound />;
    return <LoadFailed onRetry={() => void activity.refetch()} message={activity.error.message} />;
  }
  if (activity.isPending) return <Loading testId="manage-loading" />;
  if (!activity.data.can.manage) return <Forbidden />;
  return <>{children(activity.data)}</>;
}
