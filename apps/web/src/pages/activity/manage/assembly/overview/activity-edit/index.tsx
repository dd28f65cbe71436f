import { useTranslation } from 'react-i18next';
import { ActivityEditor } from '@/components/host/editor/ActivityEditor.tsx';
import { ManageShell } from '@/components/host/ManageShell.tsx';

/** /pages/activity/manage/assembly/overview/activity-edit/index?id= */
export default function ActivityEditPage() {
  const { t } = useTranslation();
  return <ManageShell title={t('host.editTitle')}>{(activity) => <ActivityEditor activity={activity} />}</ManageShell>;
}
