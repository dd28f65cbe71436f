import type { PullToRefreshProps } from 'antd-mobile';
import { type ComponentType, useEffect, useRef, useState } from 'react';

/** What starts the download: the first touch, click, wheel turn or scroll. */
const TRIGGERS = ['pointerdown', 'wheel', 'scroll'] as const;
/** How long after the last finger or button lifts before the list may be swapped (a tap's click comes after). */
const SETTLE_MS = 400;

/** Once loaded, later visits to the home render it straight away. */
let ready: ComponentType<PullToRefreshProps> | null = null;

/**
 * antd-mobile's PullToRefresh animates with react-spring and follows the finger with use-gesture: about 20 KiB
 * compressed, a sixth of the first screen's JavaScript budget (docs/performance.md "First screen"). A page that
 * has just loaded has nothing to refresh, so the activity home shows its list as it is and fetches the pull on
 * the first touch, wheel or scroll. Putting it in place re-creates the list's elements, so that waits until no
 * finger is down, a tap has had time to land, and focus is not inside the list.
 */
export function DeferredPullToRefresh(props: PullToRefreshProps) {
  const [Loaded, setLoaded] = useState<ComponentType<PullToRefreshProps> | null>(() => ready);
  const holder = useRef<HTMLDivElement>(null);

  useEffect(() => {
    if (ready) return;
    let loaded: ComponentType<PullToRefreshProps> | null = null;
    let done = false;
    let timer: ReturnType<typeof setTimeout> | undefined;
    const pressed = new Set<number>();

    const swap = () => {
      clearTimeout(timer);
      if (done || !loaded || pressed.size > 0) return;
      if (holder.current?.contains(document.activeElement)) return;
      done = true;
      const component = loaded;
      setLoaded(() => component);
    };
    const settle = () => {
      clearTimeout(timer);
      timer = setTimeout(swap, SETTLE_MS);
    };
    const onDown = (event: PointerEvent) => {
      pressed.add(event.pointerId);
      clearTimeout(timer);
    };
    const onUp = (event: PointerEvent) => {
      pressed.delete(event.pointerId);
      settle();
    };
    // A release outside the window may never arrive.
    const onBlur = () => {
      pressed.clear();
      settle();
    };
    const start = () => {
      for (const type of TRIGGERS) window.removeEventListener(type, start, { capture: true });
      import('./pull-to-refresh.ts').then(
        (module) => {
          loaded = module.default;
          ready = loaded;
          settle();
        },
        // Without the chunk the list simply stays without the pull.
        () => undefined,
      );
    };

    for (const type of TRIGGERS) window.addEventListener(type, start, { capture: true, passive: true });
    window.addEventListener('pointerdown', onDown, { capture: true, passive: true });
    window.addEventListener('pointerup', onUp, { capture: true, passive: true });
    window.addEventListener('pointercancel', onUp, { capture: true, passive: true });
    window.addEventListener('blur', onBlur);
    const focusHolder = holder.current;
    focusHolder?.addEventListener('focusout', settle);
    return () => {
      done = true;
      clearTimeout(timer);
      for (const type of TRIGGERS) window.removeEventListener(type, start, { capture: true });
      window.removeEventListener('pointerdown', onDown, { capture: true });
      window.removeEventListener('pointerup', onUp, { capture: true });
      window.removeEventListener('pointercancel', onUp, { capture: true });
      window.removeEventListener('blur', onBlur);
      focusHolder?.removeEventListener('focusout', settle);
    };
  }, []);

  if (Loaded) return <Loaded {...props} />;
  return (
    <div ref={holder} style={{ display: 'contents' }}>
      {props.children}
    </div>
  );
}
