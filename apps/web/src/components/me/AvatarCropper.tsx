import { type KeyboardEvent, type PointerEvent, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '@/components/Button.tsx';
import { Sheet } from '@/components/Sheet.tsx';
import {
  type CropState,
  centredCrop,
  clampCrop,
  MAX_ZOOM,
  MIN_ZOOM,
  outputSide,
  sourceSquare,
  zoomTo,
} from '@/lib/avatar-crop.ts';
import styles from './AvatarCropper.module.css';

const VIEW = 280;

/** The cropped square as an image file: WebP where the browser writes it, else JPEG. */
async function cropToBlob(image: HTMLImageElement, state: CropState): Promise<Blob | null> {
  const { sx, sy, side } = sourceSquare(state, image.naturalWidth, image.naturalHeight, VIEW);
  const out = outputSide(side);
  const canvas = document.createElement('canvas');
  canvas.width = out;
  canvas.height = out;
  const context = canvas.getContext('2d');
  if (!context) return null;
  context.imageSmoothingQuality = 'high';
  context.drawImage(image, sx, sy, side, side, 0, 0, out, out);
  const encode = (type: string) => new Promise<Blob | null>((done) => canvas.toBlob(done, type, 0.9));
  const webp = await encode('image/webp');
  return webp?.type === 'image/webp' ? webp : encode('image/jpeg');
}

/**
 * Choose the square of a picture to keep: drag (or arrow keys) to move it, the slider (or the wheel, or +/-) to zoom.
 * "Use" resizes the square on this device to 512 px before it is sent (lib/avatar-crop.ts does the arithmetic).
 */
export function AvatarCropper({
  file,
  busy,
  onCancel,
  onCrop,
}: {
  file: File | null;
  busy: boolean;
  onCancel: () => void;
  onCrop: (blob: Blob) => void;
}) {
  const { t } = useTranslation();
  const [url, setUrl] = useState<string | null>(null);
  const [image, setImage] = useState<HTMLImageElement | null>(null);
  const [state, setState] = useState<CropState>({ zoom: 1, x: 0, y: 0 });
  const drag = useRef<{ id: number; x: number; y: number } | null>(null);

  useEffect(() => {
    setImage(null);
    if (!file) return setUrl(null);
    const next = URL.createObjectURL(file);
    setUrl(next);
    return () => URL.revokeObjectURL(next);
  }, [file]);

  const size = image ? { w: image.naturalWidth, h: image.naturalHeight } : null;
  const apply = (next: CropState) => size && setState(clampCrop(next, size.w, size.h, VIEW));
  const zoom = (value: number) => size && setState(zoomTo(state, value, size.w, size.h, VIEW));

  const onPointerDown = (event: PointerEvent<HTMLDivElement>) => {
    event.currentTarget.setPointerCapture(event.pointerId);
    drag.current = { id: event.pointerId, x: event.clientX, y: event.clientY };
  };
  const onPointerMove = (event: PointerEvent<HTMLDivElement>) => {
    const from = drag.current;
    if (!from || from.id !== event.pointerId) return;
    drag.current = { id: from.id, x: event.clientX, y: event.clientY };
    apply({ ...state, x: state.x + event.clientX - from.x, y: state.y + event.clientY - from.y });
  };
  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    const step = 10;
    const moves: Record<string, [number, number]> = {
      ArrowLeft: [step, 0],
      ArrowRight: [-step, 0],
      ArrowUp: [0, step],
      ArrowDown: [0, -step],
    };
    const move = moves[event.key];
    if (move) apply({ ...state, x: state.x + move[0], y: state.y + move[1] });
    else if (event.key === '+' || event.key === '=') zoom(state.zoom + 0.25);
    else if (event.key === '-') zoom(state.zoom - 0.25);
    else return;
    event.preventDefault();
  };

  const scale = size ? (VIEW / Math.min(size.w, size.h)) * state.zoom : 1;
  return (
    <Sheet
      visible={file !== null}
      onClose={onCancel}
      blocking={busy}
      labelledBy="avatar-crop-title"
      bodyStyle={{ borderRadius: '16px 16px 0 0' }}
      destroyOnClose
    >
      <section className={styles.sheet} aria-labelledby="avatar-crop-title" data-testid="avatar-cropper">
        <h2 className={styles.title} id="avatar-crop-title">
          {t('profile.cropTitle')}
        </h2>
        <p className={styles.hint}>{t('profile.cropHint')}</p>
        <div
          className={styles.viewport}
          style={{ width: VIEW, height: VIEW }}
          onPointerDown={onPointerDown}
          onPointerMove={onPointerMove}
          onPointerUp={() => {
            drag.current = null;
          }}
          onPointerCancel={() => {
            drag.current = null;
          }}
          onWheel={(event) => zoom(state.zoom - event.deltaY / 400)}
          onKeyDown={onKeyDown}
          // biome-ignore lint/a11y/noNoninteractiveTabindex: keyboard users move the picture with the arrow keys
          tabIndex={0}
          role="application"
          aria-label={t('profile.cropArea')}
          data-testid="avatar-crop-area"
        >
          {url && (
            <img
              src={url}
              alt=""
              draggable={false}
              className={styles.image}
              onLoad={(event) => {
                const loaded = event.currentTarget;
                setImage(loaded);
                setState(centredCrop(loaded.naturalWidth, loaded.naturalHeight, VIEW));
              }}
              style={
                size
                  ? {
                      width: size.w * scale,
                      height: size.h * scale,
                      transform: `translate(${state.x}px, ${state.y}px)`,
                    }
                  : { visibility: 'hidden' }
              }
            />
          )}
          <span className={styles.mask} aria-hidden />
        </div>
        <label className={styles.zoom}>
          <span>{t('profile.zoom')}</span>
          <input
            type="range"
            min={MIN_ZOOM}
            max={MAX_ZOOM}
            step={0.01}
            value={state.zoom}
            onChange={(event) => zoom(Number(event.target.value))}
            disabled={!image}
            data-testid="avatar-crop-zoom"
          />
        </label>
        <div className={styles.actions}>
          <Button onClick={onCancel} disabled={busy} data-testid="avatar-crop-cancel">
            {t('common.cancel')}
          </Button>
          <Button
            variant="primary"
            loading={busy}
            disabled={!image || busy}
            onClick={async () => {
              if (!image) return;
              const blob = await cropToBlob(image, state);
              if (blob) onCrop(blob);
            }}
            data-testid="avatar-crop-use"
          >
            {t('profile.useAvatar')}
          </Button>
        </div>
      </section>
    </Sheet>
  );
}
