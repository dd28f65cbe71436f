import { Globals } from '@react-spring/web';

/**
 * `prefers-reduced-motion: reduce` (issue 23): antd-mobile's sheets, dialogs, masks and toasts move with
 * react-spring, which then jumps to the end of each animation instead of sliding; CSS transitions and animations
 * are cut by `app/overlays.css`. Imported by the modules that bring antd-mobile's overlays (components/Sheet.tsx,
 * app/overlays-impl.tsx), so the shell pays nothing for it. `@react-spring/web` is antd-mobile's own copy
 * (the same module instance, so the switch reaches its animations).
 */
const REDUCED_MOTION_QUERY = '(prefers-reduced-motion: reduce)';

let installed = false;

function followReducedMotion(): void {
  if (installed || typeof window === 'undefined' || typeof window.matchMedia !== 'function') return;
  installed = true;
  const query = window.matchMedia(REDUCED_MOTION_QUERY);
  const apply = () => Globals.assign({ skipAnimation: query.matches });
  apply();
  query.addEventListener?.('change', apply);
}

followReducedMotion();
