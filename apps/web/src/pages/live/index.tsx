import { useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router-dom';
import { useLiveStage } from '@/api/live.ts';
import { Frame } from '@/app/Frame.tsx';
import { PageNotFound } from '@/app/PageState.tsx';
import { href, PATHS } from '@/app/paths.ts';
import { Avatar } from '@/components/Avatar.tsx';
import { LiveChat } from '@/components/live/LiveChat.tsx';
import { LiveVideo } from '@/components/live/LiveVideo.tsx';
import css from '@/components/live/live.module.css';
import { useLiveViewer } from '@/components/live/useLiveViewer.ts';
import { LoadFailed, Loading } from '@/components/QueryState.tsx';
import { isNotFound } from '@/lib/api-error.ts';

/** A live stage for its viewers: the video, its state and how many watch. */
export default function LivePage() {
  const { t } = useTranslation();
  const [params] = useSearchParams();
  const id = /^\d{1,15}$/.test(params.get('id') ?? '') ? params.get('id')! : '';
  const stage = useLiveStage(id);
  const video = useRef<HTMLVideoElement>(null);
  const viewer = useLiveViewer(stage.data, video);

  if (id === '' || isNotFound(stage.error)) return <PageNotFound title={t('live.title')} body={t('live.notFound')} />;
  const data = stage.data;
  const overlay = !data
    ? null
    : data.status === 'scheduled'
      ? t('live.notStarted')
      : data.status === 'ended'
        ? t('live.ended')
        : !data.can.watch
          ? t('live.membersOnly')
          : data.status === 'paused'
            ? t('live.paused')
            : viewer === 'reconnecting'
              ? t('live.reconnecting')
              : viewer === 'playing'
                ? null
                : t('live.connecting');
  return (
    <Frame title={data?.title ?? t('live.title')} layout="frame">
      {stage.isPending ? (
        <Loading testId="live-loading" />
      ) : !data ? (
        <LoadFailed onRetry={() => void stage.refetch()} message={stage.error?.message} testId="live-error" />
      ) : (
        <div className={css.livePage}>
          <LiveVideo videoRef={video} overlay={overlay} viewers={data.viewers} muted controls testId="live-video" />
          <div className={css.headline}>
            <div className={css.headlineText}>
              <h1 className={css.title}>{data.title}</h1>
              <Link
                className={css.muted}
                to={href(PATHS.broadcasterInfo, { uid: String(data.owner.uid) })}
                style={{ display: 'inline-flex', alignItems: 'center', gap: 8 }}
                data-testid="live-broadcaster"
              >
                <Avatar
                  name={data.owner.name}
                  avatar={data.owner.avatar}
                  person={String(data.owner.uid)}
                  size={24}
                  testId="live-host-avatar"
                />
                {t('live.host', { name: data.owner.name ?? `UID ${data.owner.uid}` })}
              </Link>
            </div>
          </div>
          {data.roomId && <LiveChat roomId={data.roomId} />}
        </div>
      )}
    </Frame>
  );
}
