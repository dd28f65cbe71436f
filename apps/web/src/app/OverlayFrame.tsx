import {
  type CSSProperties,
  type ReactNode,
  type RefObject,
  useEffect,
  useId,
  useLayoutEffect,
  useRef,
  useState,
} from 'react';
import { focusInto, OVERLAY_BASE_Z, OVERLAY_STEP_Z, openOverlay } from './overlay-stack.ts';

export interface OverlayOptions {
  /** Escape (and, for a sheet, the mask) close it. */
  onEscape?(): void;
  /** A confirmation in progress: Escape does nothing until it is over. */
  blocking?: boolean;
}

export interface Overlay {
  ref: RefObject<HTMLDivElement>;
  /** Its place in the stack while open (the z-index of its root), the base step before. */
  z: number;
  /** Style for the popup's root: antd-mobile's popups read their z-index from `--z-index`. */
  style: CSSProperties;
  open: boolean;
}

/**
 * Registers an overlay in the stack while `open` (app/overlay-stack.ts): its z-index above every overlay opened
 * before it, Escape and the Tab trap while it is on top, focus back to the opener when it closes.
 */
export function useOverlay(open: boolean, options: OverlayOptions = {}): Overlay {
  const ref = useRef<HTMLDivElement>(null);
  const [z, setZ] = useState(OVERLAY_BASE_Z + OVERLAY_STEP_Z);
  const latest = useRef(options);
  latest.current = options;
  useLayoutEffect(() => {
    if (!open) return;
    const entry = openOverlay({
      container: () => ref.current,
      onEscape: () => {
        const { blocking, onEscape } = latest.current;
        if (blocking || !onEscape) return false;
        onEscape();
        return true;
      },
    });
    setZ(entry.z);
    return () => entry.close();
  }, [open]);
  return { ref, z, style: { '--z-index': String(z) } as CSSProperties, open };
}

interface OverlayFrameProps {
  overlay: Overlay;
  /** The accessible name: an element's id, else the frame's first heading names it. */
  labelledBy?: string;
  label?: string;
  describedBy?: string;
  /** `alertdialog` for a confirmation that needs an answer. */
  role?: 'dialog' | 'alertdialog';
  className?: string;
  style?: CSSProperties;
  testId?: string;
  children: ReactNode;
}

/**
 * The content of a sheet or dialog as a real dialog: `role="dialog"`, `aria-modal`, named by its heading (or the
 * label given), focus moved in when it opens. Rendered inside the popup so it exists when the popup does.
 */
export function OverlayFrame({
  overlay,
  labelledBy,
  label,
  describedBy,
  role = 'dialog',
  className,
  style,
  testId,
  children,
}: OverlayFrameProps) {
  const headingId = useId();
  const [heading, setHeading] = useState<string>();
  const { ref, open } = overlay;

  useLayoutEffect(() => {
    if (labelledBy || label) return;
    const found = ref.current?.querySelector<HTMLElement>('h1, h2, h3, [data-dialog-title]');
    if (!found) return setHeading(undefined);
    if (!found.id) found.id = headingId;
    setHeading(found.id);
  });

  useEffect(() => {
    const root = ref.current;
    if (!open || !root) return;
    focusInto(root);
    if (root.contains(document.activeElement)) return;
    // The popup's root is shown in the commit after this one: try again on the next frame.
    const frame = requestAnimationFrame(() => {
      if (ref.current) focusInto(ref.current);
    });
    return () => cancelAnimationFrame(frame);
  }, [open, ref]);

  const props = {
    ref,
    'aria-modal': true,
    'aria-labelledby': labelledBy ?? (label ? undefined : heading),
    'aria-label': label,
    'aria-describedby': describedBy,
    tabIndex: -1,
    className,
    style: { outline: 'none', ...style },
    'data-testid': testId,
  };
  return role === 'alertdialog' ? (
    <div role="alertdialog" {...props}>
      {children}
    </div>
  ) : (
    <div role="dialog" {...props}>
      {children}
    </div>
  );
}
