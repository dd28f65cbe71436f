import type { Ref } from 'react';
import { useTranslation } from 'react-i18next';
import css from './live.module.css';

/** The video with what the viewer should know over it (not started, ended, reconnecting…) and the count. */
export function LiveVideo({
  videoRef,
  overlay,
  viewers,
  muted = false,
  controls = false,
  testId,
}: {
  videoRef: Ref<HTMLVideoElement>;
  overlay: string | null;
  viewers: number | null;
  muted?: boolean;
  /** The viewer starts muted (browsers refuse to autoplay sound) and unmutes with the controls. */
  controls?: boolean;
  testId: string;
}) {
  const { t } = useTranslation();
  return (
    <div className={css.stage}>
      <video
        ref={videoRef}
        className={css.video}
        autoPlay
        playsInline
        muted={muted}
        controls={controls}
        data-testid={testId}
      />
      {overlay !== null && (
        <div className={css.overlay} data-testid={`${testId}-state`}>
          {overlay}
        </div>
      )}
      {viewers !== null && (
        <span className={css.badge} data-testid="live-viewers">
          {t('live.viewers', { count: viewers })}
        </span>
      )}
    </div>
  );
}
