/**
 * antd-mobile's Toast and the app's dialogs bring its popup, mask and animation code (react-spring) with them.
 * The first screen shows neither until someone acts, so everything reaches them through here and they load on
 * first use (docs/performance.md "First screen"). The dialogs are real dialogs in the overlay stack
 * (app/overlay-stack.ts, docs/web-client.md "Overlays"): above any open sheet, focus in and back, Escape cancels.
 */
import type { AlertProps, ConfirmProps } from './overlays-impl.tsx';

export type { AlertProps, ConfirmProps };

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
