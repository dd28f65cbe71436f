import { useTranslation } from 'react-i18next';
import { useNavigate, useSearchParams } from 'react-router-dom';
import { useChatRoom } from '@/api/chat-manage.ts';
import { useLiveStage } from '@/api/live.ts';
import { Frame } from '@/app/Frame.tsx';
import { PageNotFound } from '@/app/PageState.tsx';
import { href, PATHS } from '@/app/paths.ts';
import { BroadcastPanel } from '@/components/live/BroadcastPanel.tsx';
import { StageSetup } from '@/components/live/StageSetup.tsx';
import { LoadFailed, Loading } from '@/components/QueryState.tsx';
import { RequireLogin } from '@/components/RequireLogin.tsx';
import { isNotFound } from '@/lib/api-error.ts';

/**
 * Opening a live stage (title, cover, who may watch; in a chat room with `?roomId=`), then broadcasting it from the
 * camera; `?id=` a stage of mine.
 */
export default function LiveSettingPage() {
  const { t } = useTranslation();
  return (
    <Frame title={t('live.settingTitle')}>
      <RequireLogin>
        <LiveSetting />
      </RequireLogin>
    </Frame>
  );
}

function LiveSetting() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const id = /^\d{1,15}$/.test(params.get('id') ?? '') ? params.get('id')! : '';
  const roomId = /^\d{1,15}$/.test(params.get('roomId') ?? '') ? params.get('roomId')! : '';
  const stage = useLiveStage(id);
  const room = useChatRoom(id === '' ? roomId : '');
  if (id === '') {
    if (roomId !== '' && isNotFound(room.error))
      return <PageNotFound title={t('live.title')} body={t('live.notFound')} />;
    if (roomId !== '' && room.isPending) return <Loading testId="live-loading" />;
    return (
      <StageSetup
        room={room.data ? { id: room.data.id, name: room.data.name } : undefined}
        onCreated={(created) => navigate(href(PATHS.liveSetting, { id: created }), { replace: true })}
      />
    );
  }
  if (isNotFound(stage.error) || (stage.data && !stage.data.can.manage))
    return <PageNotFound title={t('live.title')} body={t('live.notFound')} />;
  if (stage.isPending) return <Loading testId="live-loading" />;
  if (!stage.data) return <LoadFailed onRetry={() => void stage.refetch()} message={stage.error?.message} />;
  return <BroadcastPanel stage={stage.data} />;
}
