import { activityIdField } from '@polaris/contract';
import { useTranslation } from 'react-i18next';
import { PageNotFound } from '@/app/PageState.tsx';

/** Whether a link's id has the shape of an activity id; anything else cannot name one, so nothing is asked. */
export const isActivityId = (id: string) => activityIdField.safeParse(id).success;

/** The not-found state of every page that shows one activity (details, check-in, manage pages). */
export function ActivityNotFound() {
  const { t } = useTranslation();
  return <PageNotFound title={t('notFound.activityTitle')} body={t('notFound.activityBody')} />;
}
