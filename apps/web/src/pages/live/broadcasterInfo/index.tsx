import type { PublicProfile } from '@polaris/contract';
import { PullToRefresh } from 'antd-mobile';
import { CalendarOutline } from 'antd-mobile-icons';
import { useTranslation } from 'react-i18next';
import { useNavigate, useSearchParams } from 'react-router-dom';
import { activityKeys } from '@/api/activity.ts';
import { liveKeys, useStagesOnAir } from '@/api/live.ts';
import { peopleKeys, useFollow, useProfile } from '@/api/people.ts';
import { Frame } from '@/app/Frame.tsx';
import { PageNotFound } from '@/app/PageState.tsx';
import { href, PATHS } from '@/app/paths.ts';
import { ActivityList } from '@/components/activity/ActivityList.tsx';
import { Button } from '@/components/Button.tsx';
import { EmptyState } from '@/components/EmptyState.tsx';
import css from '@/components/live/live.module.css';
import { StageCard } from '@/components/live/StageCard.tsx';
import { LoadFailed, Loading } from '@/components/QueryState.tsx';
import { Refreshable } from '@/components/Refreshable.tsx';
import { isNotFound } from '@/lib/api-error.ts';
import { useSession } from '@/lib/session.ts';

/**
 * A broadcaster's card (`?uid=`): who they are, follow them, what they stream now (each stage leads to its room's
 * chat from the live page), and the activities they host.
 */
export default function BroadcasterInfoPage() {
  const { t } = useTranslation();
  const [params] = useSearchParams();
  const uid = /^\d{1,15}$/.test(params.get('uid') ?? '') ? params.get('uid')! : '';
  const profile = useProfile(uid);
  if (uid === '' || isNotFound(profile.error)) {
    return <PageNotFound title={t('live.broadcasterTitle')} body={t('live.broadcasterNotFound')} />;
  }
  return (
    <Frame title={profile.data?.name ?? t('live.broadcasterTitle')}>
      <Refreshable
        pull={PullToRefresh}
        refresh={[peopleKeys.profile(uid), liveKeys.onAir(uid), [...activityKeys.all, 'list']]}
      >
        {profile.isPending ? (
          <Loading testId="broadcaster-loading" />
        ) : !profile.data ? (
          <LoadFailed onRetry={() => void profile.refetch()} message={profile.error?.message} />
        ) : (
          <Broadcaster profile={profile.data} />
        )}
      </Refreshable>
    </Frame>
  );
}

function Broadcaster({ profile }: { profile: PublicProfile }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const loggedIn = useSession((state) => state.loginStatus);
  const follow = useFollow(profile.uid);
  const stages = useStagesOnAir(profile.uid);
  const name = profile.name ?? `UID ${profile.uid}`;
  return (
    <>
      <section className={css.profile} data-testid="broadcaster-card">
        {profile.avatar ? (
          <img className={css.avatar} src={profile.avatar} alt="" />
        ) : (
          <span className={css.avatar} aria-hidden>
            {name.slice(0, 1).toUpperCase()}
          </span>
        )}
        <div style={{ flex: 1, minWidth: 0 }}>
          <h1 className={css.title}>{name}</h1>
          <span className={css.muted}>UID {profile.uid}</span>
          <div className={css.counts}>
            <span data-testid="broadcaster-followers">
              <strong>{profile.followers}</strong>
              {t('live.followers')}
            </span>
            <span>
              <strong>{profile.following}</strong>
              {t('live.following')}
            </span>
          </div>
        </div>
        {profile.followedByMe !== null || !loggedIn ? (
          <Button
            variant={profile.followedByMe ? 'secondary' : 'primary'}
            size="small"
            loading={follow.isPending}
            onClick={() => (loggedIn ? follow.mutate(!profile.followedByMe) : navigate(PATHS.login))}
            data-testid="broadcaster-follow"
          >
            {profile.followedByMe ? t('live.unfollow') : t('live.follow')}
          </Button>
        ) : null}
      </section>
      {stages.data && stages.data.items.length > 0 && (
        <>
          <h2 className={css.section}>{t('live.onAirNow')}</h2>
          <div className={css.grid} data-testid="broadcaster-stages">
            {stages.data.items.map((stage) => (
              <StageCard key={stage.id} stage={stage} />
            ))}
          </div>
          {stages.data.items.some((stage) => stage.roomId) && (
            <div className={css.actions} style={{ padding: '0 16px' }}>
              {stages.data.items
                .filter((stage) => stage.roomId)
                .slice(0, 1)
                .map((stage) => (
                  <Button
                    key={stage.id}
                    size="small"
                    onClick={() => navigate(href(PATHS.chat, { id: stage.roomId! }))}
                    data-testid="broadcaster-room"
                  >
                    {t('live.openRoom')}
                  </Button>
                ))}
            </div>
          )}
        </>
      )}
      <h2 className={css.section}>{t('live.hostedActivities')}</h2>
      <ActivityList
        filter={{ hostUid: profile.uid }}
        empty={
          <EmptyState
            testId="broadcaster-no-activities"
            icon={<CalendarOutline />}
            title={t('live.noActivitiesTitle')}
            body={t('live.noActivitiesBody', { name })}
          />
        }
      />
    </>
  );
}
