/**
 * The one rule for overlays (sheets, dialogs, the trade-password prompt): the newest open overlay is on top, with
 * its own mask, above everything opened before it; only it answers Escape and keeps Tab inside it. Sheets
 * (`components/Sheet.tsx`) and the imperative dialogs (`app/overlays.ts`) register here when they open and leave
 * when they close, so a dialog opened from a sheet is above the sheet's mask and its first tap acts
 * (docs/web-client.md "Overlays").
 *
 * No React here: the stack is plain state with one document listener while anything is open.
 */

/** antd-mobile's popups sit at z-index 1000; each overlay opened gets the next step above the top one. */
export const OVERLAY_BASE_Z = 1000;
export const OVERLAY_STEP_Z = 10;

export interface OverlayEntry {
  readonly z: number;
  /** Whether this overlay is the newest one still open. */
  isTop(): boolean;
  /** Leaves the stack; focus goes back to where it was when the overlay opened, if it is still there. */
  close(): void;
}

export interface OverlayOptions {
  /** The element holding the overlay's content (`role="dialog"`), read when focus is trapped. */
  container(): HTMLElement | null;
  /** Escape on the top overlay; absent (or returning false) when the overlay may not be closed now. */
  onEscape?(): boolean | undefined;
}

interface Item extends OverlayOptions {
  z: number;
  opener: Element | null;
}

const stack: Item[] = [];

const FOCUSABLE = [
  'a[href]',
  'button:not([disabled])',
  'input:not([disabled]):not([type="hidden"])',
  'select:not([disabled])',
  'textarea:not([disabled])',
  '[tabindex]:not([tabindex="-1"])',
  '[contenteditable="true"]',
].join(',');

/** The elements Tab reaches inside `root`, in order (hidden ones left out where layout tells). */
function focusablesIn(root: HTMLElement): HTMLElement[] {
  return Array.from(root.querySelectorAll<HTMLElement>(FOCUSABLE)).filter(
    (element) => !element.closest('[hidden],[aria-hidden="true"],[inert]') && element.getAttribute('tabindex') !== '-1',
  );
}

/** Moves focus into `root`: its `[data-autofocus]` element, else its first field or button, else `root` itself. */
export function focusInto(root: HTMLElement): void {
  if (root.contains(document.activeElement) && document.activeElement !== root) return;
  const preferred = root.querySelector<HTMLElement>('[data-autofocus]');
  const target = preferred ?? focusablesIn(root)[0] ?? root;
  if (target === root && !root.hasAttribute('tabindex')) root.setAttribute('tabindex', '-1');
  target.focus({ preventScroll: true });
}

function top(): Item | undefined {
  return stack[stack.length - 1];
}

function onKeyDown(event: KeyboardEvent) {
  const item = top();
  if (!item) return;
  if (event.key === 'Escape') {
    if (item.onEscape?.()) {
      event.preventDefault();
      event.stopPropagation();
    }
    return;
  }
  if (event.key !== 'Tab') return;
  const root = item.container();
  if (!root) return;
  const items = focusablesIn(root);
  if (items.length === 0) {
    event.preventDefault();
    root.focus({ preventScroll: true });
    return;
  }
  const first = items[0] as HTMLElement;
  const last = items[items.length - 1] as HTMLElement;
  const active = document.activeElement;
  const inside = active instanceof HTMLElement && root.contains(active);
  if (event.shiftKey && (!inside || active === first || active === root)) {
    event.preventDefault();
    last.focus();
  } else if (!event.shiftKey && (!inside || active === last)) {
    event.preventDefault();
    first.focus();
  }
}

/** Focus that wanders out of the top overlay (a click on the page behind, a script) is brought back in. */
function onFocusIn(event: FocusEvent) {
  const root = top()?.container();
  const target = event.target;
  if (!root || !(target instanceof Node) || root.contains(target)) return;
  // A newer overlay that has not registered yet (its content mounts first) is left alone.
  if (target instanceof Element && target.closest('[aria-modal="true"]')) return;
  focusInto(root);
}

/** Opens an overlay on top of the stack. */
export function openOverlay(options: OverlayOptions): OverlayEntry {
  const z = (top()?.z ?? OVERLAY_BASE_Z) + OVERLAY_STEP_Z;
  const item: Item = { ...options, z, opener: document.activeElement };
  if (stack.length === 0) {
    document.addEventListener('keydown', onKeyDown, true);
    document.addEventListener('focusin', onFocusIn);
  }
  stack.push(item);
  let open = true;
  return {
    z,
    isTop: () => top() === item,
    close() {
      if (!open) return;
      open = false;
      const index = stack.indexOf(item);
      const wasTop = index === stack.length - 1;
      if (index >= 0) stack.splice(index, 1);
      if (stack.length === 0) {
        document.removeEventListener('keydown', onKeyDown, true);
        document.removeEventListener('focusin', onFocusIn);
      }
      if (!wasTop) return;
      // After the commit that closed it: React puts back the focus it saw before a commit, which would undo this.
      queueMicrotask(() => {
        const opener = item.opener;
        const below = top()?.container();
        if (opener instanceof HTMLElement && opener.isConnected && opener !== document.body) {
          opener.focus({ preventScroll: true });
        } else if (below) focusInto(below);
      });
    },
  };
}

/** How many overlays are open (tests, and the shell's "is anything covering the page"). */
export function openOverlayCount(): number {
  return stack.length;
}
