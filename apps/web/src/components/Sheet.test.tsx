import { act, useState } from 'react';
import { createRoot } from 'react-dom/client';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { openOverlay, openOverlayCount } from '@/app/overlay-stack.ts';
import { confirm } from '@/app/overlays.ts';
import { Sheet } from './Sheet.tsx';

(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;

// The dialogs' module loads on first use (app/overlays.ts); loaded once here, apart from the tests' own time.
beforeAll(() => import('@/app/overlays-impl.tsx'), 30_000);

const unmounts: (() => void)[] = [];
afterEach(() => {
  for (const unmount of unmounts.splice(0)) unmount();
  document.body.innerHTML = '';
});

const zOf = (element: Element | null) =>
  Number(
    (element?.closest('.adm-popup, .adm-center-popup') as HTMLElement | null)?.style.getPropertyValue('--z-index'),
  );

/** A page with a button that opens a sheet (a heading, a field, two buttons); the sheet's state is observable. */
function mountPage(options: { blocking?: boolean } = {}) {
  const state: { open?: boolean; setOpen?: (open: boolean) => void } = {};
  function Page() {
    const [open, setOpen] = useState(false);
    state.open = open;
    state.setOpen = setOpen;
    return (
      <>
        <button type="button" data-testid="opener" onClick={() => setOpen(true)}>
          open
        </button>
        <Sheet visible={open} onClose={() => setOpen(false)} blocking={options.blocking} testId="sheet">
          <h2>Pay 5 USDT</h2>
          <input data-testid="field" />
          <button type="button" data-testid="cancel" onClick={() => setOpen(false)}>
            cancel
          </button>
          <button type="button" data-testid="ok">
            ok
          </button>
        </Sheet>
      </>
    );
  }
  const container = document.createElement('div');
  document.body.appendChild(container);
  const root = createRoot(container);
  act(() => root.render(<Page />));
  unmounts.push(() => act(() => root.unmount()));
  const byId = (id: string) => document.querySelector<HTMLElement>(`[data-testid="${id}"]`);
  return { state, byId };
}

async function press(key: string, shiftKey = false) {
  await act(async () => {
    const event = new KeyboardEvent('keydown', { key, shiftKey, bubbles: true, cancelable: true });
    (document.activeElement ?? document.body).dispatchEvent(event);
    // A Tab the trap did not stop would move focus on: that is the browser's part, not under test here.
  });
}

/** Waits for the dialog opened by `confirm()` (its module loads on first use). */
async function dialogShown(): Promise<HTMLElement> {
  for (;;) {
    const dialog = document.querySelector<HTMLElement>('[data-testid="app-dialog"]');
    if (dialog && document.activeElement && dialog.contains(document.activeElement)) return dialog;
    await act(() => new Promise<void>((resolve) => requestAnimationFrame(() => resolve())));
  }
}

describe('overlay stack', () => {
  it('puts each overlay opened above the one before it, and the top one alone is on top', () => {
    const a = openOverlay({ container: () => null });
    const b = openOverlay({ container: () => null });
    expect(b.z).toBeGreaterThan(a.z);
    expect(b.isTop()).toBe(true);
    expect(a.isTop()).toBe(false);
    b.close();
    expect(a.isTop()).toBe(true);
    // Opened again after the first: above it again.
    const c = openOverlay({ container: () => null });
    expect(c.z).toBeGreaterThan(a.z);
    c.close();
    a.close();
    expect(openOverlayCount()).toBe(0);
  });
});

describe('Sheet', () => {
  it('is a named modal dialog; focus moves in, Tab and Shift+Tab stay in, Escape closes, focus returns', async () => {
    const { state, byId } = mountPage();
    byId('opener')?.focus();
    act(() => byId('opener')?.click());
    const dialog = byId('sheet') as HTMLElement;
    expect(dialog.getAttribute('role')).toBe('dialog');
    expect(dialog.getAttribute('aria-modal')).toBe('true');
    const heading = dialog.querySelector('h2') as HTMLElement;
    expect(dialog.getAttribute('aria-labelledby')).toBe(heading.id);
    await act(() => new Promise<void>((resolve) => requestAnimationFrame(() => resolve())));
    expect(document.activeElement).toBe(byId('field'));

    // Tab from the last control wraps to the first; Shift+Tab from the first wraps to the last.
    byId('ok')?.focus();
    await press('Tab');
    expect(document.activeElement).toBe(byId('field'));
    await press('Tab', true);
    expect(document.activeElement).toBe(byId('ok'));
    // Focus sent to the page behind comes back in.
    act(() => byId('opener')?.focus());
    expect(dialog.contains(document.activeElement)).toBe(true);

    await press('Escape');
    expect(state.open).toBe(false);
    expect(document.activeElement).toBe(byId('opener'));
    expect(openOverlayCount()).toBe(0);
  });

  it('ignores Escape while a blocking confirmation is in progress', async () => {
    const { state, byId } = mountPage({ blocking: true });
    act(() => byId('opener')?.click());
    await press('Escape');
    expect(state.open).toBe(true);
  });

  it('opens a dialog from a sheet above the sheet: its first tap acts and Escape closes only the dialog', async () => {
    const { state, byId } = mountPage();
    act(() => byId('opener')?.click());
    const sheetZ = zOf(byId('sheet'));
    expect(sheetZ).toBeGreaterThan(1000);

    byId('ok')?.focus();
    let answer: Promise<boolean> = Promise.resolve(false);
    act(() => {
      answer = confirm({ title: 'No transaction password', content: 'Set it first', confirmText: 'Set it now' });
    });
    const dialog = await dialogShown();
    expect(dialog.getAttribute('role')).toBe('dialog');
    expect(dialog.getAttribute('aria-modal')).toBe('true');
    expect(document.getElementById(dialog.getAttribute('aria-labelledby') ?? '')?.textContent).toBe(
      'No transaction password',
    );
    // The dialog's layer is above the sheet's (mask and body): a tap on it reaches it, not the sheet's mask.
    expect(zOf(dialog)).toBeGreaterThan(sheetZ);

    // Escape answers the dialog only; the sheet stays open underneath and gets the focus back.
    await press('Escape');
    await expect(answer).resolves.toBe(false);
    expect(state.open).toBe(true);
    expect(document.activeElement).toBe(byId('ok'));

    // Asked again: the first tap on its button acts.
    act(() => {
      answer = confirm({ title: 'No transaction password', confirmText: 'Set it now' });
    });
    const again = await dialogShown();
    act(() => (again.querySelector('[data-testid="app-dialog-confirm"]') as HTMLElement).click());
    await expect(answer).resolves.toBe(true);
    expect(state.open).toBe(true);
  });
});
