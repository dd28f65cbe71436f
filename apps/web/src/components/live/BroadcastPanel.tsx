import type { LiveStage } from '@polaris/contract';
import { useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { confirm } from '@/app/overlays.ts';
import { href, PATHS } from '@/app/paths.ts';
import { Button } from '@/components/Button.tsx';
import { LiveVideo } from './LiveVideo.tsx';
import css from './live.module.css';
import { useBroadcaster } from './useBroadcaster.ts';

/**
 * The broadcaster's own view: the camera preview, then go live, pause, resume and end, each offered only when the
 * stage's `can` says the server would let it through.
 */
export function BroadcastPanel({ stage }: { stage: LiveStage }) {
  const { t } = useTranslation();
  const preview = useRef<HTMLVideoElement>(null);
  const broadcast = useBroadcaster(stage, preview);
  const { state } = broadcast;
  const { can } = stage;
  const ended = stage.status === 'ended' || state === 'ended';
  const overlay = ended
    ? t('live.ended')
    : state === 'noCamera'
      ? t('live.noCamera')
      : state === 'failed'
        ? t('live.failed')
        : stage.status === 'paused'
          ? t('live.paused')
          : null;
  const onAir = state === 'onAir' || state === 'connecting';
  /** Ending cannot be undone (viewers see "ended", the stage cannot resume): asked first. */
  const askEnd = async () => {
    const ok = await confirm({
      title: t('live.endConfirmTitle'),
      content: <p data-testid="live-end-confirm">{t('live.endConfirmBody')}</p>,
      confirmText: t('live.endConfirm'),
      cancelText: t('live.keepLive'),
    });
    if (ok) await broadcast.end();
  };
  return (
    <>
      <LiveVideo videoRef={preview} overlay={overlay} viewers={stage.viewers} muted testId="live-preview" />
      <div className={css.body}>
        <h1 className={css.title}>{stage.title}</h1>
        {state === 'onAir' && !ended && (
          <span className={css.muted} data-testid="live-on-air">
            {t('live.onAir')}
          </span>
        )}
        {!ended && (
          <div className={css.actions}>
            {!onAir && (can.start || can.broadcast) && (
              <Button
                variant="primary"
                disabled={state !== 'ready' && state !== 'failed'}
                onClick={() => void broadcast.goLive()}
                data-testid="live-go"
              >
                {t('live.goLive')}
              </Button>
            )}
            {onAir && can.pause && (
              <Button onClick={broadcast.pause} loading={broadcast.busy} data-testid="live-pause">
                {t('live.pause')}
              </Button>
            )}
            {onAir && can.start && (
              <Button onClick={broadcast.resume} loading={broadcast.busy} data-testid="live-resume">
                {t('live.resume')}
              </Button>
            )}
            {can.end && (
              <Button variant="danger" onClick={() => void askEnd()} data-testid="live-end">
                {t('live.end')}
              </Button>
            )}
          </div>
        )}
        <Link to={href(PATHS.live, { id: stage.id })} data-testid="live-viewer-link">
          {t('live.viewerLink')}
        </Link>
      </div>
    </>
  );
}
