/**
 * antd-mobile's Dialog and Toast bring its popup, mask and animation code (react-spring) with them. The first
 * screen shows neither until someone acts, so the shell reaches them through here and they load on first use
 * (docs/performance.md "First screen"). Pages that use them import them from antd-mobile as usual.
 */
const load = () => import('./overlays-impl.ts');

export async function showToast(content: string, duration: number): Promise<void> {
  const { Toast } = await load();
  Toast.show({ content, duration });
}

export type ConfirmProps = Parameters<Awaited<ReturnType<typeof load>>['Dialog']['confirm']>[0];

/** Resolves true when the user confirmed. */
export async function confirm(props: ConfirmProps): Promise<boolean> {
  const { Dialog } = await load();
  return Dialog.confirm(props);
}
