import { AVATAR_SIZE } from '@polaris/contract';

/**
 * The avatar cropper's arithmetic (components/me/AvatarCropper.tsx): an image shown in a square viewport of side
 * `view`, scaled to cover it at zoom 1 and `zoom` times that, moved by (x, y) — the image's top-left corner from the
 * viewport's, so both are ≤ 0. The square under the viewport is what is kept, resized to AVATAR_SIZE.
 */

export interface CropState {
  zoom: number;
  x: number;
  y: number;
}

export const MIN_ZOOM = 1;
export const MAX_ZOOM = 4;

/** Pixels shown per source pixel: the short side covers the viewport at zoom 1. */
const scaleOf = (width: number, height: number, view: number, zoom: number) => (view / Math.min(width, height)) * zoom;

/** Keeps the image covering the viewport: zoom within its bounds, no gap on any side. */
export function clampCrop(state: CropState, width: number, height: number, view: number): CropState {
  const zoom = Math.min(MAX_ZOOM, Math.max(MIN_ZOOM, state.zoom));
  const scale = scaleOf(width, height, view, zoom);
  const clamp = (value: number, shown: number) => Math.min(0, Math.max(view - shown, value));
  return { zoom, x: clamp(state.x, width * scale), y: clamp(state.y, height * scale) };
}

/** The first view: zoom 1, centred. */
export function centredCrop(width: number, height: number, view: number): CropState {
  const scale = scaleOf(width, height, view, 1);
  return { zoom: 1, x: (view - width * scale) / 2, y: (view - height * scale) / 2 };
}

/**
 * Zooms about the viewport's centre, so what is in the middle stays there.
 */
export function zoomTo(state: CropState, zoom: number, width: number, height: number, view: number): CropState {
  const next = Math.min(MAX_ZOOM, Math.max(MIN_ZOOM, zoom));
  const ratio = next / state.zoom;
  const centre = view / 2;
  return clampCrop(
    { zoom: next, x: centre - (centre - state.x) * ratio, y: centre - (centre - state.y) * ratio },
    width,
    height,
    view,
  );
}

/** The source square (in the image's own pixels) under the viewport. */
export function sourceSquare(state: CropState, width: number, height: number, view: number) {
  const scale = scaleOf(width, height, view, state.zoom);
  const side = Math.min(view / scale, width, height);
  return {
    sx: Math.max(0, Math.min(width - side, -state.x / scale)),
    sy: Math.max(0, Math.min(height - side, -state.y / scale)),
    side,
  };
}

/** The output's side: AVATAR_SIZE, or the source square's own when it is smaller (never enlarged). */
export const outputSide = (side: number) => Math.max(1, Math.min(AVATAR_SIZE, Math.round(side)));
