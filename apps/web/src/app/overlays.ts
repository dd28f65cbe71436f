/**
 * antd-mobile's Toast and the app's dialogs bring its popup, mask and animation code (react-spring) with them.
 * The first screen shows neither until someone acts, so everything reaches them through here and they load on
 * first use (docs/performance.md "First screen"). The dialogs are real dialogs in the overlay stack
 * (app/overlay-stack.ts, docs/web-client.md "Overlays"): above any open sheet, focus in and back, Escape cancels.
 */
import type { ActionSheetProps, AlertProps, ConfirmProps, OverlayHandle } from './overlays-impl.tsx';

export type { ActionSheetProps, AlertProps, ConfirmProps, OverlayHandle };

const load = () => import('./overlays-impl.tsx');

export async function showToast(content: string, duration: number): Promise<void> {
  const { Toast } = await load();
  Toast.show({ content, duration });
}

/** Resolves true when the user confirmed. */
export async function confirm(props: ConfirmProps): Promise<boolean> {
  const impl = await load();
  return impl.confirm(props);
}

/** A message with one button; resolves when it is dismissed. */
export async function alert(props: AlertProps): Promise<void> {
  const impl = await load();
  return impl.alert(props);
}

/** A dialog that the caller may close itself (leaving the page): its answer, and `close()` (answers false). */
export async function openConfirm(props: ConfirmProps): Promise<OverlayHandle & { answer: Promise<boolean> }> {
  const impl = await load();
  return impl.openConfirm(props);
}

/** A list of choices from the bottom (app/ActionSheetView.tsx); the handle closes it. */
export async function showActionSheet(props: ActionSheetProps): Promise<OverlayHandle> {
  const impl = await load();
  return impl.showActionSheet(props);
}
