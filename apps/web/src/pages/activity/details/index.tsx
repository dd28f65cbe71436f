import type { Activity } from '@polaris/contract';
import { lazy, Suspense } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router-dom';
import { useActivity } from '@/api/activity.ts';
import { Frame } from '@/app/Frame.tsx';
import { ActivityNotFound, isActivityId } from '@/components/activity/ActivityNotFound.tsx';
import ui from '@/components/activity/activity.module.css';
import { ActivityInfo } from '@/components/activity/details/ActivityInfo.tsx';
import { ActivityRoom } from '@/components/activity/details/ActivityRoom.tsx';
import { DetailsBar } from '@/components/activity/details/DetailsBar.tsx';
import styles from '@/components/activity/details/details.module.css';
import { MyRegistration } from '@/components/activity/details/MyRegistration.tsx';
import { SignUpSheet } from '@/components/activity/details/SignUpSheet.tsx';
import { TicketTypes } from '@/components/activity/details/TicketTypes.tsx';
import { useSignUpFlow } from '@/components/activity/details/useSignUpFlow.ts';
import { ActivityBounties } from '@/components/bounty/ActivityBounties.tsx';
import { QueryView } from '@/components/QueryState.tsx';
import { SeriesLink } from '@/components/series/SeriesLink.tsx';

/** The organizer's messages, for people holding a place: a chunk of its own, fetched only for them. */
const AttendeeBlasts = lazy(() => import('@/components/activity/blast/AttendeeBlasts.tsx'));

/** Activity details (`?id=` the activity's public code; `code=` is accepted too), sign-up, cancel, share. */
export default function ActivityDetailsPage() {
  const { t } = useTranslation();
  const [params] = useSearchParams();
  const id = params.get('id') ?? params.get('code') ?? '';
  const invite = params.get('invite') ?? undefined;
  const valid = isActivityId(id);
  const activity = useActivity(valid ? id : '', invite);
  return (
    <Frame title={t('activity.details')}>
      <QueryView
        query={activity}
        notFound={{ missing: !valid, field: 'id', view: <ActivityNotFound /> }}
        loadingTestId="details-loading"
        errorTestId="details-error"
      >
        {(data) => <Details activity={data} invite={invite} />}
      </QueryView>
    </Frame>
  );
}

function Details({ activity, invite }: { activity: Activity; invite?: string }) {
  const { t } = useTranslation();
  const flow = useSignUpFlow(activity, invite);
  return (
    <div data-testid="activity-details" data-id={activity.id}>
      <ActivityInfo activity={activity} />
      <SeriesLink activityId={activity.id} />
      <MyRegistration activity={activity} />
      {holdsPlace(activity) && (
        <Suspense fallback={null}>
          <AttendeeBlasts activity={activity} />
        </Suspense>
      )}
      <ActivityRoom activity={activity} />
      <TicketTypes activity={activity} flow={flow} />
      <ActivityBounties activity={activity} />
      {activity.description && (
        <section className={ui.section}>
          <h2 className={ui.sectionTitle} style={{ margin: '0 4px 8px' }}>
            {t('activity.about')}
          </h2>
          <div className={ui.panel}>
            <p className={styles.description} data-testid="details-description">
              {activity.description}
            </p>
          </div>
        </section>
      )}
      <DetailsBar activity={activity} flow={flow} />
      <SignUpSheet activity={activity} flow={flow} />
    </div>
  );
}

/** Whether the viewer holds a ticket or a waitlist place, and so may read the organizer's blasts. */
const holdsPlace = (activity: Activity) =>
  !activity.can.manage &&
  (activity.myRegistration?.status === 'approved' || activity.myRegistration?.status === 'waitlisted');
