import { Button } from 'antd-mobile';
import { AddCircleOutline, MessageOutline } from 'antd-mobile-icons';
import { useTranslation } from 'react-i18next';
import { Frame } from '@/app/Frame.tsx';
import { useCreateActivity } from '@/app/useCreateActivity.ts';
import { EmptyState } from '@/components/EmptyState.tsx';

/** Community (tab 1). Chat rooms arrive with the chat issue; until then, an honest empty state. */
export default function CommunityPage() {
  const { t } = useTranslation();
  const createActivity = useCreateActivity();
  return (
    <Frame title={t('community.title')} back={false}>
      <EmptyState
        testId="community-empty"
        icon={<MessageOutline />}
        title={t('community.emptyTitle')}
        body={t('community.emptyBody')}
        action={
          <Button
            color="primary"
            fill="outline"
            shape="rounded"
            onClick={createActivity}
            data-testid="community-create"
          >
            <AddCircleOutline aria-hidden /> {t('activityHome.create')}
          </Button>
        }
      />
    </Frame>
  );
}
